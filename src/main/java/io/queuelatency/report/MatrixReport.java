package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.files.WholeFile;
import io.queuelatency.json.JsonNodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A matrix's report, computed from its stored cells only (so it can be rebuilt at any time with
 * {@code run-matrix.sh report DIR}). The numbers and verdicts are computed once ({@link Analysis}); each format
 * has its own writer over them: {@link SummaryMarkdown}, {@link SummaryJson}, {@link EstimatesCsv}, {@link Exports}
 * (JMH's and Bencher's formats), {@link Charts}, and per cell {@link ResultsCsv} and {@link ResultsJson}. Each file is
 * written whole under a temporary name and renamed, so none is ever half-written.
 */
public final class MatrixReport {
    public static final String SUMMARY_MD = SummaryMarkdown.FILE_NAME;
    public static final String RESULTS_CSV = ResultsCsv.FILE_NAME;
    public static final String RESULTS_JSON = ResultsJson.FILE_NAME;

    private MatrixReport() {
    }

    /**
     * What a search's report holds beside every report's files (results.csv, results.json, the timelines and
     * report.html): its summary.json and figures, and the summary.md it returns. A capacity search's is its wing's;
     * its steps are not slices that compare JVMs at one rate, so it has no estimates, exports or slice figures.
     */
    public interface SearchBody {
        String write(MatrixData data, Path dir, Figures figures) throws IOException;
    }

    /**
     * Rebuilds every report file of {@code dir}, with the practical margin its plan names (5% unless set); a
     * broken stored file is one line naming it (bad input).
     */
    public static void write(Path dir) throws IOException {
        write(dir, null);
    }

    /** The same with another practical margin (0.05 for 5%); null for the plan's. */
    public static void write(Path dir, Double margin) throws IOException {
        write(dir, margin, System.err, null);
    }

    /**
     * The same, with a figure that cannot be drawn left out: one warning line on {@code warnings} (once per
     * process and cause), and summary.md names it. No figure can fail the report or a matrix. A search's plan is
     * reported by {@code search}, which a caller that may meet one passes.
     */
    public static void write(Path dir, Double margin, java.io.PrintStream warnings, SearchBody search)
            throws IOException {
        MatrixData data = MatrixData.load(dir);
        if (data.plan.capacity != null && search == null) {
            throw new IllegalArgumentException(dir + " holds a capacity search, whose report is its wing's");
        }
        WholeFile.write(dir.resolve(RESULTS_CSV), ResultsCsv.render(data));
        ResultsJson.write(data, dir.resolve(RESULTS_JSON));
        Figures figures = new Figures(warnings);
        timelines(data, figures);
        String summary;
        if (data.plan.capacity != null) {
            summary = search.write(data, dir, figures);
        } else {
            List<Analysis> slices = analyses(data, margin);
            WholeFile.write(dir.resolve(EstimatesCsv.FILE_NAME), EstimatesCsv.render(slices));
            SummaryJson.write(slices, data.hostCheck(), dir.resolve(SummaryJson.FILE_NAME));
            Exports.write(slices, data.sweeps(), dir);
            for (Analysis a : slices) {
                Charts.write(a, data.sweeps() ? a.data.slice.suffix() : "", figures);
            }
            Charts.writeDimensions(data, slices, figures);
            summary = SummaryMarkdown.render(data, slices, figures.missing());
        }
        WholeFile.write(dir.resolve(SUMMARY_MD), summary);
        writeHtml(dir, data, summary, warnings);
    }

    /** Each run's timeline, on one latency axis per JVM. */
    private static void timelines(MatrixData data, Figures figures) throws IOException {
        Path dir = data.dir;
        java.util.Map<String, double[]> ranges = timelineRanges(data);
        for (MatrixData.Cell c : data.cells) {
            if (c.result != null && c.result.tail != null) {
                Files.createDirectories(dir.resolve(TIMELINES));
                Path png = dir.resolve(timeline(c.id));
                figures.draw(png, timeline(c.id), () -> Timeline.write(c.dir, c.result, png,
                        c.id + (c.jvm.label != null ? " (" + c.jvm.label + ")" : ""), ranges.get(c.jvm.id)));
            }
        }
    }

    /** report.html beside summary.md; a page that cannot be made is one warning line, never a failed report. */
    private static void writeHtml(Path dir, MatrixData data, String summary,
            java.io.PrintStream warnings) throws IOException {
        String html;
        try {
            com.fasterxml.jackson.databind.node.ArrayNode timelines = io.queuelatency.json.JsonNodes.array();
            for (MatrixData.Cell c : data.cells) {
                if (c.result == null) {
                    continue;
                }
                try {
                    com.fasterxml.jackson.databind.node.ObjectNode t =
                            TimelineData.of(c.id.toString(), c.jvm.id, c.jvm.label, c.dir, c.result);
                    if (t != null) {
                        timelines.add(t);
                    }
                } catch (io.queuelatency.exit.StoredFileException e) {
                    warnings.println("queue-latency: warning: report.html: no timeline of " + c.id + ": "
                            + e.getMessage());
                }
            }
            html = ReportHtml.render(summary, dir, timelines);
        } catch (RuntimeException e) {
            warnings.println("queue-latency: warning: " + ReportHtml.FILE_NAME + " not written: " + e);
            return;
        }
        WholeFile.write(dir.resolve(ReportHtml.FILE_NAME), html);
    }

    /** Per JVM the latency range of all its runs' timelines: one axis for them all (small multiples). */
    private static java.util.Map<String, double[]> timelineRanges(MatrixData data) {
        java.util.Map<String, double[]> ranges = new java.util.HashMap<>();
        for (MatrixData.Cell c : data.cells) {
            if (c.result == null || c.result.tail == null) {
                continue;
            }
            double[] r;
            try {
                r = Timeline.range(c.dir, c.result);
            } catch (RuntimeException e) {
                continue; // its timeline will say why it cannot be drawn
            }
            if (r != null) {
                ranges.merge(c.jvm.id, r, (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
            }
        }
        return ranges;
    }

    /** Each run's timeline.png, drawn anew from its stored files, as timelines/CELL.png. */
    static final String TIMELINES = "timelines";

    /**
     * The analyses a report shows: one per slice of a sweep, else one; at {@code margin}, else the matrix's own, else
     * the default.
     */
    public static List<Analysis> analyses(MatrixData data, Double margin) {
        double m = margin != null ? margin : data.plan.settings.margin != null ? data.plan.settings.margin
                : Analysis.DEFAULT_MARGIN;
        List<Analysis> slices = new ArrayList<>();
        if (data.sweeps()) {
            for (MatrixData.Slice s : data.slices()) {
                slices.add(new Analysis(data.slice(s), m));
            }
        } else {
            slices.add(new Analysis(data, m));
        }
        return slices;
    }

    static String timeline(io.queuelatency.result.CellId id) {
        return TIMELINES + "/" + id + ".png";
    }
}
