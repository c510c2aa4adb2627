package io.queuelatency.kernel;

import io.queuelatency.host.KernelCounters;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What /proc counts for the two measured threads and their CPUs, once a second: each thread's page faults and
 * involuntary context switches, and all interrupts on each CPU: without root or tracefs, the evidence a run has. A
 * value not readable is -1. Each file is parsed in one reused buffer: a second costs a few small objects, not
 * kilobytes, in the measured JVM.
 */
public final class Counters {
    private static final byte[] NONVOLUNTARY = "nonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CPU = "CPU".getBytes(StandardCharsets.US_ASCII);

    /** Per second of the window: [minor faults, major faults, involuntary switches, interrupts][thread][second]. */
    private final long[][][] perSecond = new long[4][2][16];
    private int seconds;
    private final int[] tids;
    private final int[] cpus;
    private final String[] statFile = new String[2];
    private final String[] statusFile = new String[2];
    private final long[][] last = new long[2][4];
    private final long[][] now = new long[2][4];
    private byte[] buf = new byte[1 << 16];
    private int length;

    public Counters(int producerTid, int consumerTid, int producerCpu, int consumerCpu) {
        this.tids = new int[] {producerTid, consumerTid};
        this.cpus = new int[] {producerCpu, consumerCpu};
        for (int t = 0; t < 2; t++) {
            // by the thread's own id, not this process's: with --topology processes the producer is another JVM's
            statFile[t] = "/proc/" + tids[t] + "/task/" + tids[t] + "/stat";
            statusFile[t] = "/proc/" + tids[t] + "/task/" + tids[t] + "/status";
        }
    }

    /** The counts now, as the base of the next second; the seconds before are dropped. */
    public void begin() {
        seconds = 0;
        for (int t = 0; t < 2; t++) {
            read(t, last[t]);
        }
        interruptsOn(last);
    }

    public void second() {
        for (int t = 0; t < 2; t++) {
            read(t, now[t]);
        }
        interruptsOn(now);
        for (int t = 0; t < 2; t++) {
            for (int k = 0; k < 4; k++) {
                put(perSecond[k], t, KernelCounters.delta(now[t][k], last[t][k]));
            }
            System.arraycopy(now[t], 0, last[t], 0, 4);
        }
        seconds++;
    }

    private void put(long[][] a, int t, long v) {
        if (seconds == a[t].length) {
            a[t] = Arrays.copyOf(a[t], 2 * seconds);
        }
        a[t][seconds] = v;
    }

    /** Minor faults, major faults, involuntary switches of thread {@code t} (0 producer, 1 consumer). */
    private void read(int t, long[] into) {
        Arrays.fill(into, 0, 3, -1);
        if (tids[t] <= 0) {
            return;
        }
        if (load(statFile[t])) {
            // After the command's closing parenthesis: state (field 3) ... minflt is field 10, majflt field 12.
            int p = lastIndexOf((byte) ')') + 2;
            for (int field = 3; field < 10 && p > 0; field++) {
                p = indexOf((byte) ' ', p) + 1;
            }
            if (p > 0) {
                into[0] = number(p);
                into[1] = number(indexOf((byte) ' ', indexOf((byte) ' ', p) + 1) + 1);
            }
        }
        if (load(statusFile[t])) {
            int i = find(NONVOLUNTARY, 0);
            if (i >= 0) {
                into[2] = number(skipSpaces(i + NONVOLUNTARY.length));
            }
        }
    }

    /** Into {@code into[t][3]}: every interrupt on each measured CPU since boot. */
    private void interruptsOn(long[][] into) {
        into[0][3] = -1;
        into[1][3] = -1;
        if (!load("/proc/interrupts")) {
            return;
        }
        int lineEnd = indexOf((byte) '\n', 0);
        if (lineEnd < 0) {
            return;
        }
        // The header names the columns: "CPU0 CPU1 ..." (offline CPUs have none): which column is each measured CPU.
        int[] column = {-1, -1};
        int c = 0;
        for (int p = find(CPU, 0); p >= 0 && p < lineEnd; p = find(CPU, p + CPU.length)) {
            long id = number(p + CPU.length);
            for (int t = 0; t < 2; t++) {
                column[t] = id == cpus[t] ? c : column[t];
            }
            c++;
        }
        long[] sum = new long[2];
        for (int p = lineEnd + 1; p < length; ) {
            int end = indexOf((byte) '\n', p);
            end = end < 0 ? length : end;
            int q = indexOf((byte) ':', p);
            if (q < 0 || q > end) {
                p = end + 1;
                continue;
            }
            q++;
            for (int col = 0; col < c; col++) {
                q = skipSpaces(q);
                if (q >= end || buf[q] < '0' || buf[q] > '9') {
                    break; // a line with fewer columns (ERR, MIS)
                }
                long v = number(q);
                for (int t = 0; t < 2; t++) {
                    sum[t] += col == column[t] ? v : 0;
                }
                while (q < end && buf[q] >= '0' && buf[q] <= '9') {
                    q++;
                }
            }
            p = end + 1;
        }
        for (int t = 0; t < 2; t++) {
            into[t][3] = column[t] < 0 ? -1 : sum[t];
        }
    }

    private boolean load(String file) {
        try (FileInputStream in = new FileInputStream(file)) {
            length = 0;
            for (int n; (n = in.read(buf, length, buf.length - length)) > 0; ) {
                length += n;
                if (length == buf.length) {
                    buf = Arrays.copyOf(buf, 2 * buf.length); // a host with many CPUs: once
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private int indexOf(byte b, int from) {
        return TraceLines.indexOf(buf, b, from, length);
    }

    private int lastIndexOf(byte b) {
        for (int i = length - 1; i >= 0; i--) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private int find(byte[] what, int from) {
        return TraceLines.find(buf, from, length, what);
    }

    private int skipSpaces(int p) {
        while (p < length && (buf[p] == ' ' || buf[p] == '\t')) {
            p++;
        }
        return p;
    }

    /** The decimal number at {@code p}; -1 where there is none. */
    private long number(int p) {
        if (p < 0 || p >= length || buf[p] < '0' || buf[p] > '9') {
            return -1;
        }
        long v = 0;
        for (; p < length && buf[p] >= '0' && buf[p] <= '9'; p++) {
            v = 10 * v + buf[p] - '0';
        }
        return v;
    }

    /** Thread {@code t}'s (0 producer, 1 consumer) [minor faults, major faults, involuntary switches, interrupts]. */
    public long[][] perSecond(int t) {
        return Arrays.stream(perSecond).map(counter -> Arrays.copyOf(counter[t], seconds)).toArray(long[][]::new);
    }
}
