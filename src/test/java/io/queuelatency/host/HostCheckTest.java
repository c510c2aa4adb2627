package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.HostFindings.Severity;
import io.queuelatency.result.HostFindings;
import io.queuelatency.words.HostWords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check-host against fake /proc and /sys trees. */
class HostCheckTest {
    @TempDir
    Path root;

    private void write(String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A tuned 8-CPU bare-metal host: 2 and 4 isolated with nohz_full and rcu_nocbs, performance governor, no boost. */
    @BeforeEach
    void tunedHost() throws IOException {
        write("sys/devices/system/cpu/online", "0-7\n");
        write("sys/devices/system/cpu/isolated", "2,4\n");
        write("proc/cmdline",
                "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=domain,managed_irq,2,4 nohz_full=2,4 rcu_nocbs=2,4\n");
        write("proc/cpuinfo", "processor\t: 0\nmodel name\t: AMD Ryzen 9 5950X\nflags\t\t: fpu vme sse2\n");
        for (int cpu = 0; cpu < 8; cpu++) {
            write("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor", "performance\n");
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list", cpu + "\n");
        }
        write("sys/devices/system/cpu/cpufreq/boost", "0\n");
        write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
        write("proc/1/comm", "systemd\n");
    }

    private HostFindings check() {
        return new HostCheck(root.resolve("sys"), root.resolve("proc")).check(2, 4, 0, root);
    }

    private static HostFindings.Finding finding(HostFindings v, String check) {
        for (HostFindings.Finding f : v.findings) {
            if (f.check.equals(check)) {
                return f;
            }
        }
        throw new AssertionError("no finding " + check);
    }

    /** The advice names each of {@code values} (kernel parameters, CPUs, options, the check to see), in one line. */
    private static void advises(String fix, String... values) {
        assertFalse(fix.contains("\n"), fix);
        for (String v : values) {
            assertTrue(fix.contains(v), v + " in " + fix);
        }
    }

    @Test
    void aTunedBareMetalHostIsPublishable() {
        HostFindings v = check();
        assertEquals(HostFindings.Grade.PUBLISHABLE, v.grade, HostCheck.describe(v));
        for (HostFindings.Finding f : v.findings) {
            assertTrue(f.severity == Severity.OK || f.severity == Severity.INFO, f.check + ": " + f.found);
        }
    }

    @Test
    void noIsolatedCpusMakeItIndicativeOnlyAndSayHowToFixIt() throws IOException {
        write("sys/devices/system/cpu/isolated", "\n");
        write("proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1\n");
        HostFindings v = check();
        assertEquals(HostFindings.Grade.INDICATIVE, v.grade);
        assertEquals(Severity.BAD, finding(v, "isolation").severity);
        advises(finding(v, "isolation").fix, "isolcpus=2,4 nohz_full=2,4 rcu_nocbs=2,4 irqaffinity=0-1,3,5-7 ");
        assertEquals(Severity.BAD, finding(v, "pinned CPUs").severity);
        assertEquals(Severity.WARN, finding(v, "nohz_full").severity);
        assertEquals(java.util.Arrays.asList("isolation", "pinned CPUs"), v.badChecks());
        advises(HostWords.headline(v), HostWords.grade(HostFindings.Grade.INDICATIVE), "isolation, pinned CPUs");
    }

    @Test
    void onATwoCpuHostEveryRowNamesOnlyCpusThatExistAndSaysThatNoneCanBeSpared() throws IOException {
        write("sys/devices/system/cpu/online", "0-1\n");
        write("sys/devices/system/cpu/isolated", "\n");
        write("proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/vda\n");
        HostFindings v = new HostCheck(root.resolve("sys"), root.resolve("proc")).check(0, 1, 0, root);
        for (HostFindings.Finding f : v.findings) {
            java.util.regex.Matcher cpus =
                    java.util.regex.Pattern.compile("(?:cpus?|CPUs?|=|,)\\s*(\\d+)").matcher(f.found + " " + f.fix);
            while (cpus.find()) {
                assertTrue(Integer.parseInt(cpus.group(1)) <= 1,
                        f.check + " names CPU " + cpus.group(1) + ": " + f.fix);
            }
        }
        advises(finding(v, "isolation").fix, " 2 ", " 4 ");
        advises(finding(v, "nohz_full").fix, "isolation");
        for (String param : new String[] {"isolcpus=", "nohz_full=", "rcu_nocbs="}) {
            assertFalse((finding(v, "isolation").fix + finding(v, "nohz_full").fix).contains(param), "none spared");
        }
        assertEquals(finding(v, "nohz_full").fix, finding(v, "pinned CPUs").fix);
    }

    @Test
    void onASixteenCpuHostEveryRowAdvisesOneMeasuredPairAndHousekeepingForTheRest() throws IOException {
        write("sys/devices/system/cpu/online", "0-15\n");
        write("sys/devices/system/cpu/isolated", "\n");
        write("proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/vda\n");
        for (int cpu = 0; cpu < 16; cpu++) {
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list", cpu + "\n");
        }
        HostFindings v = new HostCheck(root.resolve("sys"), root.resolve("proc")).check(2, 4, 0, root);
        advises(finding(v, "isolation").fix, "isolcpus=2,4 nohz_full=2,4 rcu_nocbs=2,4 irqaffinity=0-1,3,5-15 ");
        advises(finding(v, "pinned CPUs").fix, "2,4", "isolation");
        assertTrue(finding(v, "pinned CPUs").fix.endsWith(" --producer-cpu 2 --consumer-cpu 4"));
        advises(finding(v, "nohz_full").fix, "nohz_full=2,4 ", "isolation");
        advises(finding(v, "rcu_nocbs").fix, "rcu_nocbs=2,4 ", "isolation");

        // With SMT (CPU n and n+8 one core), the pair's siblings are isolated too and stay idle.
        for (int cpu = 0; cpu < 16; cpu++) {
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list",
                    (cpu % 8) + "," + (cpu % 8 + 8) + "\n");
        }
        v = new HostCheck(root.resolve("sys"), root.resolve("proc")).check(0, 1, 0, root);
        advises(finding(v, "isolation").fix,
                "isolcpus=2,4,10,12 nohz_full=2,4,10,12 rcu_nocbs=2,4,10,12 irqaffinity=0-1,3,5-9,11,13-15 ");
        assertTrue(finding(v, "pinned CPUs").fix.endsWith("--producer-cpu 2 --consumer-cpu 4"),
                finding(v, "pinned CPUs").fix);
    }

