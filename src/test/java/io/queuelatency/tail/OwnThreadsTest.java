package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.queuelatency.measure.ThreadPinning;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OwnThreadsTest {
    @Test
    void theProducersJvmsThreadsAreTheJvmsWithTwoProcessesAndNoOtherProcesssAre() throws Exception {
        assumeTrue(new File("/proc/self/task").isDirectory(), "no /proc here");
        Process other = new ProcessBuilder("sh", "-c", "echo $$; exec sleep 30").start();
        Process stranger = new ProcessBuilder("sh", "-c", "echo $$; exec sleep 30").start();
        try {
            int producersJvm = firstLine(other);
            int notMeasured = firstLine(stranger);
            OwnThreads own = new OwnThreads();
            assertFalse(own.isOwnThread(producersJvm), "before it is known, another process's thread is not own");
            OwnThreads two = new OwnThreads();
            two.jvmOf(producersJvm); // its main thread's id is its process's
            assertTrue(two.isOwnThread(producersJvm));
            assertFalse(two.isOwnThread(notMeasured));
            assertTrue(two.isOwnThread(ThreadPinning.currentThread()), "this JVM's threads stay its own");
            OwnThreads one = new OwnThreads();
            one.jvmOf(ThreadPinning.currentThread()); // one JVM: nothing added
            assertFalse(one.isOwnThread(producersJvm));
        } finally {
            other.destroyForcibly();
            stranger.destroyForcibly();
        }
    }

    private static int firstLine(Process p) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        return Integer.parseInt(r.readLine().trim());
    }
}
