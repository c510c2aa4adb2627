package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPUs the tool may pin, read from fake /sys and /proc trees: under isolcpus's default mask the isolated CPUs too;
 * under a taskset-like restriction or a cgroup cpuset only what the restriction leaves.
 */
class PinnableCpusTest {
    @TempDir
    Path root;

    private void write(String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** 16 CPUs, {@code isolated} isolated, this process's Cpus_allowed_list {@code affinity}. */
    private HostFacts host(String isolated, String affinity) throws IOException {
        write("sys/devices/system/cpu/online", "0-15\n");
        write("sys/devices/system/cpu/isolated", isolated + "\n");
        write("proc/self/status", "Name:\tjava\nCpus_allowed:\tffeb\nCpus_allowed_list:\t" + affinity + "\n");
        return new HostFacts(root.resolve("sys"), root.resolve("proc"));
    }

    private static List<Integer> range(int from, int to) {
        Integer[] out = new Integer[to - from + 1];
        for (int c = from; c <= to; c++) {
            out[c - from] = c;
        }
        return Arrays.asList(out);
    }

    @Test
    void isolcpusDefaultMaskAddsTheIsolatedCpus() throws IOException {
        HostFacts host = host("2,4", "0-1,3,5-15");
        assertEquals(Arrays.asList(0, 1, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), host.allowedCpus(),
                "the affinity, where the JVM's other threads go, stays as read");
        PinnableCpus p = host.pinnableCpus();
        assertEquals(range(0, 15), p.cpus);
        assertTrue(p.describe().startsWith("0-15: "), p.describe());
        assertEquals(Arrays.asList(0, 1, 3, 5, 15, 2, 4), Lines.numbers(p.why), "the affinity, then the isolated CPUs");
    }

    @Test
    void aTasksetRestrictionIsRespected() throws IOException {
        PinnableCpus p = host("2,4", "0-3").pinnableCpus();
        assertEquals(range(0, 3), p.cpus);
        assertEquals(Arrays.asList(0, 15, 4), Lines.numbers(p.why), "the online CPUs, the isolated one outside");
        assertEquals(Arrays.asList(5, 6, 7), host("", "5-7").pinnableCpus().cpus);
    }

    @Test
    void noIsolationEveryCpuOfTheAffinity() throws IOException {
        PinnableCpus p = host("", "0-15").pinnableCpus();
        assertEquals(range(0, 15), p.cpus);
        assertEquals(Collections.emptyList(), Lines.numbers(p.why), "all of them: none named apart: " + p.why);
    }

    @Test
    void aCgroupV2CpusetBoundsIt() throws IOException {
        HostFacts host = host("2,4", "0-1,3,5-7");
        write("proc/self/cgroup", "0::/bench.slice/run.scope\n");
        write("sys/fs/cgroup/cpuset.cpus.effective", "0-15\n");
        write("sys/fs/cgroup/bench.slice/cpuset.cpus.effective", "0-7\n");
        assertEquals(range(0, 7), host.cpusetCpus(), "the nearest cgroup with the file: the scope's parent");
        PinnableCpus p = host.pinnableCpus();
        assertEquals(range(0, 7), p.cpus, "isolcpus's default within the cpuset: the isolated CPUs are added");
        assertTrue(host.cpusetCpus().containsAll(p.cpus), "within the cgroup's cpuset: " + p.why);
        write("sys/fs/cgroup/bench.slice/cpuset.cpus.effective", "8-15\n");
        write("proc/self/status", "Cpus_allowed_list:\t8-15\n");
        p = host.pinnableCpus();
        assertEquals(range(8, 15), p.cpus, "a cpuset without the isolated CPUs: they cannot be pinned");
        assertEquals(Arrays.asList(0, 15, 2, 4), Lines.numbers(p.why), "the online CPUs, the isolated ones outside");
    }

    @Test
    void aCgroupV1CpusetBoundsIt() throws IOException {
        HostFacts host = host("", "0-15");
        write("proc/self/cgroup", "12:memory:/docker/abc\n5:cpuset:/docker/abc\n");
        write("sys/fs/cgroup/cpuset/docker/abc/cpuset.effective_cpus", "4-5\n");
        assertEquals(Arrays.asList(4, 5), host.pinnableCpus().cpus, "the cpuset, narrower than the affinity read");
    }

    @Test
    void nothingReadableEveryOnlineCpu() throws IOException {
        write("sys/devices/system/cpu/online", "0-1\n");
        HostFacts host = new HostFacts(root.resolve("sys"), root.resolve("proc"));
        assertNull(host.cpusetCpus());
        assertEquals(Arrays.asList(0, 1), host.pinnableCpus().cpus);
        assertEquals(Collections.emptyList(), Lines.numbers(host.pinnableCpus().why), host.pinnableCpus().why);
    }
}
