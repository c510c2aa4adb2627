package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against fake /sys and /proc trees. */
class HostFactsTest {
    @TempDir
    Path root;

    private void write(String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsCpusModelAndKernel() throws IOException {
        write("sys/devices/system/cpu/online", "0-7\n");
        write("sys/devices/system/cpu/isolated", "2,4\n");
        write("proc/self/status", "Name:\tjava\nCpus_allowed_list:\t0-5\n");
        write("proc/cpuinfo", "processor\t: 0\nmodel name\t: AMD Ryzen 9 5950X 16-Core Processor\n");
        write("proc/sys/kernel/osrelease", "5.15.0-generic\n");
        HostFacts host = new HostFacts(root.resolve("sys"), root.resolve("proc"));
        assertEquals(Arrays.asList(0, 1, 2, 3, 4, 5, 6, 7), host.onlineCpus());
        assertEquals(Arrays.asList(2, 4), host.isolatedCpus());
        assertEquals(Arrays.asList(0, 1, 2, 3, 4, 5), host.allowedCpus());
        assertEquals("AMD Ryzen 9 5950X 16-Core Processor", host.cpuModel());
        assertEquals("5.15.0-generic", host.kernel());
    }

    @Test
    void noIsolatedFileMeansNoIsolatedCpus() throws IOException {
        write("sys/devices/system/cpu/online", "0-1\n");
        HostFacts host = new HostFacts(root.resolve("sys"), root.resolve("proc"));
        assertEquals(Arrays.asList(), host.isolatedCpus());
        assertEquals(Arrays.asList(0, 1), host.allowedCpus());
    }
}
