package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.files.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A matrix's report, made from its stored cells only (rebuilt any time with {@code run-matrix.sh report DIR}). */
public final class MatrixReport {
    public static final String SUMMARY_MD = SummaryMarkdown.FILE_NAME;
    public static final String RESULTS_CSV = Rows.RESULTS_CSV;
    public static final String RESULTS_JSON = Rows.RESULTS_JSON;

    private MatrixReport() {
    }

    /** A search's own report files beside every report's (a capacity search has no estimates or slice figures). */
    public interface SearchBody {
        String write(MatrixData data, Path dir, Figures figures) throws IOException;
    }

    /** Rebuilds every report file of {@code dir}, at the margin its plan names (5% unless set). */
    public static void write(Path dir) throws IOException {
        write(dir, null, System.err, null);
    }

    /** The same at {@code margin} (null: the plan's); a figure not drawn is one warning line on {@code warnings}. */
    public static void write(Path dir, Double margin, java.io.PrintStream warnings, SearchBody search)
            throws IOException {
        MatrixData data = MatrixData.load(dir);
        if (data.plan.capacity != null && search == null) {
            throw new IllegalArgumentException(dir + " holds a capacity search, whose report is its wing's");
        }
        Figures figures = new Figures(warnings);
        timelines(data, figures);
        if (data.plan.capacity != null) {
            Format.writeAll(new Contents(data, null, null, search.write(data, dir, figures), warnings), dir,
                    Formats.MATRIX);
            return;
        }
        List<Analysis> slices = Analysis.of(data, margin);
        for (Analysis a : slices) {
            Charts.write(a, data.sweeps() ? a.data.slice.suffix() : "", figures);
        }
        Charts.writeDimensions(data, slices, figures);
        List<ProfilesReport.View> profiles = ProfilesReport.views(slices);
        try {
            ProfilesReport.write(profiles, dir);
        } catch (IOException | RuntimeException e) { // optional: the report stands without its flame graphs
            warnings.println("queue-latency: the profiles' flame graphs were not drawn: " + e);
        }
        Contents f = new Contents(data, slices, profiles, SummaryMarkdown.render(data, slices, profiles,
                figures.missing()), warnings);
        Format.writeAll(f, dir, Formats.ANALYSES);
        Format.writeAll(f, dir, Formats.MATRIX);
    }

    /** What the files of a matrix's report are made from, its figures drawn. */
    static final class Contents {
        final MatrixData data;
        /** The analysis of each slice and its profiles; null for a capacity search, whose steps its wing reports. */
        final List<Analysis> slices;
        final List<ProfilesReport.View> profiles;
        final String summary;
        final java.io.PrintStream warnings;

        Contents(MatrixData data, List<Analysis> slices, List<ProfilesReport.View> profiles, String summary,
                java.io.PrintStream warnings) {
            this.data = data;
            this.slices = slices;
            this.profiles = profiles;
            this.summary = summary;
            this.warnings = warnings;
        }

        /** report.html; null where it cannot be made: one warning line, never a failed report. */
        String html() {
            return ReportHtml.orWarning(summary, data.dir, () -> ReportHtml.timelines(data, warnings), warnings);
        }
    }

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

    /** Per JVM the latency range of all its runs' timelines: one axis for them all (small multiples). */
    private static java.util.Map<String, double[]> timelineRanges(MatrixData data) {
        java.util.Map<String, double[]> ranges = new java.util.HashMap<>();
        for (MatrixData.Cell c : data.cells) {
            if (c.result == null || c.result.tail == null) {
                continue;
            }
            try {
                double[] r = Timeline.range(c.dir, c.result);
                if (r != null) {
                    ranges.merge(c.jvm.id, r, (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
                }
            } catch (RuntimeException e) {
                continue; // its timeline will say why it cannot be drawn
            }
        }
        return ranges;
    }

    /** Each run's timeline.png, drawn anew from its stored files, as timelines/CELL.png. */
    static final String TIMELINES = "timelines";

    static String timeline(io.queuelatency.result.CellId id) {
        return TIMELINES + "/" + id + ".png";
    }
}
