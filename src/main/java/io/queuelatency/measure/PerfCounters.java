package io.queuelatency.measure;

import io.queuelatency.profile.PerfStat;
import io.queuelatency.result.Profile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The processor's counters of the measured threads over the window (--profile), where the host has them: Linux's
 * {@code perf stat}, started with the schedule, attached to both threads by id (the producer's in its own JVM too),
 * counting from the window's start ({@code -D}) for its length (the {@code sleep} it runs), so that nothing of the
 * tool's runs on a measured CPU meanwhile. perf's own start makes the counted span begin a few ms late. Its files are
 * read and removed once it has ended; what went wrong is one line.
 */
final class PerfCounters {
    static final String OUTPUT = "perf-stat.csv";
    static final String ERRORS = "perf-stat.err";
    private static final String[] ROLES = {"producer", "consumer"};

    private final Process process;
    private final Path dir;
    private final int[] tids;
    private String problem;

    private PerfCounters(Process process, Path dir, int[] tids, String problem) {
        this.process = process;
        this.dir = dir;
        this.tids = tids;
        this.problem = problem;
    }

    /** perf's command line: counting starts {@code delayNs} from now and lasts {@code durationNs}. */
    static List<String> command(int[] tids, long delayNs, long durationNs, Path output) {
        StringBuilder t = new StringBuilder();
        for (int tid : tids) {
            t.append(t.length() == 0 ? "" : ",").append(tid);
        }
        return Arrays.asList("perf", "stat", "-x,", "--per-thread", "-t", t.toString(), "-e",
                String.join(",", PerfStat.EVENTS), "-D", Long.toString(TimeUnit.NANOSECONDS.toMillis(delayNs)),
                "-o", output.toString(), "--", "sleep",
                String.format(Locale.ROOT, "%.3f", (delayNs + durationNs) / 1e9));
    }

    /** Never throws: a host without perf gets a counter set with its problem. */
    static PerfCounters start(int[] tids, long delayNs, long durationNs, Path dir) {
        if (tids.length != 2 || tids[0] <= 0 || tids[1] <= 0) {
            return new PerfCounters(null, dir, tids, "the measured threads' ids are not known");
        }
        try {
            Process p = new ProcessBuilder(command(tids, delayNs, durationNs, dir.resolve(OUTPUT)))
                    .redirectOutput(dir.resolve(ERRORS).toFile()).redirectErrorStream(true).start();
            return new PerfCounters(p, dir, tids, null);
        } catch (IOException e) {
            return new PerfCounters(null, dir, tids, "perf is not installed (Debian: linux-perf), so no processor "
                    + "counters");
        }
    }

    /** The counts, once perf has ended (waits up to {@code waitMs}); empty with {@link #problem} set where none. */
    List<Profile.ThreadCounts> finish(long waitMs) {
        if (process == null) {
            return Collections.emptyList();
        }
        try {
            if (!process.waitFor(waitMs, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                problem = "perf stat did not end with the window";
                return Collections.emptyList();
            }
            String out = Files.exists(dir.resolve(OUTPUT))
                    ? new String(Files.readAllBytes(dir.resolve(OUTPUT)), StandardCharsets.UTF_8) : "";
            try {
                return PerfStat.read(out, tids, ROLES);
            } catch (IllegalArgumentException e) {
                problem = out.contains(",") ? e.getMessage()
                        : "perf stat counted nothing: " + lastLine(dir.resolve(ERRORS));
                return Collections.emptyList();
            }
        } catch (IOException e) {
            problem = "perf stat's counts could not be read: " + e.getMessage();
            return Collections.emptyList();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return Collections.emptyList();
        } finally {
            remove(dir.resolve(OUTPUT));
            remove(dir.resolve(ERRORS));
        }
    }

    String problem() {
        return problem;
    }

    private static String lastLine(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!l.trim().isEmpty() && !l.startsWith("Events ")) {
                    lines.add(l.trim());
                }
            }
        }
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    }

    private static void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // in the run's staging directory, which a failed run keeps and a finished one has read
        }
    }
}
