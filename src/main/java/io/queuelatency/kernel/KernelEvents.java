package io.queuelatency.kernel;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The kernel's events on the measured CPUs, from the trace reader to the fold: a ring of primitive columns, one writer,
 * one reader, no allocation. A full ring drops the newest and counts them ({@link #dropped}).
 */
public final class KernelEvents {
    /** {@code pid} switched out still runnable (preempted), {@code arg} switched in, {@code name} its command. */
    public static final byte SWITCH = 1;
    /** The same, the task switched out having gone to sleep (a lock, a futex, I/O). */
    public static final byte SWITCH_SLEEP = 9;
    /** Hard interrupt handler: {@code arg} the irq, {@code name} its name. */
    public static final byte IRQ_ENTRY = 2;
    public static final byte IRQ_EXIT = 3;
    /** Softirq: {@code arg} the vector, {@code name} its action ("TIMER", "RCU"). */
    public static final byte SOFTIRQ_ENTRY = 4;
    public static final byte SOFTIRQ_EXIT = 5;
    /** The tick and high-resolution timers. */
    public static final byte TIMER_ENTRY = 6;
    public static final byte TIMER_EXIT = 7;
    /** A user page fault of {@code pid} at address {@code arg}. */
    public static final byte FAULT = 8;

    private final long[] ts;
    private final int[] cpu;
    private final byte[] type;
    private final int[] pid;
    private final long[] arg;
    private final int[] name;
    private final int mask;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong taken = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private long w;

    public KernelEvents(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        ts = new long[capacity];
        cpu = new int[capacity];
        type = new byte[capacity];
        pid = new int[capacity];
        arg = new long[capacity];
        name = new int[capacity];
        mask = capacity - 1;
    }

    /** Writer. */
    public void add(long tsNs, int onCpu, byte kind, int taskPid, long argument, int nameId) {
        if (w - taken.get() > mask) {
            dropped.incrementAndGet();
            return;
        }
        int s = (int) (w & mask);
        ts[s] = tsNs;
        cpu[s] = onCpu;
        type[s] = kind;
        pid[s] = taskPid;
        arg[s] = argument;
        name[s] = nameId;
        written.lazySet(++w);
    }

    /** Writer: how many events can be added before the ring is full. */
    public long room() {
        return mask + 1 - (w - taken.get());
    }

    /** Reader: events below this index are there to take. */
    public long written() {
        return written.get();
    }

    /** Reader: everything below {@code index} has been taken; its slots may be written again. */
    public void takenUpTo(long index) {
        taken.lazySet(index);
    }

    public long dropped() {
        return dropped.get();
    }

    public long ts(long i) {
        return ts[(int) (i & mask)];
    }

    public int cpu(long i) {
        return cpu[(int) (i & mask)];
    }

    public byte type(long i) {
        return type[(int) (i & mask)];
    }

    public int pid(long i) {
        return pid[(int) (i & mask)];
    }

    public long arg(long i) {
        return arg[(int) (i & mask)];
    }

    public int name(long i) {
        return name[(int) (i & mask)];
    }
}
