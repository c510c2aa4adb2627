package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A matrix's report, computed from its stored cells only (so it can be rebuilt at any time with
 * {@code run-matrix.sh report DIR}). The numbers and verdicts are computed once ({@link Analysis}); each format
 * has its own writer over them: {@link SummaryMarkdown}, {@link SummaryJson}, {@link EstimatesCsv},
 * {@link Charts}, and per cell {@link ResultsCsv} and {@link ResultsJson}. Each file is written
 * whole under a temporary name and renamed, so none is ever half-written.
 */
public final class MatrixReport {
    public static final String SUMMARY_MD = SummaryMarkdown.FILE_NAME;
    public static final String RESULTS_CSV = ResultsCsv.FILE_NAME;
    public static final String RESULTS_JSON = ResultsJson.FILE_NAME;

    private MatrixReport() {
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
        write(dir, margin, System.err);
    }

    /**
     * The same, with a figure that cannot be drawn left out: one warning line on {@code warnings} (once per
     * process and cause), and summary.md names it. No figure can fail the report or a matrix.
     */
    public static void write(Path dir, Double margin, java.io.PrintStream warnings) throws IOException {
        MatrixData data = MatrixData.load(dir);
        double m = margin != null ? margin : data.plan.settings.margin != null ? data.plan.settings.margin : Analysis.DEFAULT_MARGIN;
        List<Analysis> slices = new ArrayList<>();
        if (data.sweeps()) {
            for (MatrixData.Slice s : data.slices()) {
                slices.add(new Analysis(data.slice(s), m));
            }
        } else {
            slices.add(new Analysis(data, m));
        }
        writeText(dir.resolve(RESULTS_CSV), ResultsCsv.render(data));
        ResultsJson.write(data, dir.resolve(RESULTS_JSON));
        writeText(dir.resolve(EstimatesCsv.FILE_NAME), EstimatesCsv.render(slices));
        SummaryJson.write(slices, data.hostCheck(), dir.resolve(SummaryJson.FILE_NAME));
        Figures figures = new Figures(warnings);
        for (Analysis a : slices) {
            Charts.write(a, data.sweeps() ? a.data.slice.suffix() : "", figures);
        }
        Charts.writeDimensions(data, slices, figures);
        for (MatrixData.Cell c : data.cells) {
            if (c.result != null && c.result.tail != null) {
                Files.createDirectories(dir.resolve(TIMELINES));
                Path png = dir.resolve(timeline(c.id));
                figures.draw(png, timeline(c.id), () -> Timeline.write(c.dir, c.result, png,
                        c.id + (c.jvm.label != null ? " (" + c.jvm.label + ")" : "")));
            }
        }
        writeText(dir.resolve(SUMMARY_MD), SummaryMarkdown.render(data, slices, figures.missing()));
    }

    /** Each run's timeline.png, drawn anew from its stored files, as timelines/CELL.png. */
    static final String TIMELINES = "timelines";

    static String timeline(io.queuelatency.result.CellId id) {
        return TIMELINES + "/" + id + ".png";
    }

    static void writeText(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
