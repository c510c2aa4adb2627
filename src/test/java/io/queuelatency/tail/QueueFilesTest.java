package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A page fault's address told apart: in a mapped cycle file of the queue's directory, or elsewhere. */
class QueueFilesTest {
    @TempDir
    Path dir;

    @Test
    void anAddressInAMappedCycleFileIsTheQueuesAndOthersAreNot() throws Exception {
        Path file = dir.resolve("20261123F.cq4");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"); FileChannel ch = raf.getChannel()) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 1 << 20);
            map.put(0, (byte) 1);
            long address = address(map);
            QueueFiles files = new QueueFiles(dir.toString());
            assertTrue(files.contains(address), "its first byte");
            assertTrue(files.contains(address + (1 << 20) - 1), "its last");
            assertFalse(files.contains(address + (1 << 20)), "past its end");
            assertFalse(new QueueFiles(dir.resolve("other").toString()).contains(address), "another directory's");
            assertFalse(new QueueFiles(null).contains(address), "no queue");
        }
        Files.deleteIfExists(file);
    }

    private static long address(MappedByteBuffer b) throws Exception {
        java.lang.reflect.Field f = java.nio.Buffer.class.getDeclaredField("address");
        f.setAccessible(true);
        return f.getLong(b);
    }
}
