package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.json.FingerprintJson;
import io.queuelatency.result.Fingerprint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host's fingerprint (HostFacts.fingerprint, a view of its Host) against fake /sys and /proc trees: two sockets
 * of four cores with two threads each (CPUs 0-15: CPU n and n+8 siblings, cores 0-3 on socket 0 sharing an L3, each
 * core its own L2).
 */
class HostFingerprintTest {
    @TempDir
    Path tmp;

    private void write(String path, String text) throws IOException {
        Path file = tmp.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private HostFacts twoSockets() throws IOException {
        write("sys/devices/system/cpu/online", "0-15");
        write("sys/devices/system/cpu/isolated", "2,4");
        write("proc/cmdline", "BOOT_IMAGE=/vmlinuz isolcpus=2,4 nohz_full=2,4 rcu_nocbs=2,4 quiet");
        write("proc/cpuinfo", "model name\t: Intel(R) Xeon(R) Gold 6348\nflags\t\t: fpu tsc\n");
        write("proc/sys/kernel/osrelease", "6.8.0-45-generic");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc");
        for (int cpu = 0; cpu < 16; cpu++) {
            int core = cpu % 8;
            int socket = core / 4;
            String dir = "sys/devices/system/cpu/cpu" + cpu + "/";
            write(dir + "topology/physical_package_id", Integer.toString(socket));
            write(dir + "topology/core_id", Integer.toString(core % 4));
            write(dir + "topology/thread_siblings_list", core + "," + (core + 8));
            write(dir + "cache/index2/level", "2");
            write(dir + "cache/index2/type", "Unified");
            write(dir + "cache/index3/type", "Unified");
            write(dir + "cache/index2/shared_cpu_list", core + "," + (core + 8));
            write(dir + "cache/index3/level", "3");
            write(dir + "cache/index3/shared_cpu_list", socket == 0 ? "0-3,8-11" : "4-7,12-15");
        }
        return new HostFacts(tmp.resolve("sys"), tmp.resolve("proc"));
    }

    @Test
    void theSocketsCoresIsolationAndEachRelationOfAPair() throws IOException {
        HostFacts facts = twoSockets();
        Fingerprint f = facts.fingerprint(2, 3);
        assertEquals(Integer.valueOf(2), f.sockets);
        assertEquals(Integer.valueOf(8), f.cores);
        assertEquals(Integer.valueOf(16), f.cpus);
        assertEquals("Intel(R) Xeon(R) Gold 6348", f.cpuModel);
        assertEquals("6.8.0-45-generic", f.kernel);
        assertEquals("2,4", f.isolatedCpus);
        assertEquals("2,4", f.nohzFull);
        assertEquals(Boolean.FALSE, f.pairIsolated, "3 is not isolated");
        assertEquals(Boolean.TRUE, facts.fingerprint(2, 4).pairIsolated);
        assertEquals("shared-l3", f.relation);
        assertEquals("smt-siblings", facts.fingerprint(2, 10).relation);
        assertEquals("across-sockets", facts.fingerprint(2, 5).relation);
        assertEquals("tsc", f.clockSource);
        assertEquals(HostFacts.BARE_METAL, f.virtualisation);
    }

    @Test
    void aSharedL2AcrossL3sAndWhatSysfsDoesNotSay() throws IOException {
        HostFacts facts = twoSockets();
        write("sys/devices/system/cpu/cpu0/cache/index2/shared_cpu_list", "0-1,8-9");
        assertEquals("shared-l2", facts.fingerprint(0, 1).relation);
        write("sys/devices/system/cpu/cpu1/cache/index3/shared_cpu_list", "1");
        assertEquals("across-l3", facts.fingerprint(1, 2).relation, "one socket, L3s apart (as on a chiplet CPU)");
        Files.delete(tmp.resolve("sys/devices/system/cpu/cpu3/topology/thread_siblings_list"));
        assertEquals("shared-l3", facts.fingerprint(3, 2).relation, "siblings unknown, but no shared L2: not siblings");
        for (String cache : new String[] {"index2", "index3"}) {
            for (String file : new String[] {"level", "type", "shared_cpu_list"}) {
                Files.delete(tmp.resolve("sys/devices/system/cpu/cpu3/cache/" + cache + "/" + file));
            }
        }
        assertNull(facts.fingerprint(3, 2).relation, "one package, nothing else known: unknown, never guessed");
        Files.delete(tmp.resolve("sys/devices/system/cpu/cpu7/topology/core_id"));
        Fingerprint f = facts.fingerprint(3, 2);
        assertNull(f.sockets);
        assertNull(f.cores);
        assertTrue(FingerprintJson.text(f).contains("\"relation\" : \"unknown\""), FingerprintJson.text(f));
    }

    @Test
    void twoHostsOfOneTypeWriteTheSameBytes() throws IOException {
        Fingerprint a = twoSockets().fingerprint(2, 4);
        Fingerprint b = twoSockets().fingerprint(2, 4);
        assertEquals(FingerprintJson.text(a), FingerprintJson.text(b));
        assertEquals(a, b);
        b.kernel = "6.8.0-46-generic";
        assertEquals(java.util.Collections.singletonList("kernel"), a.differences(b));
    }

    @Test
    void aFingerprintKnownOrNotValidatesAgainstItsSchemaAndReadsBackTheSame() throws Exception {
        Fingerprint known = twoSockets().fingerprint(2, 4);
        Fingerprint.JdkBuild b = new Fingerprint.JdkBuild();
        b.id = "openjdk-21";
        b.vendor = "Eclipse Adoptium (Temurin-21.0.5+11)";
        b.version = "21.0.5+11-LTS";
        b.compiler = "C2 (HotSpot)";
        known.jdks.add(b);
        for (Fingerprint f : new Fingerprint[] {known, new Fingerprint()}) {
            Path file = Files.createDirectories(tmp.resolve("f" + f.hashCode())).resolve(FingerprintJson.FILE_NAME);
            FingerprintJson.write(f, file);
            io.queuelatency.report.SchemasTest.check(file);
            assertEquals(f, FingerprintJson.read(file));
        }
    }
}
