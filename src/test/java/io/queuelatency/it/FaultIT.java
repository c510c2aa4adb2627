package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults on the real queue: the queue's filesystem filling mid-run, the measured JVM killed with SIGKILL in
 * each phase, a launcher killed with its JVM (the next run sweeps), and bad input. Each ends with one line,
 * within seconds, and leaves nothing of the run behind.
 */
class FaultIT {
    @TempDir
    Path tmp;

    @Test
    void aQueueFilesystemFillingMidRunEndsTheRunWithOneLineAndLeavesNothing() throws Exception {
        Path mount = tmp.resolve("small-tmpfs");
        Files.createDirectories(mount);
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=400m", "tmpfs", mount.toString()) == 0;
        if (!mounted) {
            System.out.println("SKIPPED: FaultIT.aQueueFilesystemFillingMidRun needs root to mount a small tmpfs");
        }
        Assumptions.assumeTrue(mounted, "needs root to mount a small tmpfs");
        try {
            Path out = tmp.resolve("run");
            // 20,000 msg/s: the run needs ~120 MB of the 400; the fill leaves it 20 MB, less than the 32 MB it must
            // keep free (3 s of messages and 16 MiB for the queue's own records).
            Process p = Jar.start(
                    Jar.command("--rate", "20000", "--duration", "20s", "--warmup", "2s", "--floor", "0s", "--quiet",
                    "--queue-dir", mount.toString(), "--output", out.toString()), tmp.resolve("logs"));
            assertTrue(runDirectory(mount, 300) != null, "the run created its queue directory");
            Thread.sleep(3000);
            int filled = -1;
            for (int i = 0; i < 5 && filled != 0; i++) { // the run writes on between the free space read and the fill
                long fill = Files.getFileStore(mount).getUsableSpace() - (20L << 20);
                filled = run("fallocate", "-l", Long.toString(fill), mount.resolve("someone-elses-file").toString());
            }
            assertEquals(0, filled, "filled by another process");
            // A limit against a run that goes on, not a speed: the run's own count below says it stopped on the fill.
            assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the run ended after the disk filled");
            String err = Jar.read(tmp.resolve("logs/stderr.txt"));
            assertEquals(1, p.exitValue(), err);
            assertEquals(Collections.emptyList(), Lines.all(err, "\tat "), "no stack trace: " + err);
            assertEquals(Arrays.asList("someone-elses-file"), Arrays.asList(mount.toFile().list()),
                    "only the other process's file is left");
            RunResult r = ResultFiles.read(out);
            assertEquals(RunResult.RunStatus.FAILED, r.status(), "kept as a failed run that says why");
            // filled about 3 s into 22 s of messages: stopped then, not at the schedule's end
            assertTrue(r.messages.sent < r.messages.expected / 2,
                    r.messages.sent + " of " + r.messages.expected + " messages sent");
            // Told by the space check, or, where the host froze that check's thread past the producer's next page, by
            // the producer's write into the mapped queue failing on the full filesystem: either way the run says so.
            assertTrue(r.failure.contains(" " + mount + " ") && r.failure.contains("--queue-dir")
                    || r.failure.contains("InternalError: "), "the full mount and the option, or the failed write: "
                    + r.failure);
            String failed = Lines.startingWith(err, "queue-latency: failed: ");
            assertTrue(failed.startsWith("queue-latency: failed: " + r.failure + " ")
                    && failed.endsWith(" " + out + ")"),
                    "said in one line, naming where the run's files are: " + failed);
        } finally {
            run("umount", mount.toString());
        }
    }

    @FullSuite
    @Test
    void sigkillOfTheMeasuredJvmInWarmUpWindowAndFloorLeavesNothingAndIsSaidInOneLine() throws Exception {
        for (String phase : new String[] {"warm-up", "window", "floor"}) {
            Path queueDir = Jar.shmDir("kill-" + phase);
            Path out = tmp.resolve("run-" + phase);
            Path logs = tmp.resolve("logs-" + phase);
            try {
                Process launcher =
                        Jar.start(Jar.command("--warmup", "3s", "--duration", "3s", "--floor", "3s", "--quiet",
                        "--queue-dir", queueDir.toString(), "--output", out.toString()), logs);
                File runDir = runDirectory(queueDir, 300);
                assertTrue(runDir != null, phase + ": the run created its queue directory");
                long pid = Long.parseLong(runDir.getName().split("-")[2]);
                if (phase.equals("warm-up")) {
                    Thread.sleep(1500);
                } else if (phase.equals("window")) {
                    Thread.sleep(5000);
                } else {
                    waitUntilGone(runDir, 30); // the queue is removed when the window ends; the floor follows
                    Thread.sleep(1500);
                }
                assertEquals(0, run("kill", "-9", Long.toString(pid)), phase + ": the measured JVM was still running");
                assertTrue(launcher.waitFor(20, TimeUnit.SECONDS), phase + ": the launcher ended");
                String err = Jar.read(logs.resolve("stderr.txt"));
                assertEquals(1, launcher.exitValue(), phase + ": " + err);
                lineNaming(err, "(pid " + pid + ")", " 9 ", "(SIGKILL)");
                String[] left = queueDir.toFile().list();
                assertEquals(0, left == null ? 0 : left.length,
                        phase + ": left in the queue dir: " + Arrays.toString(left));
                assertFalse(Files.exists(out), phase + ": no result");
                assertFalse(Files.exists(ResultFiles.stagingFor(out)), phase + ": no staging directory");
            } finally {
                queueDir.toFile().delete();
            }
        }
    }

