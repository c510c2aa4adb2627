package io.queuelatency.measure;

/** A deterministic clock: every read advances it by a fixed step; a test can also jump it (a stall). */
final class SteppingClock implements NanoClock {
    private final long stepNs;
    private long now;

    SteppingClock(long startNs, long stepNs) {
        this.now = startNs;
        this.stepNs = stepNs;
    }

    @Override
    public long nanoTime() {
        now += stepNs;
        return now;
    }

    void stall(long ns) {
        now += ns;
    }

    long peek() {
        return now;
    }
}
