package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.HostShare;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.decide.TailHost;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.md's verdicts pair by pair, and the floor beside the queue with which percentiles are the host's.
 */
final class VerdictsMarkdown {
    private VerdictsMarkdown() {
    }

    static void verdicts(Markdown md, Analysis a) {
        md.line("## Verdicts, pair by pair");
        md.line();
        if (a.jvms.size() < 2) {
            md.line("Fewer than two JVMs with valid runs: nothing to compare.");
            md.line();
            return;
        }
        String control = a.comparisons == 0
                ? "No pair is tested here (every pair at every percentile has no verdict, for the reason given), so "
                + "there is no error to control."
                : a.looks > 1 ? String.format(Locale.ROOT, "The error is controlled across the whole report and "
                        + "over the %d looks fixed before the first run (--runs auto looked at the runs as they came): "
                        + "%d comparisons, each at %s (Bonferroni over comparisons and looks), so each ratio's "
                        + "interval is at %s confidence and the chance of any false \"faster\" at any look is at most "
                        + "5%%.", a.looks, a.comparisons, RoundsWords.level(a),
                        Units.percent(1 - a.alphaPerComparison()))
                : String.format(Locale.ROOT, "The error is controlled across the whole report: %d comparisons, each at "
                        + "%s (Bonferroni), so each ratio's interval is at %s confidence and the chance of "
                        + "any false \"faster\" in this table is at most 5%%.", a.comparisons, RoundsWords.level(a),
                        Units.percent(1 - a.alphaPerComparison()));
        md.line(String.format(Locale.ROOT, "Intended latency. Each verdict states the ratio of the two JVMs' estimates "
                + "in Table 3 (median run over median run), with an interval for that ratio built from the two "
                + "intervals Table 3 shows (Bonett and Price's interval for a ratio of medians: each median's spread "
                + "on the log scale from the two runs that bound its interval in Table 3). %s Three outcomes: faster "
                + "by x%% [interval]; equivalent, where the whole interval lies within %.0f%% either way (the "
                + "practical margin, --margin); cannot tell, with about how many runs per JVM would decide at the "
                + "ratio and spread seen (the interval leaving 1 out, or fitting within the margin, whichever comes "
                + "first). No verdict where the host's tail dominates (see the floor) or a JVM has fewer than 2 runs.",
                control, 100 * a.margin));
        md.line();
        if (a.data.plan.auto != null) {
            md.line("Runs until decided (--runs auto, looks " + RoundsWords.looks(a.data.plan.auto) + "): "
                    + RoundsWords.runs(a.data) + ". Ended: " + RoundsWords.end(a.data.plan) + ".");
            md.line();
        }
        List<String> header = new ArrayList<>();
        header.add("pair");
        for (Percentile p : Percentile.HEADLINE) {
            header.add(p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (int i = 0; i < a.jvms.size(); i++) {
            for (int k = i + 1; k < a.jvms.size(); k++) {
                List<String> row = new ArrayList<>();
                row.add(a.jvms.get(i).id + " vs " + a.jvms.get(k).id);
                for (Percentile p : Percentile.HEADLINE) {
                    for (PairVerdict v : a.verdictsAt(p)) {
                        if (v.first == a.jvms.get(i) && v.second == a.jvms.get(k)) {
                            row.add(Words.verdict(v, a.margin));
                        }
                    }
                }
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }

    static void floor(Markdown md, Analysis a) {
        md.line("## The floor: what the two CPUs can do without a queue");
        md.line();
        md.line("After its measured window, each cell measured a bare one-way hand-off between the same two pinned "
                + "CPUs through shared memory (same schedule, same clock, no queue, no persistence). Per JVM, the "
                + "floor's whole percentile row beside the queue's (intended latency, the same estimates as Table 3). "
                + "Where, above the median, the floor reaches half the queue's value or more, that percentile measures "
                + "the host, not the JVM, and gets no verdict." + floorCaveats(a));
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("");
        for (Percentile p : Percentile.REPORTED) {
            header.add(p.label());
        }
        header.add("clock read");
        header.add("histogram record");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        boolean any = false;
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            if (a.floor(j, Definition.INTENDED, Percentile.P50) != null) {
                any = true;
                floorRows(md, a, j);
            }
        }
        if (!any) {
            md.line("Not measured (--floor 0s).");
        }
        md.line();
        hostWords(md, a);
    }

    /** One JVM's three rows: the floor, the queue, and the floor's share of the queue, marked where the host's. */
    private static void floorRows(Markdown md, Analysis a, MatrixPlan.PlannedJvm j) {
        List<String> floor = new ArrayList<>();
        List<String> queue = new ArrayList<>();
        List<String> share = new ArrayList<>();
        floor.add(j.id);
        floor.add("floor");
        queue.add("");
        queue.add("queue");
        share.add("");
        share.add("floor / queue");
        for (Percentile p : Percentile.REPORTED) {
            Estimate f = a.floor(j, Definition.INTENDED, p);
            Estimate q = a.estimate(j, Definition.INTENDED, p);
            floor.add(f == null ? "-" : Units.ns(f.value));
            queue.add(Units.ns(q.value));
            double ratio = f == null ? Double.NaN : f.value / q.value;
            share.add(Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.0f%%%s", 100 * ratio,
                    Analysis.judgesHost(p) && ratio >= Analysis.HOST_SHARE ? " (host)" : ""));
        }
        double clock = 0;
        double record = 0;
        List<Estimate.StoredRun> runs = a.data.statisticRuns(j);
        for (Estimate.StoredRun run : runs) {
            clock += run.result.floor.clockReadNs;
            record += run.result.floor.histogramRecordNs;
        }
        floor.add(String.format(Locale.ROOT, "%.1f ns", clock / runs.size()));
        floor.add(String.format(Locale.ROOT, "%.1f ns", record / runs.size()));
        queue.add("");
        queue.add("");
        share.add("");
        share.add("");
        md.row(floor.toArray(new String[0]));
        md.row(queue.toArray(new String[0]));
        md.row(share.toArray(new String[0]));
    }

    /** Which tail percentiles are the host's, by the tail's causes and by the floor, and what that means. */
    private static void hostWords(Markdown md, Analysis a) {
        List<String> hosts = new ArrayList<>();
        for (HostShare s : a.hostShare.values()) {
            if (s.hosts()) {
                hosts.add(s.percentile.name());
            }
        }
        boolean byTail = false;
        for (TailHost t : a.tailHost.values()) {
            if (a.isHostsByTail(t.percentile)) {
                byTail = true;
                md.line(String.format(Locale.ROOT, "The host's tail by its causes: at %s, %.0f%% of %s's samples "
                        + "beyond are explained by a cause none of which is the JVM's (no GC pause, safepoint or "
                        + "thread of the JVM; see \"What the tail is made of\"); no JVM verdict is given there.",
                        t.percentile.name(), 100 * t.share, t.jvm.id));
                md.line();
            }
        }
        md.line((hosts.isEmpty() ? byTail ? "By the floor alone, no tail percentile is the host's."
                : "No tail percentile is dominated by the host: every percentile can carry a JVM verdict."
                : "The host's tail: at " + String.join(", ", hosts) + " the bare hand-off reaches half the queue's "
                + "latency or more; there the numbers measure this host's scheduling, not the JVM, and no JVM verdict "
                + "is given.")
                + " The median is not judged so: there the floor is the cost of moving a cache line "
                + "between the two CPUs" + medianSpread(a)
                + " Clock read and histogram record: the mean over the runs of the cost of one System.nanoTime() and "
                + "one histogram record (the harness's own per-message costs); one far above the other JVMs' says the "
                + "floor's code was not yet compiled after its short warm-up, and that JVM's floor reads too high.");
        md.line();
    }

    /** How long the floor ran, what its ring could not hold, and what that makes of its tail. */
    private static String floorCaveats(Analysis a) {
        long duration = -1;
        long lostMin = Long.MAX_VALUE;
        long lostMax = 0;
        long samples = Long.MAX_VALUE;
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            for (Estimate.StoredRun run : a.data.statisticRuns(j)) {
                RunResult.Floor f = run.result.floor;
                if (f != null && f.measured()) {
                    duration = Math.max(duration, f.durationNs);
                    lostMin = Math.min(lostMin, f.overwritten);
                    lostMax = Math.max(lostMax, f.overwritten);
                    samples = Math.min(samples, f.intended.count);
                }
            }
        }
        if (duration < 0) {
            return "";
        }
        long rate = a.data.plan.settings.rate;
        return String.format(Locale.ROOT, " The floor ran %s after as long a warm-up, in another stretch of time than "
                        + "the window (at least %,d hand-offs a run, fewer than the window's, so its far tail rests on "
                        + "fewer samples). Its ring holds 1,024 hand-offs: one still unread 1,024 send intervals after "
                        + "its slot (%s at %,d msg/s) is overwritten and not measured, so values near that are a lower "
                        + "bound; overwritten per run: %,d to %,d.", Units.seconds(duration),
                samples, Units.ns(1024 * 1e9 / rate), rate, lostMin, lostMax);
    }

    /** ", which here was 143 ns to 418 ns from run to run (...)." */
    private static String medianSpread(Analysis a) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            Estimate f = a.floor(j, Definition.INTENDED, Percentile.P50);
            for (double v : f == null ? new double[0] : f.runValues) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (lo > hi) {
            return ".";
        }
        String seen = lo == hi ? Units.ns(lo) + " in every run here"
                : Units.ns(lo) + " to " + Units.ns(hi) + " from run to run here";
        return String.format(Locale.ROOT, "; it was %s: where it varies (on a VM, with where the "
                + "two virtual CPUs land), so does the queue's median, and a JVM's median depends on "
                + "which runs it drew.", seen);
    }
}