    @FullSuite
    @Test
    void aRunNobodyWatchedIsSweptByTheNextButADirectoryWithoutTheMarkerIsKept() throws Exception {
        Path queueDir = Jar.shmDir("sweep");
        try {
            Process launcher = Jar.start(Jar.command("--warmup", "5s", "--duration", "20s", "--quiet",
                    "--queue-dir", queueDir.toString(), "--output", tmp.resolve("orphan").toString()),
                    tmp.resolve("logs1"));
            File runDir = runDirectory(queueDir, 300);
            assertTrue(runDir != null);
            Thread.sleep(1000);
            long pid = Long.parseLong(runDir.getName().split("-")[2]);
            launcher.destroyForcibly(); // SIGKILL: nobody is left to clean up after the measured JVM
            launcher.waitFor(10, TimeUnit.SECONDS);
            assertEquals(0, run("kill", "-9", Long.toString(pid)));
            Thread.sleep(500);
            assertTrue(runDir.isDirectory(), "a killed run leaves its queue behind");
            File unmarked = queueDir.resolve("queue-latency-99999-1").toFile();
            assertTrue(unmarked.mkdir());
            Files.write(unmarked.toPath().resolve("data"), "not ours".getBytes(StandardCharsets.UTF_8));

            Jar next = Jar.run(tmp.resolve("logs2"), "--warmup", "1s", "--duration", "2s", "--floor", "0s", "--quiet",
                    "--queue-dir", queueDir.toString(), "--output", tmp.resolve("next").toString());
            Jar.assertFinished(next);
            lineNaming(next.err, runDir + " (", " MiB", " " + pid + ")");
            Path orphanStaging = ResultFiles.stagingFor(tmp.resolve("orphan"));
            lineNaming(next.err, orphanStaging + " (", " " + pid + ")");
            assertFalse(Files.exists(orphanStaging), "its unfinished output removed too");
            assertFalse(runDir.exists());
            assertTrue(unmarked.isDirectory() && new File(unmarked, "data").isFile(),
                    "never anything without the marker");
        } finally {
            File[] left = queueDir.toFile().listFiles();
            if (left != null) {
                for (File f : left) {
                    run("rm", "-rf", f.toString());
                }
            }
            queueDir.toFile().delete();
        }
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() throws Exception {
        Path broken = Files.createDirectories(tmp.resolve("broken"));
        Files.write(broken.resolve("result.json"),
                "{\"schema\": \"queue-latency/run/1\", \"con".getBytes(StandardCharsets.UTF_8));
        Path aFile = Files.write(tmp.resolve("a-file"), new byte[0]);
        String[][] cases = {
            {"--jvm", "/nonexistent", "--duration", "2s"},
            {"--output", aFile.resolve("run").toString(), "--duration", "2s"},
            {"compare", broken.toString(), broken.toString()},
            {"compare", tmp.resolve("nothing-here").toString(), broken.toString()},
        };
        // what the one line names: the input at fault, and where it is a file, the file
        String[][] names = {
            {"queue-latency: --jvm /nonexistent: ", "bin/java"},
            {"queue-latency: --output " + aFile.resolve("run") + ": ", " " + aFile + " "},
            {"queue-latency: " + broken.resolve("result.json") + ": "},
            {"queue-latency: " + tmp.resolve("nothing-here") + ": "}};
        for (int i = 0; i < cases.length; i++) {
            Jar run = Jar.run(tmp.resolve("logs-bad-" + i), cases[i]);
            assertEquals(2, run.exitCode, run.toString());
            assertEquals(1, run.err.trim().split("\n").length, "one line: " + run.err);
            String line = run.err.trim();
            assertTrue(line.startsWith(names[i][0]), names[i][0] + "\n" + line);
            for (String named : names[i]) {
                assertTrue(line.contains(named), named + "\n" + line);
            }
        }
    }

    /** The one line of this tool's on {@code err} that names the first of {@code values}; it names the others too. */
    private static String lineNaming(String err, String... values) {
        List<String> found = new java.util.ArrayList<>();
        for (String line : Lines.all(err, "queue-latency: ")) {
            if (line.contains(values[0])) {
                found.add(line);
            }
        }
        assertEquals(1, found.size(), values[0] + " in one line: " + err);
        for (String v : values) {
            assertTrue(found.get(0).contains(v), v + " in " + found.get(0));
        }
        return found.get(0);
    }

    /** The run's own directory under {@code queueDir}, once it exists. */
    static File runDirectory(Path queueDir, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            File[] runs = queueDir.toFile()
                    .listFiles((d, n) -> n.startsWith("queue-latency-") && !n.startsWith("queue-latency-99999"));
            if (runs != null && runs.length == 1) {
                return runs[0];
            }
            Thread.sleep(50);
        }
        return null;
    }

    private static void waitUntilGone(File dir, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (dir.exists() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(dir.exists(), "the window ended");
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(new File("/dev/null")).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