    @Test
    void pinnedCpusOutsideTheIsolatedOnesAreBad() {
        HostFindings v = new HostCheck(root.resolve("sys"), root.resolve("proc")).check(0, 1, 0, root);
        assertEquals(Severity.BAD, finding(v, "pinned CPUs").severity);
        assertEquals(Arrays.asList(0, 1, 0, 1), Lines.numbers(finding(v, "pinned CPUs").found),
                "producer's CPU, consumer's, the CPUs not isolated: " + finding(v, "pinned CPUs").found);
    }

    @Test
    void aBusySmtSiblingIsAWarning() throws IOException {
        write("sys/devices/system/cpu/cpu2/topology/thread_siblings_list", "2,6\n");
        write("sys/devices/system/cpu/cpu4/topology/thread_siblings_list", "2,4\n");
        HostFindings.Finding f = finding(check(), "SMT siblings");
        assertEquals(Severity.WARN, f.severity);
        assertEquals(Arrays.asList(2, 6, 4, 2), Lines.numbers(f.found), "CPU 2's busy sibling, 4 and 2 one core: "
                + f.found);
    }

    @Test
    void governorBoostThpIrqbalanceAndAHypervisorAreWarnings() throws IOException {
        write("sys/devices/system/cpu/cpu4/cpufreq/scaling_governor", "powersave\n");
        write("sys/devices/system/cpu/cpufreq/boost", "1\n");
        write("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
        write("proc/812/comm", "irqbalance\n");
        write("proc/cpuinfo", "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 hypervisor\n");
        HostFindings v = check();
        for (String check : new String[] {"frequency governor", "boost", "transparent huge pages", "irqbalance",
                "virtualisation"}) {
            assertEquals(Severity.WARN, finding(v, check).severity, check);
            assertTrue(!finding(v, check).fix.isEmpty(), check + " says what to change");
        }
        assertEquals(HostFindings.Grade.PUBLISHABLE, v.grade, "warnings alone do not make numbers indicative");
    }

    @Test
    void kernelParametersIgnoreIsolcpusFlags() {
        assertEquals("2,4", HostCheck.parameter("a=1 isolcpus=domain,managed_irq,2,4 b", "isolcpus"));
        assertEquals("", HostCheck.parameter("quiet", "nohz_full"));
    }
}
