package io.queuelatency.measure;

/**
 * The stalls of one measured thread, seen by the thread itself: its loop reads the clock again and again (the
 * producer while it waits for a message's slot, the consumer on every poll), so a gap between two consecutive
 * reads far above the loop's own cost means the thread lost its CPU or was stopped (an interrupt, another
 * process, the hypervisor, a safepoint, a page fault). Gaps above {@link #thresholdNs} are kept with their start,
 * length and whether they spanned a write to the queue, in a ring of fixed arrays (bounded memory: the newest
 * {@code capacity} stalls), warm-up and window alike: which stalls belong to the window is decided afterwards,
 * from their times.
 * <p>The loop's code is the same in warm-up and window and takes no branch that depends on either: every read
 * writes the ring's current slot and moves on only past a stall. A branch first taken when the window begins
 * would make the JIT throw the loop's compiled code away at that moment (an uncommon trap), in the window.
 * <p>One writer, the measured thread; read by others only after its loop has ended. Allocation-free.
 */
public final class StallRecorder {
    /** A gap this much above the loop's own cost (tens of ns) is a stall: microseconds, not milliseconds. */
    public static final long DEFAULT_THRESHOLD_NS = 5_000;
    /** Stalls kept with their times: 2^20 - 1, 17 MiB per thread; the newest when there were more. */
    public static final int CAPACITY = 1 << 20;

    private final long thresholdNs;
    private final long[] startNs;
    private final long[] lengthNs;
    private final boolean[] inWrite;
    private final int mask;
    private long seen;
    private long reads;
    private long lastNs;

    /** {@code capacity} a power of two. */
    public StallRecorder(long thresholdNs, int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.thresholdNs = thresholdNs;
        this.startNs = new long[capacity];
        this.lengthNs = new long[capacity];
        this.inWrite = new boolean[capacity];
        this.mask = capacity - 1;
    }

    /** From {@code nowNs} on: the first read of the loop; no gap is measured before it. */
    public void begin(long nowNs) {
        lastNs = nowNs;
    }

    /** The loop read the clock: {@code nowNs}. */
    public void read(long nowNs) {
        record(nowNs, false);
    }

    /**
     * The loop read the clock after, or inside, a write to the queue (the producer's): a stall ending here was
     * spent in the queue's code as much as off the CPU (a page fault on a new page of the mapped file, a block
     * mapped, an index written), and is told apart.
     */
    public void readAfterWrite(long nowNs) {
        record(nowNs, true);
    }

    private void record(long nowNs, boolean write) {
        long gap = nowNs - lastNs;
        lastNs = nowNs;
        reads++;
        int slot = (int) (seen & mask);
        startNs[slot] = nowNs - gap;
        lengthNs[slot] = gap;
        inWrite[slot] = write;
        seen += (thresholdNs - gap) >>> 63; // keep the slot only past the threshold: no branch
    }

    public long thresholdNs() {
        return thresholdNs;
    }

    /** Read only after the loop ended: stalls seen, warm-up and window. */
    public long seen() {
        return seen;
    }

    /** Clock reads of the loop, warm-up and window: with the time it ran, the loop's own cost per read. */
    public long reads() {
        return reads;
    }

    /** How many stalls are kept: the newest, at most the capacity less one (the slot being written is never a kept one). */
    public int kept() {
        return (int) Math.min(seen, mask);
    }

    /** The {@code k}-th oldest kept stall's start; kept stalls are in time order. */
    public long startNs(int k) {
        return startNs[slot(k)];
    }

    public long lengthNs(int k) {
        return lengthNs[slot(k)];
    }

    public boolean inWrite(int k) {
        return inWrite[slot(k)];
    }

    private int slot(int k) {
        return (int) ((seen - kept() + k) & mask);
    }
}
