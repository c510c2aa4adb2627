package io.queuelatency.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The slow messages, kept with their times so that each can be matched against what happened while it was in
 * flight. On the consumer's message path this costs three sequential stores and no branch: every message is
 * written into the ring's current slot, which is kept (the ring moves on) only when the message is at least as
 * slow as the floor. The monitoring thread moves the floor ({@link #setFloor}): to the warm-up's median as the
 * window begins, then once a second to the p90 of the window so far, so that about a tenth of the messages
 * are kept, all beyond the window's p99 (the warm-up alone is a poor guide: the JIT makes its tail longer).
 * Warm-up and window alike go into the ring (which messages belong to the window is decided afterwards, from
 * their times): a branch first taken when the window begins would cost a deoptimisation there. A full ring
 * overwrites its oldest.
 * <p>One writer, the consumer; the floor is set by the monitor. Each offer publishes how many are kept
 * ({@link #published}, an ordered store), so the tail's fold drains the ring once a second while the loop runs; a
 * message at index {@code i < published()} stays until the writer laps it ({@code published() - i > lapsAfter()}).
 */
public final class SlowMessages {
    /**
     * 2^22 messages, 96 MiB: a tenth (the floor follows the window's p90) of 400 s at 100,000 msg/s. Where no spare
     * CPU takes the fold, it waits for the window's end unless a ring passes half full: the default 100 s window then
     * never makes it fold inside the window.
     */
    public static final int DEFAULT_CAPACITY = 1 << 22;
    /** Faster than this, a message is never kept. */
    public static final long MIN_FLOOR_NS = 2_000;

    private final long[] times; // intended, written, received per message
    private final int mask;
    private volatile long floorNs = MIN_FLOOR_NS;
    private long seen;
    private final AtomicLong published = new AtomicLong();

    /** {@code capacity} a power of two. */
    public SlowMessages(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.mask = capacity - 1;
        this.times = new long[3 * capacity];
    }

    /** From the monitoring thread: keep only messages at least this slow from now on (never below the minimum). */
    public void setFloor(long ns) {
        floorNs = Math.max(MIN_FLOOR_NS, ns);
    }

    /**
     * Every message; {@code written} is the producer's last clock read before the payload (the in-queue send time, or
     * the actual one where the message has no room for it), {@link Channel#NO_ACTUAL} for a message too
     * small for either.
     */
    public void offer(long intended, long written, long received) {
        int j = 3 * (int) (seen & mask);
        times[j] = intended;
        times[j + 1] = written;
        times[j + 2] = received;
        seen += ~(received - intended - floorNs) >>> 63; // 1 when at least the floor: no branch
        published.lazySet(seen);
    }

    /** Messages kept so far, from any thread. */
    public long published() {
        return published.get();
    }

    /** How far behind {@link #published} an index may fall before the writer reuses its slot. */
    public long lapsAfter() {
        return mask;
    }

    public long intendedAt(long i) {
        return times[3 * (int) (i & mask)];
    }

    /** The producer's last clock read before the payload: until then the message was the producer's. */
    public long writtenAt(long i) {
        return times[3 * (int) (i & mask) + 1];
    }

    public long receivedAt(long i) {
        return times[3 * (int) (i & mask) + 2];
    }

    public long floorNs() {
        return floorNs;
    }

    /** How many messages reached the floor, warm-up and window. */
    public long seen() {
        return seen;
    }

    /** How many are kept: the newest, at most the capacity less one (the slot being written is never a kept one). */
    public int size() {
        return (int) Math.min(seen, mask);
    }

    /** How many were overwritten by newer ones. */
    public long overwritten() {
        return seen - size();
    }

    /** A kept message's flight: from its intended send to its receipt. */
    public interface Flight {
        void of(long intendedNs, long receivedNs);
    }

    /**
     * The kept messages sent in the window from {@code startNs} to {@code endNs} that are at least {@code atLeastNs}
     * slow (intended), in receipt order; once the loops have ended.
     */
    public void forEachSlow(long startNs, long endNs, long atLeastNs, Flight f) {
        for (long i = overwritten(); i < seen; i++) {
            long intended = intendedAt(i);
            long received = receivedAt(i);
            if (intended >= startNs && intended < endNs && received - intended >= atLeastNs) {
                f.of(intended, received);
            }
        }
    }
}
