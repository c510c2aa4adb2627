package io.queuelatency.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The slow messages, kept with their times so that each can be matched against what happened while it was in
 * flight. On the consumer's path: three stores and no branch; the ring moves on only past a message at least as slow
 * as the floor. The monitor moves the floor ({@link #setFloor}): to the warm-up's median as the window begins, then
 * to the p90 of the window so far, so that about a tenth are kept, all beyond the window's p99. Warm-up and window
 * alike go in, like {@link StallRecorder}'s stalls, and are drained the same way ({@link #published},
 * {@link #lapsAfter}). A full ring overwrites its oldest.
 */
public final class SlowMessages {
    /** 2^22 messages, 96 MiB: a tenth of 400 s at 100,000 msg/s, so a default 100 s window never folds inside. */
    public static final int DEFAULT_CAPACITY = 1 << 22;
    /** Faster than this, a message is never kept. */
    public static final long MIN_FLOOR_NS = 2_000;

    private final long[] times; // intended, written, received per message
    private final int mask;
    private volatile long floorNs = MIN_FLOOR_NS;
    private long seen;
    private final AtomicLong published = new AtomicLong();

    public SlowMessages(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.mask = capacity - 1;
        this.times = new long[3 * capacity];
    }

    /** From the monitoring thread. */
    public void setFloor(long ns) {
        floorNs = Math.max(MIN_FLOOR_NS, ns);
    }

    /** {@code written}: the producer's last clock read before the payload, or {@link Channel#NO_ACTUAL}. */
    public void offer(long intended, long written, long received) {
        int j = 3 * (int) (seen & mask);
        times[j] = intended;
        times[j + 1] = written;
        times[j + 2] = received;
        seen += ~(received - intended - floorNs) >>> 63; // 1 when at least the floor: no branch
        published.lazySet(seen);
    }

    public long published() {
        return published.get();
    }

    public long lapsAfter() {
        return mask;
    }

    public long intendedAt(long i) {
        return times[3 * (int) (i & mask)];
    }

    public long writtenAt(long i) {
        return times[3 * (int) (i & mask) + 1];
    }

    public long receivedAt(long i) {
        return times[3 * (int) (i & mask) + 2];
    }

    public long floorNs() {
        return floorNs;
    }

    public long seen() {
        return seen;
    }

    /** At most the capacity less one. */
    public int size() {
        return (int) Math.min(seen, mask);
    }

    public long overwritten() {
        return seen - size();
    }

    public long intendedNs(int k) {
        return times[slot(k)];
    }

    public long writtenNs(int k) {
        return times[slot(k) + 1];
    }

    public long receivedNs(int k) {
        return times[slot(k) + 2];
    }

    private int slot(int k) {
        return 3 * (int) ((overwritten() + k) & mask);
    }
}
