package io.queuelatency.store;

import io.queuelatency.json.ResultJson;
import io.queuelatency.result.Definition;
import io.queuelatency.result.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.HdrHistogram.Histogram;

/**
 * A run's directory (docs/output.md says what each file holds). It is filled under a hidden staging name and renamed
 * into place only when every file is written, so a directory under its final name is always complete.
 */
public final class ResultFiles {
    public static final String RESULT_JSON = "result.json";
    public static final String TABLE_TXT = "table.txt";

    private ResultFiles() {
    }

    public static Path stagingFor(Path finalDir) {
        return finalDir.resolveSibling("." + finalDir.getFileName() + ".partial");
    }

    public static void complete(Path staging, Path finalDir, RunResult result,
            java.util.Map<Definition, Histogram> histograms, String table) throws IOException {
        for (Definition d : Definition.values()) {
            Histogram h = histograms.get(d);
            if (h != null && h.getTotalCount() > 0) {
                writeHgrm(staging.resolve(d.id + ".hgrm"), h);
            }
        }
        Files.write(staging.resolve(TABLE_TXT), table.getBytes(StandardCharsets.UTF_8));
        ResultJson.write(staging.resolve(RESULT_JSON), result);
        RunMarker.remove(staging);
        Files.move(staging, finalDir, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A missing or broken result.json is one line naming it. */
    public static RunResult read(Path runDir) {
        return ResultJson.read(runDir.resolve(RESULT_JSON));
    }

    /**
     * After the measured JVM {@code pid} died without cleaning up: removes {@code finalDir}'s staging directory
     * if that process created it (its marker says so). Returns what was removed, or null.
     */
    public static String removeStagingLeftBy(long pid, Path finalDir) {
        Path staging = stagingFor(finalDir);
        RunMarker marker = RunMarker.read(staging);
        if (marker == null || marker.pid != pid) {
            return null;
        }
        deleteTree(staging);
        return staging.toString();
    }

    /**
     * Staging directories under {@code parent} of runs that nobody watched to the end (their JVMs were killed
     * with their launcher): removed when their marker names a process that is gone. Returns one line for each.
     */
    public static java.util.List<String> sweepStaging(Path parent) {
        java.util.List<String> removed = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(parent, ".*.partial")) {
            for (Path dir : entries) {
                RunMarker marker = RunMarker.read(dir);
                if (marker != null && marker.pid != RunMarker.currentPid() && marker.ownerGone()) {
                    deleteTree(dir);
                    removed.add(dir + " (left by process " + marker.pid + ")");
                }
            }
        } catch (IOException e) {
            // nothing of ours can be found there
        }
        return removed;
    }

    /** Removes {@code dir} and everything in it; what cannot be removed stays, for its owner to see. */
    public static void deleteTree(Path dir) {
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // gone already, or not ours to list
        }
    }

    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(RESULT_JSON));
    }

    static void writeHgrm(Path file, Histogram histogram) throws IOException {
        try (OutputStream os = Files.newOutputStream(file); PrintStream out = new PrintStream(os, false, "UTF-8")) {
            // Values in ns: the scaling ratio 1.0 keeps the histogram's own unit.
            histogram.outputPercentileDistribution(out, 5, 1.0);
        }
    }
}
