package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.launch.JvmFlags;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM mid-run: no queue files and no half-written results are left. */
class InterruptIT {
    @TempDir
    Path tmp;

    @Test
    void sigtermToTheLauncherLeavesNoQueueFilesAndNoResults() throws Exception {
        List<String> command = Jar.command();
        interruptAndCheck(command);
    }

    @Test
    void sigtermToTheMeasuringJvmLeavesNoQueueFilesAndNoResults() throws Exception {
        List<String> command = Jar.java(Jar.JAVA);
        command.addAll(JvmFlags.forMajor(JvmIdentity.currentMajorVersion()));
        command.add("-jar");
        command.add(Jar.JAR.toString());
        command.add("--no-fork");
        interruptAndCheck(command);
    }

    @Test
    void sigtermWhileTheFloorIsMeasuredLeavesNothingEither() throws Exception {
        List<String> command = Jar.command("--floor", "60s");
        interruptAndCheck(command, false);
    }

    private void interruptAndCheck(List<String> command) throws Exception {
        interruptAndCheck(command, true);
    }

    /** Stops the run with SIGTERM once its directory exists (and, with {@code inStudy}, its queue has files). */
    private void interruptAndCheck(List<String> command, boolean inStudy) throws Exception {
        Path queueDir = Jar.shmDir("interrupt");
        Path out = tmp.resolve("run");
        command.add("--duration");
        command.add("60s");
        command.add("--queue-dir");
        command.add(queueDir.toString());
        command.add("--output");
        command.add(out.toString());
        Process p = Jar.start(command, tmp.resolve("logs"));
        try {
            assertTrue(waitForQueueFiles(queueDir, inStudy), "the run never created its queue files");
            p.destroy(); // SIGTERM
            // a limit against a hang, not a speed: this host froze the JVM for seconds at a time
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "did not stop within 120 s of SIGTERM");
            assertNotEquals(0, p.exitValue());
            // a forked measuring JVM ends just after its launcher: 0.5 s here, seconds on a VM its host kept freezing
            String[] left = queueDir.toFile().list();
            for (int i = 0; i < 300 && left != null && left.length > 0; i++) {
                Thread.sleep(100);
                left = queueDir.toFile().list();
            }
            assertEquals(0, left == null ? 0 : left.length, "left in the queue dir: " + String.join(", ", left));
            assertFalse(Files.exists(out), "no result for an interrupted run");
            String[] partial = tmp.toFile().list((dir, name) -> name.endsWith(".partial"));
            assertEquals(0, partial.length, "no staging directory left");
            String err = Jar.read(tmp.resolve("logs/stderr.txt"));
            assertEquals(Collections.emptyList(), Lines.all(err, "\tat "), "no stack trace on SIGTERM: " + err);
        } finally {
            p.destroyForcibly();
            queueDir.toFile().delete();
        }
    }

    private static boolean waitForQueueFiles(Path queueDir, boolean inStudy) throws InterruptedException {
        // long: a 2 GiB heap took 80 s to pre-touch on a nested VM
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            File[] runs = queueDir.toFile().listFiles();
            if (runs != null && runs.length == 1 && !inStudy) {
                Thread.sleep(1500); // into the floor
                return true;
            }
            if (runs != null && runs.length == 1) {
                File[] cycles = new File(runs[0], "queue").listFiles((d, n) -> n.endsWith(".cq4"));
                if (cycles != null && cycles.length > 0) {
                    Thread.sleep(1500); // into the run, past the warm-up's start
                    return true;
                }
            }
            Thread.sleep(50);
        }
        return false;
    }
}
