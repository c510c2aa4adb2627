package io.queuelatency.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** /proc's counters of this very thread and of CPUs 0 and 1, a second apart: read from this machine's kernel. */
class CountersTest {
    @Test
    void aThreadsFaultsAndSwitchesAndItsCpusInterruptsAreCountedPerSecond() throws Exception {
        int tid = Integer.parseInt(Files.readSymbolicLink(Paths.get("/proc/thread-self")).getFileName().toString());
        Counters c = new Counters(tid, -1, 0, 1);
        c.begin();
        // Memory the JVM has not touched before (a Java array may land in heap pages already faulted in by earlier
        // tests in this JVM): a direct buffer, fresh pages from the kernel, zeroed and written by this thread.
        ByteBuffer touched = ByteBuffer.allocateDirect(8 << 20);
        for (int i = 0; i < touched.capacity(); i += 4096) {
            touched.put(i, (byte) 1); // new pages: minor faults of this thread
        }
        Thread.sleep(200);
        c.second();
        long[][] producer = c.perSecond(0); // minor faults, major faults, involuntary switches, interrupts
        assertEquals(1, producer[0].length);
        assertTrue(producer[0][0] > 100, "8 MiB of new pages: " + producer[0][0]);
        assertTrue(producer[1][0] >= 0);
        assertTrue(producer[2][0] >= 0);
        assertTrue(producer[3][0] > 0, "CPU 0 took interrupts in 200 ms: " + producer[3][0]);
        assertEquals(-1, c.perSecond(1)[0][0], "no thread: not readable");
    }
}
