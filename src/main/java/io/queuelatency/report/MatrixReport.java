package io.queuelatency.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A matrix's report, computed from its stored cells only (so it can be rebuilt at any time with
 * {@code run-matrix.sh report DIR}). Each format has its own writer over the same {@link MatrixData}:
 * {@link ResultsCsv}, {@link ResultsJson}, {@link Charts} and {@link SummaryMarkdown}. Each file is written
 * whole under a temporary name and renamed, so none is ever half-written.
 */
public final class MatrixReport {
    public static final String SUMMARY_MD = SummaryMarkdown.FILE_NAME;
    public static final String RESULTS_CSV = ResultsCsv.FILE_NAME;
    public static final String RESULTS_JSON = ResultsJson.FILE_NAME;

    private MatrixReport() {
    }

    /** Rebuilds every report file of {@code dir}; a broken stored file is one line naming it (bad input). */
    public static void write(Path dir) throws IOException {
        MatrixData data = MatrixData.load(dir);
        writeText(dir.resolve(RESULTS_CSV), ResultsCsv.render(data));
        ResultsJson.write(data, dir.resolve(RESULTS_JSON));
        Charts.write(data);
        writeText(dir.resolve(SUMMARY_MD), SummaryMarkdown.render(data));
    }

    static void writeText(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
