package io.queuelatency.kernel;

import java.nio.charset.StandardCharsets;

/**
 * Reads the lines of a tracing instance's {@code trace_pipe} into {@link KernelEvents}, allocation-free: each line
 * is {@code <command>-<pid> [<cpu>] <flags> <seconds>.<micros>: <event>: <fields>}, on the {@code mono} clock. A
 * tracing_mark_write holding the stop word ends the reading; events not traced are skipped. Its byte scanners serve
 * the package's other readers of kernel text.
 */
public final class TraceLines {
    /** What one line was. */
    public static final int SKIPPED = 0;
    public static final int EVENT = 1;
    public static final int STOP = 2;

    private static final byte[] SCHED_SWITCH = bytes("sched_switch");
    private static final byte[] IRQ_ENTRY = bytes("irq_handler_entry");
    private static final byte[] IRQ_EXIT = bytes("irq_handler_exit");
    private static final byte[] SOFTIRQ_ENTRY = bytes("softirq_entry");
    private static final byte[] SOFTIRQ_EXIT = bytes("softirq_exit");
    private static final byte[] TIMER_ENTRY = bytes("local_timer_entry");
    private static final byte[] TIMER_EXIT = bytes("local_timer_exit");
    private static final byte[] FAULT = bytes("page_fault_user");
    private static final byte[] MARK = bytes("tracing_mark_write");
    private static final byte[] PREV_PID = bytes(" prev_pid=");
    private static final byte[] PREV_STATE = bytes(" prev_state=");
    private static final byte[] NEXT_COMM = bytes("next_comm=");
    private static final byte[] NEXT_PID = bytes(" next_pid=");
    private static final byte[] NAME = bytes("name=");
    private static final byte[] ACTION = bytes("[action=");
    private static final byte[] ADDRESS = bytes("address=0x");

    private final Names names;
    private final KernelEvents out;
    private final byte[] stopWord;

    public TraceLines(Names names, KernelEvents out, String stopWord) {
        this.names = names;
        this.out = out;
        this.stopWord = bytes(stopWord);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code b[from, to)} without its newline. */
    public int line(byte[] b, int from, int to) {
        int open = cpuBracket(b, from, to);
        if (open < 0) {
            return SKIPPED;
        }
        int dash = open - 1;
        while (dash > from && b[dash] == ' ') {
            dash--;
        }
        int pidEnd = dash + 1;
        while (dash > from && b[dash] >= '0' && b[dash] <= '9') {
            dash--;
        }
        if (b[dash] != '-') {
            return SKIPPED;
        }
        int taskPid = (int) number(b, dash + 1, pidEnd);
        int close = indexOf(b, (byte) ']', open, to);
        int onCpu = (int) number(b, open + 2, close);
        int p = skip(b, close + 1, to, ' ');
        p = skipTo(b, p, to, ' '); // the flags
        p = skip(b, p, to, ' ');
        int dot = indexOf(b, (byte) '.', p, to);
        int colon = indexOf(b, (byte) ':', dot, to);
        if (dot < 0 || colon < 0) {
            return SKIPPED;
        }
        long tsNs = number(b, p, dot) * 1_000_000_000L + fraction(b, dot + 1, colon);
        int event = colon + 2;
        int eventEnd = indexOf(b, (byte) ':', event, to);
        if (eventEnd < 0) {
            return SKIPPED;
        }
        return event(b, event, eventEnd, eventEnd + 2, to, tsNs, onCpu, taskPid);
    }

