package io.queuelatency.host;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * What the kernel counted on two CPUs at one instant: local timer interrupts (/proc/interrupts LOC) and steal time
 * (/proc/stat). Two snapshots, at the window's start and end, give the window's tick rate and steal. File reads only,
 * on the monitoring thread, twice a run.
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
        // Plain loops, no regex or lambda for the JIT to compile: the monitor reads this at the window's start.
        String interrupts = HostFacts.read(proc.resolve("interrupts"));
        if (interrupts != null) {
            String[] lines = interrupts.split("\n");
            java.util.List<String> header = fields(lines[0]);
            for (String line : lines) {
                java.util.List<String> f = fields(line);
                if (!f.isEmpty() && f.get(0).equals("LOC:")) {
                    for (int i = 0; i < cpus.length; i++) {
                        int column = header.indexOf("CPU" + cpus[i]);
                        if (column >= 0 && column + 1 < f.size()) {
                            ticks[i] = parse(f.get(column + 1));
                        }
                    }
                }
            }
        }
        String stat = HostFacts.read(proc.resolve("stat"));
        if (stat != null) {
            for (String line : stat.split("\n")) {
                java.util.List<String> f = fields(line);
                for (int i = 0; i < cpus.length; i++) {
                    if (f.size() > 8 && f.get(0).equals("cpu" + cpus[i])) {
                        long s = parse(f.get(8));
                        steal[i] = s < 0 ? -1 : s * 1000 / USER_HZ;
                    }
                }
            }
        }
        return new KernelCounters(ticks, steal);
    }

    static java.util.List<String> fields(String line) {
        java.util.List<String> out = new java.util.ArrayList<>();
        int start = -1;
        for (int i = 0; i <= line.length(); i++) {
            boolean blank = i == line.length() || line.charAt(i) == ' ' || line.charAt(i) == '\t';
            if (!blank && start < 0) {
                start = i;
            } else if (blank && start >= 0) {
                out.add(line.substring(start, i));
                start = -1;
            }
        }
        return out;
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
