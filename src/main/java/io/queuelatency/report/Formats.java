package io.queuelatency.report;

import io.queuelatency.decide.Comparer;
import io.queuelatency.files.Format;
import io.queuelatency.json.JsonNodes;
import java.util.Arrays;
import java.util.List;

/**
 * The files of each report of the study, in the order they are written: the one place that says what a report holds.
 * Each wing lists its own beside its report (the fleet's, a capacity search's, beside's, the map's). Figures are not
 * here: each is drawn apart, and one that cannot be drawn is a warning ({@link Figures}).
 */
public final class Formats {
    /** Every matrix report's, a capacity search's too: each cell's row, summary.md and report.html. */
    static final List<Format<MatrixReport.Contents>> MATRIX = Arrays.asList(
            Format.text(Rows.RESULTS_CSV, f -> Rows.resultsCsv(f.data)),
            JsonNodes.format(Rows.RESULTS_JSON, f -> Rows.resultsJson(f.data)),
            Format.text(SummaryMarkdown.FILE_NAME, f -> f.summary),
            Format.text(ReportHtml.FILE_NAME, MatrixReport.Contents::html));

    /** A matrix's analyses (a capacity search's steps have none): the estimates, summary.json and the exports. */
    static final List<Format<MatrixReport.Contents>> ANALYSES = Arrays.asList(
            Format.text(Rows.ESTIMATES_CSV, f -> Rows.estimatesCsv(f.slices)),
            JsonNodes.format(SummaryJson.FILE_NAME, f -> SummaryJson.render(f.slices, f.profiles, f.data.hostCheck())),
            JsonNodes.format(Exports.JMH_JSON, f -> Exports.jmh(f.slices, f.data.sweeps())),
            JsonNodes.format(Exports.BENCHER_JSON, f -> Exports.bencher(f.slices, f.data.sweeps())));

    /** compare's: compare.md (what it prints) and compare.json. */
    public static final List<Format<Comparer>> COMPARE = Arrays.asList(
            Format.text(CompareMarkdown.FILE_NAME, CompareMarkdown::render),
            JsonNodes.format(CompareJson.FILE_NAME, CompareJson::render));

    private Formats() {
    }
}
