package io.queuelatency.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.host.CpuList;
import io.queuelatency.host.HostFacts;
import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study's CPUs on the single-socket Xeon's sysfs tree (16 CPUs, SMT siblings n and n+8, isolcpus=2,4), with this
 * process's affinity as the kernel leaves it: isolcpus's default mask, a taskset, a cgroup cpuset.
 */
class StudyOptionsCpusTest {
    private static final Path XEON = Paths.get("src/test/resources/sysfs/xeon-1s");

    @TempDir
    Path tmp;

    private HostFacts host(String affinity, String cpuset) throws IOException {
        Path proc = tmp.resolve("proc");
        Files.createDirectories(proc.resolve("self"));
        Files.write(proc.resolve("self/status"), ("Cpus_allowed_list:\t" + affinity + "\n")
                .getBytes(StandardCharsets.UTF_8));
        Path sys = XEON;
        if (cpuset != null) {
            sys = tmp.resolve("sys");
            copy(XEON, sys);
            Files.createDirectories(sys.resolve("fs/cgroup/run"));
            Files.write(sys.resolve("fs/cgroup/run/cpuset.cpus.effective"), (cpuset + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            Files.write(proc.resolve("self/cgroup"), "0::/run\n".getBytes(StandardCharsets.UTF_8));
        }
        return new HostFacts(sys, proc);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    private StudyConfig check(HostFacts host, Integer producer, Integer consumer) {
        Settings s = Settings.builder().producerCpu(producer).consumerCpu(consumer).queueDir(tmp.toString())
                .durationNs(1_000_000_000L).warmupNs(1_000_000_000L).build();
        return StudyOptions.check(s, host, 0, new ArrayList<Warning>());
    }

    private static List<Integer> pair(StudyConfig c) {
        return Arrays.asList(c.pinnedProducerCpu, c.pinnedConsumerCpu);
    }

    @Test
    void underIsolcpusDefaultMaskAutoTakesTheIsolatedCpus() throws IOException {
        HostFacts host = host("0-1,3,5-15", null);
        StudyConfig c = check(host, null, null);
        assertEquals(Arrays.asList(2, 4), pair(c));
        assertTrue(host.isolatedCpus().containsAll(pair(c)), "both isolated: " + c.cpuChoice);
        assertEquals(Arrays.asList(4, 2), pair(check(host, 4, 2)), "the isolated CPUs named are accepted");
        assertEquals(Arrays.asList(2, 4), pair(check(host, 2, null)), "one named: its isolated partner");
        assertEquals(0, c.toolCpu, "the tool's own threads on a CPU not isolated");
    }

    @Test
    void aTasksetRestrictionIsRespected() throws IOException {
        HostFacts host = host("0-3", null);
        assertEquals(Arrays.asList(1, 2), pair(check(host, null, null)), "not 2 and 4: 4 is outside the restriction");
        UsageError e = assertThrows(UsageError.class, () -> check(host, 4, 2));
        assertRefused(e, 4, host, CpuList.parse("0-3"));
    }

    @Test
    void aCgroupCpusetIsRespected() throws IOException {
        HostFacts host = host("8-15", "8-15");
        assertEquals(Arrays.asList(9, 10), pair(check(host, null, null)), "8 is CPU 0's sibling");
        UsageError e = assertThrows(UsageError.class, () -> check(host, 2, 4));
        assertRefused(e, 2, host, CpuList.parse("8-15"));
    }

    /** Refused in one line naming the CPU asked for, then the CPUs it may pin and why (the host's own words). */
    private static void assertRefused(UsageError e, int cpu, HostFacts host, List<Integer> pinnable) {
        assertEquals(pinnable, host.pinnableCpus().cpus);
        assertTrue(e.getMessage().startsWith("CPU " + cpu + " "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" " + host.pinnableCpus().describe()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void betweenProcessesThePretoucherIsRefusedAndTheProducersStallsAreNotSaidMissing() throws IOException {
        HostFacts host = host("0-3", null);
        Settings processes = Settings.builder().queueDir(tmp.toString()).durationNs(1_000_000_000L)
                .warmupNs(1_000_000_000L).topology(Settings.PROCESSES).build();
        List<Warning> warnings = new ArrayList<>();
        StudyConfig c = StudyOptions.check(processes, host, 0, warnings);
        assertTrue(c.settings.betweenProcesses());
        // its JVM hands its stalls over (ProducerRecords): only a hand-over that failed says they are missing
        assertFalse(warnings.contains(new Warning.ProducerStallsElsewhere()), warnings.toString());
        List<Warning> threads = new ArrayList<>();
        StudyOptions.check(processes.toBuilder().topology(Settings.THREADS).build(), host, 0, threads);
        assertFalse(threads.contains(new Warning.ProducerStallsElsewhere()), threads.toString());
        UsageError e = assertThrows(UsageError.class, () -> StudyOptions.check(processes.toBuilder().pretouch(true)
                .build(), host, 0, new ArrayList<>()));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e instanceof io.queuelatency.exit.BadInputException, "exit 2");
    }
}
