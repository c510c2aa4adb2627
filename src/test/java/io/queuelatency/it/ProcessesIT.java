package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --topology processes on the real queue: the producer in a second JVM over the same queue files. A short study
 * measures every message and says it ran between processes; the producer's JVM killed with SIGKILL mid-window ends
 * the run within seconds, in one line, keeping what was measured; the measured JVM killed so, the producer's JVM
 * stops and removes the run's directory itself. None leaves anything in /dev/shm, nor a JVM.
 */
class ProcessesIT {
    private static final String PRODUCER_MAIN = "io.queuelatency.ProducerJvm";

    @TempDir
    Path tmp;

    @Test
    void aShortStudyBetweenProcessesMeasuresEveryMessageAndSaysSo() throws Exception {
        Path queueDir = Jar.shmDir("processes");
        Path out = tmp.resolve("run");
        try {
            Jar run = Jar.run(tmp.resolve("logs"), "--topology", "processes", "--warmup", "1s", "--duration", "2s",
                    "--floor", "0s", "--probes", "--workload", "order", "--profile", "--quiet", "--queue-dir",
                    queueDir.toString(), "--output", out.toString());
            Jar.assertFinished(run);
            RunResult r = ResultFiles.read(out);
            assertEquals(java.util.EnumSet.of(io.queuelatency.result.Stage.OPEN, io.queuelatency.result.Stage.FILL,
                    io.queuelatency.result.Stage.HANDLE), r.stages.keySet(),
                    "the stages the producer's JVM timed are handed over with the consumer's");
            assertTrue(r.config.settings.betweenProcesses(), "the result says the topology");
            assertTrue(Jar.read(out.resolve("result.json")).contains("\"topology\" : \"processes\""));
            io.queuelatency.report.SchemasTest.check(out.resolve("result.json"));
            assertEquals(1, Lines.all(Jar.read(out.resolve("table.txt")), "# ").stream()
                    .filter(l -> l.contains("--topology processes")).count(), "the table's header says it");
            assertEquals(r.messages.expected, r.messages.sent, "the producer's JVM sent its schedule: " + run);
            assertEquals(0, r.messages.corrupted, "its JVM fills the bodies with the workload this one checks");
            assertTrue(r.window.gcCountByCollector.keySet().stream().anyMatch(k -> k.startsWith("producer's JVM: ")),
                    "the producer's JVM's collectors are counted in the window: " + r.window.gcCountByCollector);
            assertTrue(r.tail.producer.reads > 0 && r.tail.producer.clockReadP99Ns > 0,
                    "the producer's JVM handed over its loop's stalls and calibration: " + r.tail.producer.reads);
            assertTrue(r.validity.warnings.stream().noneMatch(w -> w.kind
                    == io.queuelatency.result.Warning.Concern.PRODUCER_STALLS_ELSEWHERE), "no warning of them: "
                    + r.validity.warnings);
            assertTrue(r.profile.taken(), r.profile.problem);
            String typical = Jar.read(out.resolve("profile/typical.collapsed"));
            assertTrue(typical.contains("[producer];") && typical.contains("[consumer];"),
                    "both JVMs' measured threads were sampled, the producer in its own JVM");
            assertFalse(Files.exists(out.resolve("producer-profile.jfr")), "the samples go once split");
            Jar.assumeHeld(r, run.toString());
            assertEquals(r.messages.sent, r.messages.received, "every message arrived");
            assertNothingLeft(queueDir);
        } finally {
            queueDir.toFile().delete();
        }
    }

