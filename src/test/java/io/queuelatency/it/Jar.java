package io.queuelatency.it;

import io.queuelatency.launch.JvmFlags;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.RunResult;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Runs target/queue-latency.jar as a user would, on this JVM, and keeps what it printed. */
final class Jar {
    static final Path JAR = Paths.get(System.getProperty("queuelatency.jar", "target/queue-latency.jar"));
    static final Path JAVA = Paths.get(System.getProperty("java.home"), "bin", "java");

    final int exitCode;
    final String out;
    final String err;

    private Jar(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static List<String> command(String... args) {
        List<String> command = java(JAVA);
        command.addAll(Arrays.asList("-jar", JAR.toString()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * {@code java}, and the heap the measured JVMs get where this test run sets one (-Dqueuelatency.heap, 512m from
     * the pom): the tool passes it on to every JVM it measures.
     */
    static List<String> java(Path java) {
        List<String> command = new ArrayList<>(Arrays.asList(java.toString()));
        String heap = System.getProperty(JvmFlags.HEAP_PROPERTY);
        if (heap != null) {
            command.add("-D" + JvmFlags.HEAP_PROPERTY + "=" + heap);
        }
        return command;
    }

    static Process start(List<String> command, Path logs) throws IOException {
        Files.createDirectories(logs);
        return new ProcessBuilder(command)
                .redirectOutput(logs.resolve("stdout.txt").toFile())
                .redirectError(logs.resolve("stderr.txt").toFile())
                .start();
    }

    static Jar run(Path logs, String... args) throws IOException, InterruptedException {
        // a limit against a hang, not a speed: a run of seconds took minutes on a nested VM its host kept freezing
        return finish(start(command(args), logs), logs, 300);
    }

    static Jar finish(Process p, Path logs, int timeoutSeconds) throws IOException, InterruptedException {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("still running after " + timeoutSeconds + " s");
        }
        return new Jar(p.exitValue(), read(logs.resolve("stdout.txt")), read(logs.resolve("stderr.txt")));
    }

    /**
     * A run, a matrix, a map or a search that ended with its results written: 0 where every one held its rate, 3
     * (not valid) where one did not because the host was busy, which is a fact of the host, not of the code.
     */
    static void assertFinished(Jar run) {
        String stalled = hostStalled(run);
        if (stalled != null) {
            skip(stalled);
        }
        if (run.exitCode != 0 && run.exitCode != 3) {
            throw new AssertionError("expected exit 0 or 3, got " + run);
        }
    }

    /** A matrix's cell measured to its end: valid, or not valid where the host was busy (skipped where it stalled). */
    static void assertFinished(String name, CellOutcome cell) {
        if (cell.status == CellOutcome.Status.FAILED && cell.reason != null && stall(cell.reason)) {
            skip("the host stalled cell " + name + ", which its watchdog then ended: " + cell.reason);
        }
        if (cell.status == CellOutcome.Status.TIMEOUT) {
            skip("the host made cell " + name + " overrun its time, and the matrix ended it: " + cell.reason);
        }
        if (!cell.status.finished()) {
            throw new AssertionError(name + ": " + cell.status + ": " + cell.reason);
        }
    }

    /**
     * Why a run that the tool's watchdogs ended (exit 1) shows nothing of what a test checks, where the host froze its
     * threads for seconds: a write that did not return for 5 s, or a schedule 10 s late. Seen on a nested VM whose
     * page faults trap to the host (55 us each, 30 s for 2 GiB), where a run at 20,000 msg/s could stall in its first
     * second. Null for any other end, which the test then judges. The skip is said, never silent.
     */
    static String hostStalled(Jar run) {
        if (run.exitCode != 1) {
            return null;
        }
        for (String line : run.err.split("\n")) {
            if (line.startsWith("queue-latency: failed: ") && stall(line)) {
                return "the host stalled the run, which its watchdog then ended: " + line;
            }
        }
        return null;
    }

    /**
     * The watchdogs' words (measure/Monitor): no message received for 5 s, sending 10 s past the schedule, a thread
     * that did not stop within 5 s of being asked.
     */
    private static boolean stall(String failure) {
        return failure.contains("the consumer received no message for ")
                || failure.contains("the producer was still sending ")
                || failure.contains(" thread did not stop within ");
    }

    /**
     * The checks that hold on any host, then a visible skip unless the run was valid: a busy host makes a run miss its
     * rate, puts a GC in its window or freezes its consumer past the drain, and what a test checks beyond that needs a
     * run that held. No message is duplicated, reordered or corrupted on any host; lost only in a run not valid.
     */
    static void assumeHeld(RunResult r, String facts) {
        MessageCounts m = r.messages;
        org.junit.jupiter.api.Assertions.assertEquals(0, m.duplicated + m.outOfOrder + m.corrupted, facts);
        if (!r.valid()) {
            skip("the busy host made the run not valid (" + r.validity.invalidReasons + "): " + facts);
        }
        org.junit.jupiter.api.Assertions.assertEquals(0, m.lost, "a valid run lost nothing: " + facts);
    }

    /** Skips the test, and says why in a line of its own: a skip is never silent. */
    static void skip(String why) {
        System.err.println("SKIPPED: " + why);
        Assumptions.abort(why);
    }

    static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    /** A fresh directory under /dev/shm for one test's queue, which the test checks is empty afterwards. */
    static Path shmDir(String name) throws IOException {
        File shm = new File("/dev/shm");
        Path parent = shm.isDirectory() ? shm.toPath() : Paths.get(System.getProperty("java.io.tmpdir"));
        return Files.createTempDirectory(parent, "queue-latency-test-" + name + "-");
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
