package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.HostFloor;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.text.Units;
import io.queuelatency.words.DefinitionWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** summary.md's floor: the host's floor, each JVM's latency against it and the floor's drift. */
final class FloorMarkdown {
    private FloorMarkdown() {
    }

    static void floor(Markdown md, Analysis a) {
        HostFloor f = a.hostFloor;
        md.paragraph("## The floor: what the two CPUs can do without a queue");
        if (!f.measured()) {
            md.paragraph("Not measured (--floor 0s): no pair's verdict has the floor beside it.");
            hostWords(md, a);
            return;
        }
        md.line(intro(a));
        md.line("Per JVM the floor's share of its latency (Table 3), marked (host) at a tail percentile (above the "
                + "median, below the worst) where it is half or more: there the host accounts for that JVM's latency "
                + "by its size; where both JVMs' tails were traced, their causes say it instead (the tail section).");
        md.paragraph(caveats(f, a.data.plan.settings.rate));
        table(md, a);
        drift(md, f);
        hostWords(md, a);
    }

    private static String intro(Analysis a) {
        HostFloor f = a.hostFloor;
        if (f.source == HostFloor.Source.IN_EACH_JVM) {
            return String.format(Locale.ROOT, "An older matrix: each cell measured the bare one-way hand-off between "
                    + "the same two pinned CPUs (same schedule, same clock, no queue) inside its own JVM, after its "
                    + "window, while that JVM's compiler and collector could still be at work.\nThe host's floor here "
                    + "is the floors of all %d counted cells together: per percentile the median cell's floor, with "
                    + "the interval over them (" + DefinitionWords.HEADLINE + " latency).", f.floors.size());
        }
        String java = "?";
        for (MatrixData.StoredFloorCell c : f.cells) {
            java = c.result != null ? c.result.jvm.vmName + " " + c.result.jvm.javaVersion : java;
        }
        return String.format(Locale.ROOT, "The host's floor: a bare one-way hand-off between the same two pinned CPUs "
                + "through shared memory (same schedule and clock, no queue), in floor cells of their own, each a "
                + "fresh JVM of run-matrix.sh's own java (%s), not a JVM under test:\none before the first round and "
                + "one after each (%d of %d counted); per percentile the median floor cell's value with "
                + "the interval over them, as Table 3's over runs.", java, f.floors.size(),
                f.cells.size());
    }

    /** The host's floor's row, then per JVM its share of the JVM's latency, marked where the host's. */
    private static void table(Markdown md, Analysis a) {
        List<MatrixPlan.PlannedJvm> rows = new ArrayList<>(); // null: the host's floor's row
        rows.add(null);
        rows.addAll(a.jvms);
        md.table(Markdown.<MatrixPlan.PlannedJvm>columns()
                .add("", j -> j == null ? "the host's floor" : j.id + ": floor / queue")
                .percentiles(Percentile.REPORTED, (j, p) -> share(a, j, p)), rows);
    }

    private static String share(Analysis a, MatrixPlan.PlannedJvm j, Percentile p) {
        Estimate e = a.hostFloor.at(Definition.HEADLINE, p);
        if (j == null) {
            return e == null ? "-" : Words.cell(e);
        }
        double ratio = e == null || e.tooFewSamples ? Double.NaN
                : e.value / a.estimate(j, Definition.HEADLINE, p).value;
        return e != null && e.tooFewSamples ? "n/a" : Double.isNaN(ratio) ? "-" : !Analysis.judgesHost(p)
                ? String.format(Locale.ROOT, "%.0f%%", 100 * ratio)
                : Units.shareAgainst(ratio, Analysis.HOST_SHARE) + (ratio >= Analysis.HOST_SHARE ? " (host)" : "");
    }

