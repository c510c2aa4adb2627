package io.queuelatency.measure;

/** What the measured threads record for tail attribution; with it off, {@link #OFF}: every recorder null. */
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

    static TailRecorders create() {
        return new TailRecorders(new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY),
                new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY),
                new SlowMessages(SlowMessages.DEFAULT_CAPACITY));
    }

    public boolean on() {
        return producerStalls != null;
    }
}
