package io.queuelatency.result;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.HdrHistogram.Histogram;

/**
 * A run's directory. It is filled under a hidden staging name and renamed into place only when every file
 * is written, so a directory under its final name is always complete:
 * <pre>
 *   result.json      the RunResult
 *   latency.hlog     interval histograms (see IntervalLog)
 *   intended.hgrm    percentile distribution, latency from the intended send time, ns
 *   actual.hgrm      the same from the actual send time
 *   table.txt        what was printed: header, table, verdict
 * </pre>
 */
public final class ResultFiles {
    public static final String RESULT_JSON = "result.json";
    public static final String TABLE_TXT = "table.txt";

    private static final ObjectMapper JSON = new ObjectMapper()
            .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.PUBLIC_ONLY)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultFiles() {
    }

    /** The hidden sibling a run fills before it is renamed to {@code finalDir}. */
    public static Path stagingFor(Path finalDir) {
        return finalDir.resolveSibling("." + finalDir.getFileName() + ".partial");
    }

    public static String hgrmName(String definition) {
        return definition + ".hgrm";
    }

    /** Writes the summary files into {@code staging}, then renames it to {@code finalDir}. */
    public static void complete(Path staging, Path finalDir, RunResult result, Histogram intended, Histogram actual)
            throws IOException {
        writeHgrm(staging.resolve(hgrmName("intended")), intended);
        writeHgrm(staging.resolve(hgrmName("actual")), actual);
        Files.write(staging.resolve(TABLE_TXT), ResultTable.full(result).getBytes(StandardCharsets.UTF_8));
        writeJson(staging.resolve(RESULT_JSON), result);
        Files.move(staging, finalDir, StandardCopyOption.ATOMIC_MOVE);
    }

    public static void writeJson(Path file, Object value) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(tmp.toFile(), value);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static RunResult read(Path runDir) throws IOException {
        return readJson(runDir.resolve(RESULT_JSON), RunResult.class);
    }

    public static <T> T readJson(Path file, Class<T> type) throws IOException {
        return JSON.readValue(file.toFile(), type);
    }

    static void writeHgrm(Path file, Histogram histogram) throws IOException {
        try (OutputStream os = Files.newOutputStream(file); PrintStream out = new PrintStream(os, false, "UTF-8")) {
            // Values in ns: the scaling ratio 1.0 keeps the histogram's own unit.
            histogram.outputPercentileDistribution(out, 5, 1.0);
        }
    }
}