    // Called once per trace line: a parameter object would allocate per line, so the line's fields stay parameters.
    private int event(byte[] b, int e, int eEnd, int f, int to, long tsNs, int onCpu, int taskPid) {
        if (is(b, e, eEnd, SCHED_SWITCH)) {
            int prev = find(b, f, to, PREV_PID);
            int comm = find(b, f, to, NEXT_COMM);
            int next = find(b, f, to, NEXT_PID);
            if (prev < 0 || comm < 0 || next < 0) {
                return SKIPPED;
            }
            int prevPid = (int) number(b, prev + PREV_PID.length, skipTo(b, prev + PREV_PID.length, to, ' '));
            int nextPid = (int) number(b, next + NEXT_PID.length, skipTo(b, next + NEXT_PID.length, to, ' '));
            int c = comm + NEXT_COMM.length;
            int state = find(b, f, to, PREV_STATE);
            // "R", "R+": preempted; "S", "D": it slept
            boolean runnable = state < 0 || b[state + PREV_STATE.length] == 'R';
            out.add(tsNs, onCpu, runnable ? KernelEvents.SWITCH : KernelEvents.SWITCH_SLEEP, prevPid, nextPid,
                    names.intern(b, c, next - c));
        } else if (is(b, e, eEnd, IRQ_ENTRY)) {
            int n = find(b, f, to, NAME);
            int irq = (int) number(b, f + 4, skipTo(b, f + 4, to, ' ')); // "irq=36 name=..."
            out.add(tsNs, onCpu, KernelEvents.IRQ_ENTRY, taskPid, irq,
                    n < 0 ? -1 : names.intern(b, n + NAME.length, to - n - NAME.length));
        } else if (is(b, e, eEnd, IRQ_EXIT)) {
            out.add(tsNs, onCpu, KernelEvents.IRQ_EXIT, taskPid, number(b, f + 4, skipTo(b, f + 4, to, ' ')), -1);
        } else if (is(b, e, eEnd, SOFTIRQ_ENTRY) || is(b, e, eEnd, SOFTIRQ_EXIT)) {
            int a = find(b, f, to, ACTION);
            int end = a < 0 ? -1 : indexOf(b, (byte) ']', a, to);
            out.add(tsNs, onCpu, is(b, e, eEnd, SOFTIRQ_ENTRY) ? KernelEvents.SOFTIRQ_ENTRY : KernelEvents.SOFTIRQ_EXIT,
                    taskPid,
                    number(b, f + 4, skipTo(b, f + 4, to, ' ')),
                    end < 0 ? -1 : names.intern(b, a + ACTION.length, end - a - ACTION.length));
        } else if (is(b, e, eEnd, TIMER_ENTRY) || is(b, e, eEnd, TIMER_EXIT)) {
            out.add(tsNs, onCpu, is(b, e, eEnd, TIMER_ENTRY) ? KernelEvents.TIMER_ENTRY : KernelEvents.TIMER_EXIT,
                    taskPid, 0, -1);
        } else if (is(b, e, eEnd, FAULT)) {
            int a = find(b, f, to, ADDRESS);
            if (a < 0) {
                return SKIPPED;
            }
            out.add(tsNs, onCpu, KernelEvents.FAULT, taskPid,
                    hex(b, a + ADDRESS.length, skipTo(b, a + ADDRESS.length, to, ' ')), -1);
        } else if (is(b, e, eEnd, MARK)) {
            return find(b, f, to, stopWord) >= 0 ? STOP : SKIPPED;
        } else {
            return SKIPPED;
        }
        return EVENT;
    }

    /** The '[' of " [ddd]" (the CPU); -1 when the line has none (a comment, a lost-events notice). */
    private static int cpuBracket(byte[] b, int from, int to) {
        for (int i = from + 1; i + 2 < to; i++) {
            if (b[i] == '[' && b[i - 1] == ' ' && b[i + 1] >= '0' && b[i + 1] <= '9') {
                int j = i + 1;
                while (j < to && b[j] >= '0' && b[j] <= '9') {
                    j++;
                }
                if (j < to && b[j] == ']') {
                    return i - 1; // the space before it: cpu digits start at +2
                }
            }
        }
        return -1;
    }

    static boolean is(byte[] b, int from, int to, byte[] word) {
        if (to - from != word.length) {
            return false;
        }
        for (int i = 0; i < word.length; i++) {
            if (b[from + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    static int find(byte[] b, int from, int to, byte[] word) {
        outer:
        for (int i = from; i + word.length <= to; i++) {
            for (int k = 0; k < word.length; k++) {
                if (b[i + k] != word[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    static int indexOf(byte[] b, byte c, int from, int to) {
        for (int i = Math.max(0, from); i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static int skip(byte[] b, int from, int to, char c) {
        while (from < to && b[from] == c) {
            from++;
        }
        return from;
    }

    static int skipTo(byte[] b, int from, int to, char c) {
        while (from < to && b[from] != c) {
            from++;
        }
        return from;
    }

    /** The digits in {@code b[from, to)}, anything else passed over. */
    static long number(byte[] b, int from, int to) {
        long n = 0;
        for (int i = from; i < to; i++) {
            if (b[i] >= '0' && b[i] <= '9') {
                n = 10 * n + (b[i] - '0');
            }
        }
        return n;
    }

    /** The digits after the point as ns: 6 digits are microseconds, 9 nanoseconds. */
    private static long fraction(byte[] b, int from, int to) {
        long n = 0;
        int digits = 0;
        for (int i = from; i < to && digits < 9; i++, digits++) {
            n = 10 * n + (b[i] - '0');
        }
        for (; digits < 9; digits++) {
            n *= 10;
        }
        return n;
    }

    private static long hex(byte[] b, int from, int to) {
        long n = 0;
        for (int i = from; i < to; i++) {
            int c = b[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F'
                    ? c - 'A' + 10 : -1;
            if (d < 0) {
                break;
            }
            n = (n << 4) | d;
        }
        return n;
    }
}
