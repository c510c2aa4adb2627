package io.queuelatency.measure;

/**
 * What the measured threads record for tail attribution: each thread's stalls and the consumer's slow messages. With
 * attribution off there are none ({@link #OFF}: every recorder null), and the threads record latency only.
 */
public final class TailRecorders {
    public static final TailRecorders OFF = new TailRecorders(null, null, null);

    public final StallRecorder producerStalls;
    public final StallRecorder consumerStalls;
    public final SlowMessages slow;

    public TailRecorders(StallRecorder producerStalls, StallRecorder consumerStalls, SlowMessages slow) {
        this.producerStalls = producerStalls;
        this.consumerStalls = consumerStalls;
        this.slow = slow;
    }

    /** Recorders of the default threshold and capacities, for a study with attribution on. */
    static TailRecorders create() {
        return new TailRecorders(new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY),
                new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY),
                new SlowMessages(SlowMessages.DEFAULT_CAPACITY));
    }

    /** Whether the threads record for attribution at all. */
    public boolean on() {
        return producerStalls != null;
    }
}
