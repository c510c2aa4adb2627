package io.queuelatency.measure;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

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
 * <p>The threshold is calibrated per run, on the measured thread's own CPU before its loop begins
 * ({@link #calibrate}): {@value #CLOCK_MULTIPLE} times the p99 of {@value #CALIBRATION_READS} back-to-back clock
 * reads, and never below the floor given ({@link #DEFAULT_THRESHOLD_NS}). Where the clock is cheap (tens of ns,
 * an invariant TSC) that is the floor; where it is not (a hypervisor's clock source, HPET: a microsecond a read)
 * the threshold rises with it, so that the loop's own reads are never counted as stalls.
 * <p>One writer, the measured thread. Each read publishes how many stalls are kept ({@link #published}, an ordered
 * store: a plain one on x86), so another thread may drain the ring while the loop runs (the tail's fold, once a
 * second): a stall at index {@code i < published()} stays as it was until the writer laps it, which the reader
 * sees when {@code published() - i} exceeds {@link #lapsAfter}. Allocation-free from {@link #begin} on.
 */
public final class StallRecorder {
    /**
     * The threshold's floor: a gap this far above the loop's own cost (tens of ns) is a stall: microseconds, not
     * milliseconds.
     */
    public static final long DEFAULT_THRESHOLD_NS = 5_000;
    /** Back-to-back clock reads timed by {@link #calibrate}: a few milliseconds where a read costs tens of ns. */
    public static final int CALIBRATION_READS = 1 << 16;
    /** The threshold is at least this many times the p99 of those reads. */
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

    /**
     * On the measured thread, pinned, before {@link #begin}: times {@value #CALIBRATION_READS} back-to-back reads of
     * {@code clock} and raises the threshold to {@value #CLOCK_MULTIPLE} times their p99 when that is above the floor.
     */
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

    /** The median of the calibration's clock reads; -1 when not calibrated. */
    public long clockReadP50Ns() {
        return clockReadP50Ns;
    }

    /** The p99 of the calibration's clock reads; -1 when not calibrated. */
    public long clockReadP99Ns() {
        return clockReadP99Ns;
    }

    /** Another JVM's calibration ({@link ProducerRecords}): its threshold and clock reads. */
    void calibrated(long thresholdNs, long clockReadP50Ns, long clockReadP99Ns) {
        this.thresholdNs = thresholdNs;
        this.clockReadP50Ns = clockReadP50Ns;
        this.clockReadP99Ns = clockReadP99Ns;
    }

    /** Another JVM's stall, in time order ({@link ProducerRecords}): kept as its loop kept it. */
    void replay(long startNs, long lengthNs, boolean write) {
        lastNs = startNs;
        record(startNs + lengthNs, write);
    }

    /** Another JVM's loop's clock reads, once its stalls are replayed. */
    void readsWere(long reads) {
        this.reads = reads;
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
        published.lazySet(seen);
    }

    public long thresholdNs() {
        return thresholdNs;
    }

    /** Stalls kept so far, from any thread: indices below this are written (see the class comment). */
    public long published() {
        return published.get();
    }

    /** How far behind {@link #published} an index may fall before the writer reuses its slot. */
    public long lapsAfter() {
        return mask;
    }

    /** The stall at absolute index {@code i}: its start. Valid while {@code published() - i <= lapsAfter()}. */
    public long startAt(long i) {
        return startNs[(int) (i & mask)];
    }

    public long lengthAt(long i) {
        return lengthNs[(int) (i & mask)];
    }

    public boolean inWriteAt(long i) {
        return inWrite[(int) (i & mask)];
    }

    /** Read only after the loop ended: stalls seen, warm-up and window. */
    public long seen() {
        return seen;
    }

    /** Clock reads of the loop, warm-up and window: with the time it ran, the loop's own cost per read. */
    public long reads() {
        return reads;
    }

    /**
     * How many stalls are kept: the newest, at most the capacity less one (the slot being written is never a kept one),
     * in time order, from index {@code seen() - kept()}.
     */
    public int kept() {
        return (int) Math.min(seen, mask);
    }
}
