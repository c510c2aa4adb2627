package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Where the consumer puts each one-way latency: each {@link Definition} (receive time minus the scheduled, the
 * actual or the in-queue send time) in its own recorder, warm-up and window apart. The consumer is the only writer
 * ({@link SingleWriterRecorder}: wait-free, allocation-free); the monitor takes interval histograms. A value above
 * {@link #HIGHEST_TRACKABLE_NS} is recorded as that maximum and a negative one as 0, both counted.
 */
public final class LatencyRecorder {
    public static final long HIGHEST_TRACKABLE_NS = io.queuelatency.result.Validity.HIGHEST_TRACKABLE_NS; // one hour
    public static final int SIGNIFICANT_DIGITS = 3;

    private final long warmupMessages;
    // [phase][definition]: phase 0 warm-up, 1 window; indexed, never branched on.
    private final SingleWriterRecorder[][] recorders = new SingleWriterRecorder[2][Definition.values().length];
    private final SingleWriterRecorder[] intendedBy = new SingleWriterRecorder[2];
    private final SingleWriterRecorder[] actualBy = new SingleWriterRecorder[2];
    private final SingleWriterRecorder[] inQueueBy = new SingleWriterRecorder[2];
    private long clampedHigh;
    private long clampedNegative;

    public LatencyRecorder(long warmupMessages) {
        this.warmupMessages = warmupMessages;
        for (int phase = 0; phase < 2; phase++) {
            for (Definition d : Definition.values()) {
                recorders[phase][d.ordinal()] = new SingleWriterRecorder(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
            }
            intendedBy[phase] = recorders[phase][Definition.INTENDED.ordinal()];
            actualBy[phase] = recorders[phase][Definition.ACTUAL.ordinal()];
            inQueueBy[phase] = recorders[phase][Definition.IN_QUEUE.ordinal()];
        }
    }

    /** 0 for a warm-up message, 1 for one of the window, without a branch the window would take first. */
    public static int phase(long sequence, long warmupMessages) {
        return (int) (~(sequence - warmupMessages) >>> 63);
    }

    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    public void record(long sequence, long intendedLatencyNs, long actualLatencyNs, long inQueueLatencyNs) {
        int phase = phase(sequence, warmupMessages);
        intendedBy[phase].recordValue(clamp(intendedLatencyNs));
        actualBy[phase].recordValue(clamp(actualLatencyNs));
        inQueueBy[phase].recordValue(clamp(inQueueLatencyNs));
    }

    /** For messages with no room for the in-queue send time (24 to 31 bytes). */
    public void record(long sequence, long intendedLatencyNs, long actualLatencyNs) {
        int phase = phase(sequence, warmupMessages);
        intendedBy[phase].recordValue(clamp(intendedLatencyNs));
        actualBy[phase].recordValue(clamp(actualLatencyNs));
    }

    /** For messages too small to carry the actual send time: the intended latency alone. */
    public void recordIntended(long sequence, long intendedLatencyNs) {
        intendedBy[phase(sequence, warmupMessages)].recordValue(clamp(intendedLatencyNs));
    }

    private long clamp(long latencyNs) {
        if (latencyNs < 0) {
            clampedNegative++;
            return 0;
        }
        if (latencyNs > HIGHEST_TRACKABLE_NS) {
            clampedHigh++;
            return HIGHEST_TRACKABLE_NS;
        }
        return latencyNs;
    }

    public SingleWriterRecorder window(Definition d) {
        return recorders[1][d.ordinal()];
    }

    public SingleWriterRecorder warmup(Definition d) {
        return recorders[0][d.ordinal()];
    }

    /** Read only after the consumer has stopped. */
    public long clampedHigh() {
        return clampedHigh;
    }

    public long clampedNegative() {
        return clampedNegative;
    }
}
