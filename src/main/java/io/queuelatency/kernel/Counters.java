package io.queuelatency.kernel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;

/**
 * What /proc counts for the two measured threads and their CPUs, read once a second: each thread's minor and major
 * page faults and involuntary context switches (the CPU taken from it), and all interrupts on each CPU. Without root
 * or tracefs this is the evidence a run has: per second, how often the kernel took each CPU, not which stall it was.
 * Any value not readable is -1.
 */
public final class Counters {
    /** Per second of the window: [producer, consumer] x values. */
    private long[][] minorFaults = new long[2][];
    private long[][] majorFaults = new long[2][];
    private long[][] involuntary = new long[2][];
    private long[][] interrupts = new long[2][];
    private int seconds;
    private final int[] tids;
    private final int[] cpus;
    private final long[][] last = new long[2][4];

    public Counters(int producerTid, int consumerTid, int producerCpu, int consumerCpu) {
        this.tids = new int[] {producerTid, consumerTid};
        this.cpus = new int[] {producerCpu, consumerCpu};
        for (long[][] a : new long[][][] {minorFaults, majorFaults, involuntary, interrupts}) {
            a[0] = new long[16];
            a[1] = new long[16];
        }
    }

    /** The counts now, as the base of the next second. */
    public void begin() {
        long[] irq = interruptsPerCpu();
        for (int t = 0; t < 2; t++) {
            last[t] = read(t, irq);
        }
    }

    /** One second more: the counts since the last call. */
    public void second() {
        long[] irq = interruptsPerCpu();
        for (int t = 0; t < 2; t++) {
            long[] now = read(t, irq);
            put(minorFaults, t, delta(now[0], last[t][0]));
            put(majorFaults, t, delta(now[1], last[t][1]));
            put(involuntary, t, delta(now[2], last[t][2]));
            put(interrupts, t, delta(now[3], last[t][3]));
            last[t] = now;
        }
        seconds++;
    }

    private void put(long[][] a, int t, long v) {
        if (seconds == a[t].length) {
            a[t] = Arrays.copyOf(a[t], 2 * seconds);
        }
        a[t][seconds] = v;
    }

    private static long delta(long now, long before) {
        return now < 0 || before < 0 ? -1 : now - before;
    }

    /** {minor faults, major faults, involuntary switches, interrupts on its CPU} of thread {@code t} (0 producer, 1 consumer). */
    private long[] read(int t, long[] irq) {
        long minor = -1;
        long major = -1;
        long invol = -1;
        if (tids[t] > 0) {
            String stat = text(Paths.get("/proc/self/task/" + tids[t] + "/stat"));
            if (stat != null) {
                // After the command's closing parenthesis: state(3) ppid ... minflt is field 10, majflt field 12.
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
                if (f.length > 9) {
                    minor = Long.parseLong(f[7]);
                    major = Long.parseLong(f[9]);
                }
            }
            String status = text(Paths.get("/proc/self/task/" + tids[t] + "/status"));
            if (status != null) {
                int i = status.indexOf("nonvoluntary_ctxt_switches:");
                if (i >= 0) {
                    int end = status.indexOf('\n', i);
                    invol = Long.parseLong(status.substring(i + "nonvoluntary_ctxt_switches:".length(), end < 0 ? status.length() : end).trim());
                }
            }
        }
        return new long[] {minor, major, invol, cpus[t] < irq.length ? irq[cpus[t]] : -1};
    }

    /** Every interrupt counted on each CPU since boot, from /proc/interrupts; empty when not readable. */
    static long[] interruptsPerCpu() {
        String all = text(Paths.get("/proc/interrupts"));
        if (all == null) {
            return new long[0];
        }
        String[] lines = all.split("\n");
        int n = lines[0].trim().split("\\s+").length;
        long[] sum = new long[n];
        for (int l = 1; l < lines.length; l++) {
            String[] f = lines[l].trim().split("\\s+");
            for (int c = 0; c < n && c + 1 < f.length; c++) {
                try {
                    sum[c] += Long.parseLong(f[c + 1]);
                } catch (NumberFormatException e) {
                    break; // a line with fewer columns (ERR, MIS)
                }
            }
        }
        return sum;
    }

    private static String text(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    public long[] minorFaults(int t) {
        return Arrays.copyOf(minorFaults[t], seconds);
    }

    public long[] majorFaults(int t) {
        return Arrays.copyOf(majorFaults[t], seconds);
    }

    public long[] involuntarySwitches(int t) {
        return Arrays.copyOf(involuntary[t], seconds);
    }

    public long[] interrupts(int t) {
        return Arrays.copyOf(interrupts[t], seconds);
    }
}
