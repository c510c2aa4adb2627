package io.queuelatency.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

/** /proc's counters of this very thread and of CPUs 0 and 1, a second apart: read from this machine's kernel. */
class CountersTest {
    @Test
    void aThreadsFaultsAndSwitchesAndItsCpusInterruptsAreCountedPerSecond() throws Exception {
        int tid = Integer.parseInt(Files.readSymbolicLink(Paths.get("/proc/thread-self")).getFileName().toString());
        Counters c = new Counters(tid, -1, 0, 1);
        c.begin();
        // Memory nothing has touched before: a new file mapped (a Java array may land in heap pages already faulted
        // in by earlier tests in this JVM, and a direct buffer in memory malloc kept from a freed one), so every
        // page written is a minor fault of this thread.
        Path file = Files.createTempFile("counters", ".pages");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer touched = ch.map(FileChannel.MapMode.READ_WRITE, 0, 8 << 20);
            for (int i = 0; i < touched.capacity(); i += 4096) {
                touched.put(i, (byte) 1); // new pages: minor faults of this thread
            }
        } finally {
            Files.delete(file);
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
