package io.queuelatency.report;

import io.queuelatency.words.DefinitionWords;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Stage;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** summary.md's tables of one slice: Table 2, a Table 3 per definition, and every run side by side. */
final class TablesMarkdown {
    private TablesMarkdown() {
    }

    /** Table 2; where every JVM has the same runs and samples, one line under Table 3 instead. */
    static void table2(Markdown md, Analysis a) {
        String same = sameRunsAndSamples(a);
        if (same == null) {
            md.paragraph("## Table 2: how many samples stand behind each percentile");
        } else {
            List<String> beyond = new ArrayList<>();
            for (Percentile p : Percentile.belowWorst()) {
                java.util.LongSummaryStatistics b = a.jvms.stream()
                        .mapToLong(j -> a.estimate(j, Definition.HEADLINE, p).beyond).summaryStatistics();
                beyond.add(p.name() + " " + (b.getMin() == b.getMax() ? count(b.getMin())
                        : String.format(Locale.ROOT, "%,d-%,d", b.getMin(), b.getMax())));
            }
            md.paragraph("Samples: every JVM " + same + "; beyond each percentile (" + DefinitionWords.HEADLINE + ", "
                    + "the median over the runs, the range over JVMs): " + String.join(", ", beyond) + ". Few samples "
                    + "beyond make a percentile an anecdote.");
            return;
        }
        md.paragraph("Per JVM, the samples in one run's measured window and how many of them lie above each percentile "
                + "(" + DefinitionWords.HEADLINE + " latency), each the median over the runs counted. A percentile "
                + "with few samples beyond it is an anecdote, not a measurement.");
        md.table(Markdown.<MatrixPlan.PlannedJvm>columns()
                .add("JVM", j -> j.id)
                .add("runs counted", j -> Integer.toString(a.estimate(j, Definition.HEADLINE, Percentile.P50).runs))
                .add("samples per run", j -> count(a.estimate(j, Definition.HEADLINE, Percentile.P50).samples))
                .each(Percentile.belowWorst(), p -> "beyond " + p.name(),
                        (j, p) -> count(a.estimate(j, Definition.HEADLINE, p).beyond)), a.jvms);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static List<String> names(List<Percentile> percentiles) {
        return percentiles.stream().map(Percentile::name).collect(java.util.stream.Collectors.toList());
    }

    /** "5 runs counted of 1,000,000 samples each" where every JVM has as many, else null. */
    private static String sameRunsAndSamples(Analysis a) {
        return a.jvms.size() < 2 ? null : same(a.jvms.stream().map(j -> a.estimate(j, Definition.HEADLINE,
                Percentile.P50)).map(e -> String.format(Locale.ROOT, "%d run%s counted of %,d samples each", e.runs,
                e.runs == 1 ? "" : "s", e.samples)));
    }

    private static String same(java.util.stream.Stream<String> each) {
        java.util.Set<String> seen = each.collect(java.util.stream.Collectors.toSet());
        return seen.size() == 1 ? seen.iterator().next() : null;
    }

    /** Table 3 (or 3b) of one definition; the runs counted and the confidence as columns where they differ. */
    static void table3(Markdown md, Analysis a, Definition definition) {
        if (definition == Definition.IN_QUEUE && anyEstimate(a, Definition.ACTUAL)) {
            return; // with Table 3b, in one table
        }
        if (definition == Definition.ACTUAL && anyEstimate(a, Definition.ACTUAL)
                && anyEstimate(a, Definition.IN_QUEUE)) {
            table3bc(md, a);
            return;
        }
        md.paragraph("## " + DefinitionWords.tableTitle(definition));
        String uniform = uniformRuns(a, definition);
        md.paragraph((definition == Definition.HEADLINE ? "The estimate of each percentile with its interval (see "
                + "above); \"n/a\" where too few samples lie beyond the percentile to bound it; the worst with the run "
                + "that saw it." : "As Table 3.") + (uniform == null ? "" : " " + uniform));
        java.util.function.Predicate<MatrixPlan.PlannedJvm> none =
                j -> !a.jvms.contains(j) || a.estimate(j, definition, Percentile.P50) == null;
        // a JVM without an estimate: uniformRuns is null, the columns are there
        md.table(Markdown.<MatrixPlan.PlannedJvm>columns()
                .add("JVM", j -> j.id)
                .percentiles(Percentile.REPORTED,
                        (j, p) -> none.test(j) ? "-" : Words.cell(a.estimate(j, definition, p)))
                .add(uniform == null, "runs counted", j -> !none.test(j)
                        ? a.estimate(j, definition, Percentile.P50).runs + " of " + a.data.cellsOf(j).size()
                        : a.jvms.contains(j) ? notMeasured(a, j, definition) : "0 of " + a.data.cellsOf(j).size())
                .add(uniform == null, "confidence", j -> none.test(j) ? "-"
                        : Units.percent(a.estimate(j, definition, Percentile.P50).confidence)),
                a.data.plan.jvms.stream().filter(j -> j.available).collect(java.util.stream.Collectors.toList()));
    }

    /** "Every JVM: 5 of 5 runs counted, intervals at 93.8% confidence." where they are the same for all, else null. */
    private static String uniformRuns(Analysis a, Definition definition) {
        return same(a.data.plan.jvms.stream().filter(j -> j.available).map(j -> {
            Estimate median = a.jvms.contains(j) ? a.estimate(j, definition, Percentile.P50) : null;
            return median == null ? null : String.format(Locale.ROOT, "Every JVM: %d of %d runs counted, intervals "
                    + "at %s confidence.", median.runs, a.data.cellsOf(j).size(), Units.percent(median.confidence));
        }));
    }

    /** Why a JVM's table of {@code d} is empty: a schema without it (1 to 3 for actual), or messages too small. */
    private static String notMeasured(Analysis a, MatrixPlan.PlannedJvm j, Definition d) {
        return a.data.statisticRuns(j).stream().anyMatch(run -> run.result.hlogTag(d) == null)
                ? "not measured: stored by an earlier version, whose producer read the clock only inside the write "
                + "(that reading is in Table 3c, in-queue)"
                : "not measured: messages under " + d.smallestMessageBytes + " bytes carry no "
                + DefinitionWords.label(d) + " send time";
    }

    private static boolean anyEstimate(Analysis a, Definition d) {
        return a.jvms.stream().anyMatch(j -> has(a, j, d));
    }

    /** Tables 3b and 3c in one: "actual / in-queue" per percentile, then actual minus in-queue per run. */
    private static void table3bc(Markdown md, Analysis a) {
        md.paragraph("## Tables 3b and 3c: latency from the actual send (the article's definition) and in-queue");
        String uniform = uniformRuns(a, Definition.ACTUAL);
        md.line("Actual: from the clock read before the write call; in-queue: from the one inside the write, once the "
                + "queue opened it and the body is filled. As Table 3; a cell \"actual / in-queue\", or one value "
                + "where both read the same." + (uniform == null ? "" : " " + uniform));
        md.paragraph("Actual minus in-queue: each run's own difference (the same messages), the median over the runs "
                + "and the range; at p50 what opening the write and filling the body cost; a difference within one "
                + "bucket of the histogram is none.");
        md.table(Markdown.<MatrixPlan.PlannedJvm>columns()
                .add("JVM", j -> j.id)
                .percentiles(Percentile.REPORTED, (j, p) -> {
                    String b = has(a, j, Definition.ACTUAL) ? Words.cell(a.estimate(j, Definition.ACTUAL, p)) : "-";
                    String c = has(a, j, Definition.IN_QUEUE) ? Words.cell(a.estimate(j, Definition.IN_QUEUE, p)) : "-";
                    return b.equals(c) ? b : b + " / " + c;
                })
                .add("actual - in-queue: p50", j -> difference(a, j, Percentile.P50))
                .add("p99", j -> difference(a, j, Percentile.P99)), a.jvms);
    }

    private static boolean has(Analysis a, MatrixPlan.PlannedJvm j, Definition d) {
        return a.estimate(j, d, Percentile.P50) != null;
    }

    private static String difference(Analysis a, MatrixPlan.PlannedJvm j, Percentile p) {
        return has(a, j, Definition.ACTUAL) && has(a, j, Definition.IN_QUEUE)
                ? difference(a.data.statisticRuns(j), p) : "-";
    }

    /** The bucket widths of the latency histograms (lowest discernible value 1 ns, three significant digits). */
    private static final org.HdrHistogram.Histogram RESOLUTION = new org.HdrHistogram.Histogram(3);

    /** "416 (240 to 551) ns": the runs' median and range; a difference within one bucket of the histogram is none. */
    static String difference(List<Estimate.StoredRun> runs, Percentile p) {
        double[] d = new double[runs.size()];
        for (int i = 0; i < d.length; i++) {
            long actual = runs.get(i).value(Definition.ACTUAL, p);
            d[i] = overResolution(actual, actual - runs.get(i).value(Definition.IN_QUEUE, p));
        }
        double[] sorted = d.clone();
        java.util.Arrays.sort(sorted);
        double median = Estimate.median(d);
        if (median == 0) {
            return sorted[0] == 0 && sorted[d.length - 1] == 0 ? "none"
                    : "none (" + range(sorted[0], sorted[d.length - 1]) + ")";
        }
        double s = Units.scale(median);
        return d.length == 1 ? Units.ns(median) : Units.number(median / s) + " (" + (sorted[0] == 0 ? "none"
                : Units.number(sorted[0] / s)) + " to " + Units.number(sorted[d.length - 1] / s) + ") "
                + Units.unit(median);
    }

    /** {@code diff}, or 0 where it is within one bucket of the histogram at {@code actual}: none it can see. */
    static double overResolution(long actual, double diff) {
        return Math.abs(diff) <= RESOLUTION.sizeOfEquivalentValueRange(actual) ? 0 : diff;
    }

    private static String range(double low, double high) {
        return (low == 0 ? "none" : Units.ns(low)) + " to " + (high == 0 ? "none" : Units.ns(high));
    }

    /**
     * --probes: per JVM, each stage's p50 and p99 as the median of its counted runs', so a reader sees which stage a
     * JVM makes slower; nothing where no run was probed.
     */
    static void stages(Markdown md, Analysis a) {
        if (a.jvms.stream().allMatch(j -> a.data.statisticRuns(j).stream().allMatch(r -> r.result.stages.isEmpty()))) {
            return;
        }
        md.paragraph("## Stages (--probes)");
        md.paragraph("Each stage of a message timed on its own, from the actual send time to the end of handling: "
                + "p50 / p99 per stage, the median of the runs counted. The hand-off is the in-queue latency. A probe "
                + "reads the clock once more inside the write, so these runs' actual and intended latencies hold it.");
        Markdown.Columns<MatrixPlan.PlannedJvm> columns =
                Markdown.<MatrixPlan.PlannedJvm>columns().add("JVM", j -> j.id);
        for (Stage stage : Stage.values()) {
            columns.add(DefinitionWords.stage(stage), j -> stageCell(a, j, stage));
        }
        md.table(columns, a.jvms);
    }

    private static String stageCell(Analysis a, MatrixPlan.PlannedJvm j, Stage stage) {
        List<String> cell = new ArrayList<>();
        for (Percentile p : new Percentile[] {Percentile.P50, Percentile.P99}) {
            double[] values = a.data.statisticRuns(j).stream().map(r -> stage.isInQueue()
                    ? r.result.latency(Definition.IN_QUEUE) : r.result.stages.get(stage))
                    .filter(l -> l != null && !l.isEmpty()).mapToDouble(l -> l.ns(p)).toArray();
            if (values.length == 0) {
                return "-";
            }
            cell.add(Units.ns(Estimate.median(values)));
        }
        return String.join(" / ", cell);
    }

    /** JLBH's view: per JVM and headline percentile every run's value in run order, the estimate's in bold. */
    static void runsSideBySide(Markdown md, Analysis a) {
        MatrixData data = a.data;
        int runs = data.mostRuns();
        if (runs < 2) {
            return;
        }
        md.paragraph("## Runs side by side (" + DefinitionWords.HEADLINE + " latency)");
        String apart = notCounted(a);
        md.paragraph("Each run is a fresh JVM; runs 1 to " + runs + " in order; Table 3's estimate is "
                + (apart.isEmpty() ? "their" : "the counted runs'") + " median (of an even number of runs, the "
                + "midpoint of the middle two), in bold where a run is it"
                + (apart.isEmpty() ? "" : "; a run in parentheses is shown but not counted (" + apart + ")")
                + ". A difference between JVMs smaller than their runs' range is not a difference.");
        md.table(Markdown.<MatrixPlan.PlannedJvm>columns().add("JVM", j -> j.id)
                .percentiles(Percentile.HEADLINE, (j, p) -> runValues(a, j, p, runs)), a.jvms);
    }

    /** Why the runs in parentheses are not counted, each reason once, in the order MatrixData judges them. */
    private static String notCounted(Analysis a) {
        java.util.Set<MatrixData.Uncounted> why = java.util.EnumSet.noneOf(MatrixData.Uncounted.class);
        a.jvms.forEach(j -> a.data.validCellsOf(j).stream().map(a.data::uncounted).filter(u -> u != null)
                .forEach(why::add));
        List<String> words = new ArrayList<>();
        for (MatrixData.Uncounted u : why) {
            words.add(u == MatrixData.Uncounted.SKIPPED_FIRST ? "run 1, --skip-first"
                    : u == MatrixData.Uncounted.ANOTHER_PAIR ? "a run on another kind of CPU pair"
                    : "a profiled run, kept apart as \"Profiles\" says");
        }
        return String.join("; ", words);
    }

    /** "811, 573, **691**, 666, 758 ns": one JVM's runs at {@code p}; "(602)" a run not counted. */
    private static String runValues(Analysis a, MatrixPlan.PlannedJvm j, Percentile p, int runs) {
        Estimate e = a.estimate(j, Definition.HEADLINE, p);
        double s = Units.scale(e.value);
        boolean marked = false;
        List<String> values = new ArrayList<>();
        for (int r = 1; r <= runs; r++) {
            int run = r;
            MatrixData.Cell cell = a.data.cellsOf(j).stream().filter(c -> c.id.run == run).reduce((x, y) -> y)
                    .orElse(null);
            if (cell == null || !cell.valid()) {
                values.add(cell == null || cell.outcome == null ? "-" : cell.outcome.status.name());
                continue;
            }
            double value = cell.run().value(Definition.HEADLINE, p);
            boolean counted = a.data.uncounted(cell) == null;
            String v = counted ? Units.number(value / s) : "(" + Units.number(value / s) + ")";
            // the run whose own value is the estimate (never one that merely rounds to a midpoint of two runs)
            if (!marked && counted && value == e.value) {
                marked = true;
                v = "**" + v + "**";
            }
            values.add(v);
        }
        return String.join(", ", values) + " " + Units.unit(e.value);
    }
}
