package io.queuelatency.measure;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stalls of one measured thread, seen by the thread itself: its loop reads the clock again and again (the
 * producer while it waits for a message's slot, the consumer on every poll), so a gap between two reads far above the
 * loop's own cost means the thread lost its CPU or was stopped. Gaps above {@link #thresholdNs} are kept in a ring of
 * fixed arrays (the newest {@code capacity}), warm-up and window alike, with no branch on either: a branch first taken
 * when the window begins would make the JIT discard the loop's code there.
 * <p>The threshold is {@value #CLOCK_MULTIPLE} times the p99 of back-to-back clock reads on the thread's own CPU
 * ({@link #calibrate}), never below the floor given: a slow clock source (a hypervisor's, HPET) raises it, so the
 * loop's own reads are never stalls.
 * <p>One writer. Each read publishes how many stalls are kept (an ordered store), so the fold drains the ring while the
 * loop runs: index {@code i < published()} stays as it was until {@code published() - i} exceeds {@link #lapsAfter}.
 * Allocation-free from {@link #begin} on.
 */
public final class StallRecorder {
    /** The threshold's floor: microseconds, far above the loop's own cost (tens of ns). */
    public static final long DEFAULT_THRESHOLD_NS = 5_000;
    public static final int CALIBRATION_READS = 1 << 16;
    public static final long CLOCK_MULTIPLE = 10;
    /** Stalls kept with their times: 2^20 - 1, 17 MiB per thread; the newest when there were more. */
    public static final int CAPACITY = 1 << 20;

    private long thresholdNs;
    private long clockReadP50Ns = -1;
    private long clockReadP99Ns = -1;
    private final long[] startNs;
    private final long[] lengthNs;
    private final boolean[] inWrite;
    private final int mask;
    private long seen;
    private final AtomicLong published = new AtomicLong();
    private long reads;
    private long lastNs;

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

    /** On the measured thread, pinned, before {@link #begin}. */
    public void calibrate(NanoClock clock) {
        long[] gaps = new long[CALIBRATION_READS];
        long last = clock.nanoTime();
        for (int i = 0; i < gaps.length; i++) {
            long now = clock.nanoTime();
            gaps[i] = now - last;
            last = now;
        }
        Arrays.sort(gaps);
        clockReadP50Ns = gaps[gaps.length / 2];
        clockReadP99Ns = gaps[(int) (gaps.length * 0.99)];
        thresholdNs = Math.max(thresholdNs, CLOCK_MULTIPLE * clockReadP99Ns);
    }

    /** -1 when not calibrated. */
    public long clockReadP50Ns() {
        return clockReadP50Ns;
    }

    public long clockReadP99Ns() {
        return clockReadP99Ns;
    }

    /** From {@code nowNs} on: the first read of the loop; no gap is measured before it. */
    public void begin(long nowNs) {
        lastNs = nowNs;
    }

    public void read(long nowNs) {
        record(nowNs, false);
    }

    /** A read after, or inside, a write to the queue: a stall ending here may be the queue's own (a page fault). */
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
        published.lazySet(seen);
    }

    public long thresholdNs() {
        return thresholdNs;
    }

    /** Stalls kept so far, from any thread. */
    public long published() {
        return published.get();
    }

    /** How far behind {@link #published} an index may fall before the writer reuses its slot. */
    public long lapsAfter() {
        return mask;
    }

    /** Valid while {@code published() - i <= lapsAfter()}. */
    public long startAt(long i) {
        return startNs[(int) (i & mask)];
    }

    public long lengthAt(long i) {
        return lengthNs[(int) (i & mask)];
    }

    public boolean inWriteAt(long i) {
        return inWrite[(int) (i & mask)];
    }

    /** Read only after the loop ended. */
    public long seen() {
        return seen;
    }

    /** Clock reads of the loop, warm-up and window: with the time it ran, the loop's own cost per read. */
    public long reads() {
        return reads;
    }

    /** At most the capacity less one (the slot being written is never a kept one). */
    public int kept() {
        return (int) Math.min(seen, mask);
    }

    /** The {@code k}-th oldest kept stall's start. */
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
