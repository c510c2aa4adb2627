package io.queuelatency.report;

import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.WindowGc;
import io.queuelatency.text.Units;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * summary.md's "GC in the window": per JVM, the collectors' own pause figures beside the latency, where a cell ran a
 * workload that allocates (its pauses then count as latency: {@link WindowGc}). Without one, nothing is written.
 */
final class GcMarkdown {
    private GcMarkdown() {
    }

    /**
     * The window's GC pauses as the safepoint log has them (the tail's operations that are a collector's, in ns; every
     * operation's with {@code all}): their count, total and longest; null where the JVM's events were not recorded.
     * These include what a collector's beans may not count (G1's remark and cleanup before JDK 20) and the time to
     * reach and leave the safepoint.
     */
    static long[] safepointPauses(io.queuelatency.result.Tail t, boolean all) {
        if (t == null || !t.jvmEventsRecorded) {
            return null;
        }
        long[] sums = {0, 0, 0};
        for (io.queuelatency.result.Tail.Operation o : t.operations) {
            if (o.gc || all) {
                sums[0] += o.count;
                sums[1] += o.totalNs;
                sums[2] = Math.max(sums[2], o.maxNs);
            }
        }
        return sums;
    }

    /** True where any cell's GC pauses count as latency. */
    static boolean shown(MatrixData data) {
        return data.cells.stream().anyMatch(c -> c.result != null && c.result.validity.gc.countsAsLatency());
    }

    static void gcInWindow(Markdown md, MatrixData data) {
        if (!shown(data)) {
            return;
        }
        md.paragraph("## GC in the window");
        md.paragraph("The workload allocates, so each collector's stop-the-world pauses in the measured window are "
                + "part of the latency (and a cause of the tail above), not a reason a run is not valid. Per JVM, over "
                + "its runs (a range where they differ): the pauses, their total and the longest, in ms as the "
                + "collectors' own beans tell them (a concurrent collector's cycles are not pauses), and what the two "
                + "measured threads allocated per message. The rule: declared (the workload says it allocates) or "
                + "seen (over " + WindowGc.SEEN_BYTES_PER_MESSAGE + " B/message). The longest safepoint is the "
                + "longest GC safepoint in the safepoint log, the whole event (reaching it and leaving it included: "
                + "more than the threads' stop), in every run whose JVM events were recorded.");
        md.header("JVM", "GC", "runs", "rule", "pauses a run", "total ms a run", "longest ms", "longest safepoint",
                "B/message");
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            List<RunResult> runs = data.cellsOf(j).stream().filter(c -> c.result != null).map(c -> c.result)
                    .collect(Collectors.toList());
            if (runs.isEmpty()) {
                continue;
            }
            String rules = runs.stream().map(r -> r.validity.gc.rule.name().toLowerCase(Locale.ROOT)).distinct()
                    .collect(Collectors.joining(", "));
            long longest = runs.stream().mapToLong(r -> r.window.pauseTotals()[2]).max().orElse(-1);
            long safepoint = runs.stream().map(r -> safepointPauses(r.tail, false)).filter(p -> p != null)
                    .mapToLong(p -> p[2]).max().orElse(-1);
            md.row(j.label, runs.get(0).jvm.garbageCollector, Integer.toString(runs.size()), rules,
                    range(runs, r -> r.window.gcCount), range(runs, r -> r.window.gcTimeMs),
                    longest < 0 ? "-" : TablesMarkdown.count(longest),
                    safepoint < 0 ? "-" : Units.ns(safepoint), range(runs, r -> r.validity.gc.bytesPerMessage));
        }
        md.line();
        if (data.cells.stream().anyMatch(c -> c.result != null && c.result.config != null
                && c.result.config.toolCpu < 0)) {
            md.paragraph("No CPU besides the measured two was spare: the collectors' own threads ran on the measured "
                    + "CPUs, so a concurrent collector's work took the measured threads' time here, as it would not "
                    + "on a host with CPUs to spare (the tail's \"JVM thread\" names them).");
        }
    }

    /** "3", or "2 to 5"; "-" where unknown (-1). */
    static String range(List<RunResult> runs, ToLongFunction<RunResult> of) {
        long min = runs.stream().mapToLong(of).min().orElse(-1);
        long max = runs.stream().mapToLong(of).max().orElse(-1);
        return max < 0 ? "-" : MatrixSections.fromTo("%,.0f", new double[] {min, max});
    }
}