    /** The floor over the matrix: each floor cell in time order, or (an older matrix) the spread over its cells. */
    private static void drift(Markdown md, HostFloor f) {
        double[] p50 = f.spread(Percentile.P50);
        double[] p99 = f.spread(Percentile.P99);
        String spread = String.format(Locale.ROOT, "p50 from %s to %s, p99 from %s to %s", Units.ns(p50[0]),
                Units.ns(p50[1]), Units.ns(p99[0]), Units.ns(p99[1]));
        if (f.source == HostFloor.Source.IN_EACH_JVM) {
            md.paragraph("Over the " + f.floors.size() + " cells the floor ran " + spread + " (each measured inside a "
                    + "different JVM, so this spread is not the host's alone).");
            return;
        }
        List<String[]> rows = new ArrayList<>(); // the table's, for many floor cells
        List<String> each = new ArrayList<>(); // the sentence's, for a few
        for (MatrixData.StoredFloorCell c : f.cells) {
            Latency floor = c.result == null ? null : c.result.floor.latency(Definition.HEADLINE);
            String median = floor == null ? "-" : Units.ns(floor.ns(Percentile.P50));
            String tail = floor == null ? "-" : Units.ns(floor.ns(Percentile.P99));
            String note = floor == null ? "not measured (see " + c.name() + "/run.log)"
                    : f.names.contains(c.name()) ? "" : "not counted: its threads could not be pinned";
            rows.add(new String[] {c.name(), floor == null ? "-" : c.result.startedAt, median, tail, note});
            each.add(c.name() + " " + (floor == null ? note
                    : median + ", " + tail + (note.isEmpty() ? "" : " (" + note + ")")));
        }
        if (f.cells.size() <= 8) {
            md.paragraph("The floor over the matrix, p50 and p99 per floor cell in time order (its drift): "
                    + String.join("; ", each) + ".");
            return;
        }
        md.paragraph("The floor over the matrix, in time order (its drift):");
        md.table(rows, "floor cell", "started", "p50", "p99", "note");
    }

    /** The median, which the floor does not judge, and the harness's own per-message costs. */
    private static void hostWords(Markdown md, Analysis a) {
        HostFloor f = a.hostFloor;
        if (!f.measured()) {
            return;
        }
        md.line("The median is not judged so: there the floor is the cost of moving a cache line between the two "
                + "CPUs" + medianSpread(f));
        double clock = 0;
        double record = 0;
        for (RunResult.Floor floor : f.floors) {
            clock += floor.clockReadNs;
            record += floor.histogramRecordNs;
        }
        md.paragraph(String.format(Locale.ROOT, "On the producer's CPU one System.nanoTime() took %.1f ns and one "
                + "histogram record %.1f ns, the mean over the floors (the harness's own per-message costs).",
                clock / f.floors.size(), record / f.floors.size()));
    }

    /** How long the floor ran, what its ring could not hold, and what that makes of its tail. */
    private static String caveats(HostFloor f, long rate) {
        long duration = -1;
        long lostMin = Long.MAX_VALUE;
        long lostMax = 0;
        long samples = Long.MAX_VALUE;
        for (RunResult.Floor floor : f.floors) {
            duration = Math.max(duration, floor.durationNs);
            lostMin = Math.min(lostMin, floor.overwritten);
            lostMax = Math.max(lostMax, floor.overwritten);
            samples = Math.min(samples, floor.latency(Definition.HEADLINE).count);
        }
        return String.format(Locale.ROOT, "Each floor ran %s after as long a warm-up, outside the windows, at least "
                        + "%,d hand-offs (fewer than a window, so a thinner far tail); its ring of 1,024 overwrites a "
                        + "hand-off unread %s later (at %,d msg/s): values near that are a lower bound; overwritten "
                        + "per floor: %,d to %,d.", Units.seconds(duration),
                samples, Units.ns(1024 * 1e9 / rate), rate, lostMin, lostMax);
    }

    /** "; it was 143 ns to 418 ns from floor to floor here: ...". */
    private static String medianSpread(HostFloor f) {
        double[] s = f.spread(Percentile.P50);
        String seen = s[0] == s[1] ? Units.ns(s[0]) + " in every floor here"
                : Units.ns(s[0]) + " to " + Units.ns(s[1]) + " from floor to floor here";
        return String.format(Locale.ROOT, "; it was %s: where it varies (on a VM, with where the two virtual CPUs "
                + "land), so does the queue's median, and a JVM's median depends on which runs it drew.", seen);
    }
}
