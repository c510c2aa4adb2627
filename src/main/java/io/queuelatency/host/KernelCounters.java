package io.queuelatency.host;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * What the kernel counted on two CPUs at one instant: local timer interrupts (/proc/interrupts, LOC: the timer tick,
 * on a busy CPU at CONFIG_HZ unless nohz_full) and steal time (/proc/stat: time the hypervisor gave the vCPU to
 * someone else; a hypervisor that does not report it reads 0). Two snapshots, at the window's start and end, give the
 * window's tick rate and steal on the measured CPUs. File reads only, on the monitoring thread, twice a run.
 */
public final class KernelCounters {
    /** USER_HZ: /proc/stat counts in hundredths of a second on every Linux this runs on. */
    private static final long USER_HZ = 100;

    /** Per CPU asked for: timer interrupts so far, -1 where not readable. */
    public final long[] timerInterrupts;
    /** Per CPU asked for: steal so far, ms; -1 where not readable. */
    public final long[] stealMs;

    private KernelCounters(long[] timerInterrupts, long[] stealMs) {
        this.timerInterrupts = timerInterrupts;
        this.stealMs = stealMs;
    }

    public static KernelCounters read(int... cpus) {
        return read(Paths.get("/proc"), cpus);
    }

    static KernelCounters read(Path proc, int... cpus) {
        long[] ticks = new long[cpus.length];
        long[] steal = new long[cpus.length];
        java.util.Arrays.fill(ticks, -1);
        java.util.Arrays.fill(steal, -1);
        String interrupts = HostFacts.read(proc.resolve("interrupts"));
        if (interrupts != null) {
            String[] lines = interrupts.split("\n");
            java.util.List<String> header = java.util.Arrays.asList(lines[0].trim().split("\\s+"));
            for (String line : lines) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 0 && f[0].equals("LOC:")) {
                    for (int i = 0; i < cpus.length; i++) {
                        int column = header.indexOf("CPU" + cpus[i]);
                        if (column >= 0 && column + 1 < f.length) {
                            ticks[i] = parse(f[column + 1]);
                        }
                    }
                }
            }
        }
        String stat = HostFacts.read(proc.resolve("stat"));
        if (stat != null) {
            for (String line : stat.split("\n")) {
                String[] f = line.trim().split("\\s+");
                for (int i = 0; i < cpus.length; i++) {
                    if (f.length > 8 && f[0].equals("cpu" + cpus[i])) {
                        long s = parse(f[8]);
                        steal[i] = s < 0 ? -1 : s * 1000 / USER_HZ;
                    }
                }
            }
        }
        return new KernelCounters(ticks, steal);
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** end minus start for one CPU; -1 where either is unknown. */
    public static long delta(long end, long start) {
        return end < 0 || start < 0 ? -1 : end - start;
    }
}