    @Test
    void sigkillOfTheProducersJvmEndsTheRunWithinSecondsInOneLineAndLeavesNothing() throws Exception {
        Path queueDir = Jar.shmDir("processes-kill");
        Path out = tmp.resolve("run");
        Path logs = tmp.resolve("logs");
        try {
            Process launcher = Jar.start(Jar.command("--topology", "processes", "--warmup", "2s", "--duration", "60s",
                    "--floor", "0s", "--quiet", "--queue-dir", queueDir.toString(), "--output", out.toString()), logs);
            File runDir = FaultIT.runDirectory(queueDir, 300);
            assertTrue(runDir != null, "the run created its queue directory");
            long producer = producerOf(runDir.toPath(), 300);
            assertTrue(producer > 0, "the producer's JVM started");
            Thread.sleep(6000); // its warm-up (2 s) behind it, after its start-up
            assertEquals(0, kill(producer), "the producer's JVM was still running");
            long killed = System.nanoTime();
            // a limit against a run that goes on, not a speed: 55 s of its schedule were left
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the run ended");
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
            String err = Jar.read(logs.resolve("stderr.txt"));
            assertEquals(1, launcher.exitValue(), err);
            assertEquals(Collections.emptyList(), Lines.all(err, "\tat "), "no stack trace: " + err);
            List<String> lines = Lines.all(err, "queue-latency: ");
            assertEquals(1, lines.size(), "one line: " + err);
            assertTrue(lines.get(0).contains("(pid " + producer + ")"), lines.get(0));
            RunResult r = ResultFiles.read(out);
            assertEquals(RunResult.RunStatus.FAILED, r.status(), "kept as a failed run that says why");
            assertTrue(lines.get(0).startsWith("queue-latency: failed: " + r.failure + " "), lines.get(0));
            assertTrue(Lines.numbers(r.failure).containsAll(Arrays.asList((int) producer, 9)), r.failure);
            assertTrue(r.messages.received > 0 && r.messages.sent < r.messages.expected / 2,
                    "what was measured so far stays: " + r.messages.received + " of " + r.messages.expected);
            assertTrue(seconds < 30, seconds + " s");
            assertNothingLeft(queueDir);
        } finally {
            queueDir.toFile().delete();
        }
    }

    @Test
    void sigkillOfTheMeasuredJvmMakesTheProducersJvmStopAndRemoveTheRunsDirectory() throws Exception {
        Path queueDir = Jar.shmDir("processes-orphan");
        try {
            // --no-fork: no launcher to clean up after the measured JVM, which this test starts itself
            List<String> command = new ArrayList<>(Collections.singletonList(Jar.JAVA.toString()));
            command.addAll(io.queuelatency.launch.JvmFlags.forMajor(
                    io.queuelatency.host.JvmIdentity.currentMajorVersion()));
            command.addAll(Arrays.asList("-jar", Jar.JAR.toString(), "--no-fork", "--topology", "processes",
                    "--warmup", "2s", "--duration", "60s", "--floor", "0s", "--quiet", "--queue-dir",
                    queueDir.toString(), "--output", tmp.resolve("run").toString()));
            Process measured = Jar.start(command, tmp.resolve("logs"));
            File runDir = FaultIT.runDirectory(queueDir, 300);
            assertTrue(runDir != null, "the run created its queue directory");
            long producer = producerOf(runDir.toPath(), 300);
            assertTrue(producer > 0, "the producer's JVM started");
            Thread.sleep(6000);
            measured.destroyForcibly(); // SIGKILL: its stdin's end is all the producer's JVM learns
            assertTrue(measured.waitFor(10, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((runDir.exists() || !producers(queueDir).isEmpty()) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertNothingLeft(queueDir);
        } finally {
            queueDir.toFile().delete();
        }
    }

    /** The test's queue directory empty, and no producer's JVM of it running. */
    private static void assertNothingLeft(Path queueDir) throws IOException, InterruptedException {
        String[] left = queueDir.toFile().list();
        assertEquals(0, left == null ? 0 : left.length, "left in the queue dir: " + Arrays.toString(left));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10); // it exits once let go
        while (!producers(queueDir).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(Collections.emptyList(), producers(queueDir), "no producer's JVM left running");
    }

    /** The pid of the producer's JVM writing into {@code runDir}, once it runs; -1 where none did in time. */
    private static long producerOf(Path runDir, int seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            List<Long> found = producers(runDir);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            Thread.sleep(50);
        }
        return -1;
    }

    /** The producer's JVMs whose command line names a path under {@code dir}. */
    static List<Long> producers(Path dir) throws IOException {
        List<Long> found = new ArrayList<>();
        File[] procs = new File("/proc").listFiles((d, n) -> n.matches("[0-9]+"));
        for (File p : procs == null ? new File[0] : procs) {
            byte[] cmdline;
            try {
                cmdline = Files.readAllBytes(p.toPath().resolve("cmdline"));
            } catch (IOException e) {
                continue; // ended meanwhile
            }
            String command = new String(cmdline, StandardCharsets.UTF_8).replace('\0', ' ');
            if (command.contains(PRODUCER_MAIN) && command.contains(" queue=" + dir)) {
                found.add(Long.parseLong(p.getName()));
            }
        }
        return found;
    }

    private static int kill(long pid) throws Exception {
        Process p = new ProcessBuilder("kill", "-9", Long.toString(pid)).redirectErrorStream(true)
                .redirectOutput(new File("/dev/null")).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
