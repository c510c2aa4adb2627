package io.queuelatency.report;

import io.queuelatency.words.DefinitionWords;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.md's tables of one slice: Table 2 (samples behind each percentile), Tables 3, 3b and 3c (the estimates of
 * each definition), what opening the write costs, and every run side by side.
 */
final class TablesMarkdown {
    private TablesMarkdown() {
    }

    static void table2(Markdown md, Analysis a) {
        md.line("## Table 2: how many samples stand behind each percentile");
        md.line();
        md.line("Per JVM, the samples in one run's measured window and how many of them lie above each percentile "
                + "(intended latency), each the median over the runs counted. A percentile with few samples beyond it "
                + "is an anecdote, not a measurement.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("runs counted");
        header.add("samples per run");
        for (Percentile p : Percentile.belowWorst()) {
            header.add("beyond " + p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            List<String> row = new ArrayList<>();
            row.add(j.id);
            Estimate first = a.estimate(j, Definition.INTENDED, Percentile.P50);
            row.add(Integer.toString(first.runs));
            row.add(String.format(Locale.ROOT, "%,d", first.samples));
            for (Percentile p : Percentile.belowWorst()) {
                row.add(String.format(Locale.ROOT, "%,d", a.estimate(j, Definition.INTENDED, p).beyond));
            }
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    static void table3(Markdown md, Analysis a, Definition definition, String title) {
        md.line("## " + title);
        md.line();
        md.line("The estimate of each percentile with its interval (see above), and its confidence; \"n/a\" where too "
                + "few samples lie beyond the percentile to bound it; the worst with the run that saw it.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        for (Percentile p : Percentile.REPORTED) {
            header.add(p.label());
        }
        header.add("runs counted");
        header.add("confidence");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.PlannedJvm j : a.data.plan.jvms) {
            if (!j.available) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(j.id);
            if (!a.jvms.contains(j)) {
                for (int i = 0; i < Percentile.REPORTED.size(); i++) {
                    row.add("-");
                }
                row.add("0 of " + a.data.cellsOf(j).size());
                row.add("-");
            } else if (a.estimate(j, definition, Percentile.P50) == null) {
                for (int i = 0; i < Percentile.REPORTED.size(); i++) {
                    row.add("-");
                }
                row.add(notMeasured(a, j, definition));
                row.add("-");
            } else {
                for (Percentile p : Percentile.REPORTED) {
                    row.add(Words.cell(a.estimate(j, definition, p)));
                }
                Estimate median = a.estimate(j, definition, Percentile.P50);
                row.add(median.runs + " of " + a.data.cellsOf(j).size());
                row.add(Units.percent(median.confidence));
            }
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    /**
     * Why a JVM's table of {@code d} is empty: results of a schema that does not store the definition (schemas 1 to 3
     * for the article's actual), or messages too small.
     */
    private static String notMeasured(Analysis a, MatrixPlan.PlannedJvm j, Definition d) {
        for (Estimate.StoredRun run : a.data.statisticRuns(j)) {
            if (run.result.hlogTag(d) == null) {
                return "not measured: stored by an earlier version, whose producer read the clock only inside the "
                        + "write (that reading is in Table 3c, in-queue)";
            }
        }
        return "not measured: messages under " + d.smallestMessageBytes + " bytes carry no "
                + DefinitionWords.label(d) + " send time";
    }

    /**
     * What the article's definition adds: per JVM, actual minus in-queue at the median (what opening the queue's write
     * costs) and p99, each run's own difference (both definitions are of the same messages), the median over the runs
     * counted with their range, where both were measured.
     */
    static void openingTheWrite(Markdown md, Analysis a) {
        List<String[]> rows = new ArrayList<>();
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            if (a.estimate(j, Definition.ACTUAL, Percentile.P50) == null
                    || a.estimate(j, Definition.IN_QUEUE, Percentile.P50) == null) {
                continue;
            }
            List<Estimate.StoredRun> runs = a.data.statisticRuns(j);
            rows.add(new String[] {j.id, difference(runs, Percentile.P50), difference(runs, Percentile.P99)});
        }
        if (rows.isEmpty()) {
            return;
        }
        md.line("What the article's definition adds: actual minus in-queue, each run's own difference (the same "
                + "messages timed from the two clock reads), the median over the runs counted and the range. At the "
                + "median it is what opening the write costs (from the clock read before the write call to the one "
                + "inside it), which the reference study's figures include and the in-queue latency does not. In the "
                + "tail both definitions hold the same stalls, so the difference falls toward 0 there: it is not the "
                + "opening's own p99, and a difference under the histogram's resolution at that value (3 significant "
                + "digits: about a thousandth of it) is none.");
        md.line();
        md.row("JVM", "p50: opening the write", "p99");
        md.rule(3);
        for (String[] row : rows) {
            md.row(row);
        }
        md.line();
    }

    /** "416 ns (240 ns to 551 ns)": actual minus in-queue at {@code p}, per run, the median and the range. */
    private static String difference(List<Estimate.StoredRun> runs, Percentile p) {
        double[] d = new double[runs.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = runs.get(i).value(Definition.ACTUAL, p) - runs.get(i).value(Definition.IN_QUEUE, p);
        }
        double[] sorted = d.clone();
        java.util.Arrays.sort(sorted);
        String median = Units.ns(Estimate.median(d));
        return d.length == 1 ? median
                : median + " (" + Units.ns(sorted[0]) + " to " + Units.ns(sorted[d.length - 1]) + ")";
    }

    /** JLBH's view: every run's value side by side, marked where it is not counted. */
    static void runsSideBySide(Markdown md, Analysis a) {
        MatrixData data = a.data;
        int runs = data.mostRuns();
        if (runs < 2) {
            return;
        }
        md.line("## Runs side by side (intended latency)");
        md.line();
        md.line("Each run is a fresh JVM. The estimate is the median of the runs counted"
                + (data.plan.settings.skipFirst
                ? "; run 1 is shown but not counted (--skip-first)" : "")
                + ". A difference between JVMs smaller than their runs' range is not a difference.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("percentile");
        for (int r = 1; r <= runs; r++) {
            header.add("run " + r + (data.plan.settings.skipFirst && r == 1 ? " (not counted)" : ""));
        }
        header.add("estimate");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            for (Percentile p : Percentile.HEADLINE) {
                List<String> row = new ArrayList<>();
                row.add(j.id);
                row.add(p.label());
                for (int r = 1; r <= runs; r++) {
                    MatrixData.Cell cell = null;
                    for (MatrixData.Cell c : data.cellsOf(j)) {
                        if (c.id.run == r) {
                            cell = c;
                        }
                    }
                    if (cell == null || !cell.valid()) {
                        row.add(cell == null || cell.outcome == null ? "-" : cell.outcome.status.name());
                    } else {
                        row.add(Units.ns(cell.run().value(Definition.INTENDED, p)));
                    }
                }
                row.add(Words.cell(a.estimate(j, Definition.INTENDED, p)));
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }
}
