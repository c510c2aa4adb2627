package io.queuelatency.measure;

/**
 * The producer's fixed schedule: message {@code i} is due at {@code start + i * interval}, computed from the
 * start every time so that rounding never drifts. A producer that falls behind sends the late messages as
 * soon as it can; each still carries its scheduled (intended) time, so the delay shows in the
 * intended-time latency instead of being hidden (coordinated omission).
 */
public final class Pacer {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final NanoClock clock;
    private final long startNs;
    private final long ratePerSecond;

    public Pacer(NanoClock clock, long startNs, long ratePerSecond) {
        if (ratePerSecond <= 0) {
            throw new IllegalArgumentException("rate must be positive: " + ratePerSecond);
        }
        this.clock = clock;
        this.startNs = startNs;
        this.ratePerSecond = ratePerSecond;
    }

    /**
     * When message {@code i} is due: start + floor(i * 1e9 / rate), exact for any rate and count: no rounding
     * error accumulates, and no product overflows (i * 1e9 would after 9.2e9 messages, which 10 million msg/s
     * reaches in 16 minutes). Whole seconds and the remainder are scaled apart.
     */
    public long intendedTime(long i) {
        return startNs + (i / ratePerSecond) * NANOS_PER_SECOND
                + (i % ratePerSecond) * NANOS_PER_SECOND / ratePerSecond;
    }

    /** Spins until {@code intendedNs}; returns the clock's reading when it got there (or later). */
    public long awaitTime(long intendedNs) {
        long now;
        while ((now = clock.nanoTime()) < intendedNs) {
            // Busy-spin: a sleep or park would cost tens of microseconds on wake-up.
        }
        return now;
    }

    /**
     * The same wait, with every clock read handed to {@code stalls}: a gap between two reads far above the
     * spin's own cost is a stall of this thread. Idle spinning pays for it; the send does not. The first read
     * follows the previous write, so a gap there is marked as spanning it.
     */
    public long awaitTime(long intendedNs, StallRecorder stalls) {
        long now = clock.nanoTime();
        stalls.readAfterWrite(now);
        while (now < intendedNs) {
            now = clock.nanoTime();
            stalls.read(now);
        }
        return now;
    }

    public long now() {
        return clock.nanoTime();
    }

    public long ratePerSecond() {
        return ratePerSecond;
    }
}
