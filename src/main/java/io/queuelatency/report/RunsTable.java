package io.queuelatency.report;

import io.queuelatency.decide.Estimate;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.text.Units;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Several runs of one study side by side, as JLBH prints them: a column per run, the estimate and the spread. */
public final class RunsTable {
    private RunsTable() {
    }

    public static String render(List<Path> runDirs, boolean skipFirst) {
        List<Estimate.StoredRun> runs = new ArrayList<>();
        List<RunResult> results = new ArrayList<>();
        List<Estimate.StoredRun> counted = new ArrayList<>();
        for (int i = 0; i < runDirs.size(); i++) {
            RunResult r = ResultFiles.read(runDirs.get(i));
            Estimate.StoredRun run = new Estimate.StoredRun("run " + (i + 1), r, runDirs.get(i));
            results.add(r);
            runs.add(run);
            if (r.valid() && !(skipFirst && i == 0)) {
                counted.add(run);
            }
        }
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%-11s", "percentile"));
        for (int i = 0; i < results.size(); i++) {
            s.append(String.format(Locale.ROOT, " %12s",
                    "run " + (i + 1) + (skipFirst && i == 0 ? "*" : results.get(i).valid() ? "" : "!")));
        }
        s.append(String.format(Locale.ROOT, " %34s %8s%n", "estimate [interval]", "spread"));
        for (Percentile p : Percentile.REPORTED) {
            s.append(String.format(Locale.ROOT, "%-11s", p.name()));
            for (Estimate.StoredRun run : runs) {
                s.append(String.format(Locale.ROOT, " %,12d", run.value(Definition.HEADLINE, p)));
            }
            java.util.LongSummaryStatistics values = counted.stream()
                    .mapToLong(run -> run.value(Definition.HEADLINE, p)).summaryStatistics();
            if (counted.isEmpty()) {
                s.append(String.format(Locale.ROOT, " %34s %8s%n", "no valid run", "-"));
                continue;
            }
            Estimate e = Estimate.of(counted, Definition.HEADLINE, p);
            s.append(String.format(Locale.ROOT, " %34s %8s%n", Words.cell(e),
                    counted.size() < 2 ? "-"
                    : String.format(Locale.ROOT, "%.0f%%",
                    100 * (double) (values.getMax() - values.getMin()) / e.value)));
        }
        s.append(String.format(Locale.ROOT,
                "%d run(s), each a fresh JVM; %d counted%s; '!' marks a run that is not valid.%n",
                results.size(), counted.size(), skipFirst ? " (* run 1 left out: --skip-first)" : ""));
        s.append(counted.size() >= 2 ? String.format(Locale.ROOT, "Estimate: the median of the runs; interval: "
                + "between two runs' own values, %s confidence with %d runs (%s); spread = (max - min) / estimate.",
                Units.percent(Estimate.of(counted,
                Definition.HEADLINE, Percentile.P50).confidence), counted.size(), Words.enoughRuns())
                : "Interval: order-statistic 95%, within the one run counted.");
        s.append('\n');
        return s.toString();
    }
}
