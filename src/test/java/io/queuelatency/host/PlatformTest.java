package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Platform;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host facts a reviewer asks for, read from fake /proc and /sys trees. */
class PlatformTest {
    @TempDir
    Path root;

    private void write(String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    private Platform platform() {
        return new HostFacts(root.resolve("sys"), root.resolve("proc")).platform();
    }

    /** A fact of the platform: one line naming each of {@code values} (what was found, and where). */
    private static void assertNamed(String fact, String... values) {
        assertFalse(fact.contains("\n"), fact);
        for (String v : values) {
            assertTrue(fact.contains(v), v + " in " + fact);
        }
    }

    @Test
    void aKvmGuestWithItsKernelConfigIsDescribedByWhatItCanSee() throws IOException {
        write("sys/devices/system/cpu/online", "0-3\n");
        write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse2 hypervisor\n");
        write("proc/cmdline", "console=ttyS0 nested_pvm=1 -- --firecracker-init\n");
        write("sys/devices/system/clocksource/clocksource0/available_clocksource", "tsc kvm-clock \n");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
        write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(root.resolve("proc/config.gz")))) {
            out.write("CONFIG_NO_HZ=y\nCONFIG_HZ=250\n".getBytes(StandardCharsets.UTF_8));
        }
        Platform p = platform();
        assertNamed(p.virtualisation, "KVM", "kvm-clock", "; Firecracker");
        assertNamed(p.nested, "vmx/svm", "; ", "nested_pvm=1");
        assertEquals("tsc", p.clockSource);
        assertEquals(250, p.timerTickHz);
        assertEquals("always [madvise] never", p.transparentHugePages);
        assertNamed(p.governor, "cpufreq");
        assertFalse(p.governor.contains("performance") || p.governor.contains("schedutil"), p.governor);
    }

    @Test
    void bareMetalWithGovernorsPerCpuAndNoReadableConfig() throws IOException {
        write("sys/devices/system/cpu/online", "0-3\n");
        write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse2 vmx\n");
        for (int cpu = 0; cpu < 4; cpu++) {
            write("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor",
                    cpu < 2 ? "schedutil\n" : "performance\n");
        }
        Platform p = platform();
        assertEquals(HostFacts.BARE_METAL, p.virtualisation);
        assertNamed(p.nested, "vmx/svm");
        assertFalse(p.nested.contains(";") || p.nested.contains("nested_"), "no kernel parameter: " + p.nested);
        assertTrue(p.governor.matches("performance\\D*2-3; schedutil\\D*0-1"),
                "each governor and its CPUs: " + p.governor);
    }

    @Test
    void theKernelCountsTimerInterruptsAndStealPerCpu() throws IOException {
        write("proc/interrupts", "           CPU0       CPU1       CPU2\n  0:         44          0          0   "
                + "IO-APIC    2-edge      timer\nLOC:      97070     100893       5000   Local timer interrupts\n");
        write("proc/stat", "cpu  46059 0 6283 209865 678 0 223 39 0 0\ncpu0 22637 0 2837 105879 130 0 80 17 0 0\n"
                + "cpu1 23422 0 3445 103985 547 0 142 21 0 0\ncpu2 1 0 1 1 0 0 0 0 0 0\n");
        KernelCounters k = KernelCounters.read(root.resolve("proc"), 1, 2);
        assertEquals(100_893, k.timerInterrupts[0]);
        assertEquals(5_000, k.timerInterrupts[1]);
        assertEquals(210, k.stealMs[0], "21 hundredths of a second");
        assertEquals(0, k.stealMs[1]);
    }
}
