package io.queuelatency.measure;

/**
 * The producer's fixed schedule, from the start every time so that rounding never drifts. A late message still
 * carries its scheduled time, so the delay shows in the intended latency (no coordinated omission).
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

    /** start + floor(i * 1e9 / rate), whole seconds and remainder apart so that i * 1e9 never overflows. */
    public long intendedTime(long i) {
        return startNs + (i / ratePerSecond) * NANOS_PER_SECOND
                + (i % ratePerSecond) * NANOS_PER_SECOND / ratePerSecond;
    }

    /** Spins until {@code intendedNs}: a sleep or park would cost tens of microseconds on wake-up. */
    public long awaitTime(long intendedNs) {
        long now;
        while ((now = clock.nanoTime()) < intendedNs) {
            // spin
        }
        return now;
    }

    /** The same, every read handed to {@code stalls}; the first follows the previous write. */
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
