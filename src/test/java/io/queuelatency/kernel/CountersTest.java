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
        assertEquals(1, c.minorFaults(0).length);
        assertTrue(c.minorFaults(0)[0] > 100, "8 MiB of new pages: " + c.minorFaults(0)[0]);
        assertTrue(c.majorFaults(0)[0] >= 0);
        assertTrue(c.involuntarySwitches(0)[0] >= 0);
        assertTrue(c.interrupts(0)[0] > 0, "CPU 0 took interrupts in 200 ms: " + c.interrupts(0)[0]);
        assertEquals(-1, c.minorFaults(1)[0], "no thread: not readable");
    }
}
