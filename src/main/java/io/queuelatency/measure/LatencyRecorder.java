package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Where the consumer puts each one-way latency: four definitions, each in its own HdrHistogram recorder,
 * and separate recorders for warm-up so that nothing from warm-up reaches the measured window.
 * <ul>
 *   <li><b>intended</b>: receive time minus the scheduled send time. Includes any time the producer ran
 *       late, so it is free of coordinated omission: the headline.</li>
 *   <li><b>actual</b>: receive time minus the producer's clock read immediately before the queue's write call,
 *       the definition of Per Minborg's study. A producer stall before the write does not show here.</li>
 *   <li><b>in-queue</b>: receive time minus the producer's clock read inside the write, once the queue opened it:
 *       the queue's own transit without opening the write or filling the body.</li>
 *   <li><b>handled</b>: the end of the workload's handling minus the scheduled send time: the whole path, the
 *       workload's fill and handling included.</li>
 * </ul>
 * The consumer is the only writer ({@link SingleWriterRecorder}: wait-free, allocation-free); the
 * monitoring thread takes interval histograms from the other side. Values are recorded in ns with
 * 3 significant digits; a value above {@link #HIGHEST_TRACKABLE_NS} is recorded as that maximum and a
 * negative one as 0, and both are counted so the result can say so.
 */
public final class LatencyRecorder {
    public static final long HIGHEST_TRACKABLE_NS = io.queuelatency.result.Validity.HIGHEST_TRACKABLE_NS; // one hour
    public static final int SIGNIFICANT_DIGITS = 3;

    private final long warmupMessages;
    /** False with the default copy: its handling is the tool's own check, so no handled latency is kept. */
    private final boolean handled;
    // [phase][definition]: phase 0 warm-up, 1 window (see phase); definition by Definition.ordinal().
    // Indexed, never branched on.
    private final SingleWriterRecorder[][] recorders = new SingleWriterRecorder[2][Definition.values().length];
    private final SingleWriterRecorder[] intendedBy = new SingleWriterRecorder[2];
    private final SingleWriterRecorder[] actualBy = new SingleWriterRecorder[2];
    private final SingleWriterRecorder[] inQueueBy = new SingleWriterRecorder[2];
    private final SingleWriterRecorder[] handledBy = new SingleWriterRecorder[2];
    private long clampedHigh;
    private long clampedNegative;

    public LatencyRecorder(long warmupMessages, boolean handled) {
        this.warmupMessages = warmupMessages;
        this.handled = handled;
        for (int phase = 0; phase < 2; phase++) {
            for (Definition d : Definition.values()) {
                recorders[phase][d.ordinal()] = new SingleWriterRecorder(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
            }
            intendedBy[phase] = recorders[phase][Definition.INTENDED.ordinal()];
            actualBy[phase] = recorders[phase][Definition.ACTUAL.ordinal()];
            inQueueBy[phase] = recorders[phase][Definition.IN_QUEUE.ordinal()];
            handledBy[phase] = recorders[phase][Definition.HANDLED.ordinal()];
        }
    }

    /**
     * 0 for a warm-up message, 1 for one of the window, computed without a branch: a branch taken for the first
     * time when the window begins makes the JIT discard the compiled loop there (an uncommon trap), so the first
     * messages of the window would run in the interpreter.
     */
    public static int phase(long sequence, long warmupMessages) {
        return (int) (~(sequence - warmupMessages) >>> 63);
    }

    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    /** Called by the consumer once per message that carries all three send times. */
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

    /**
     * Every message: from its intended send time to the end of the workload's handling; nothing with the copy (a
     * branch the same way for every message of the run).
     */
    public void recordHandled(long sequence, long handledLatencyNs) {
        if (handled) {
            handledBy[phase(sequence, warmupMessages)].recordValue(clamp(handledLatencyNs));
        }
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

    /** The measured window's recorder of {@code d}. */
    public SingleWriterRecorder window(Definition d) {
        return recorders[1][d.ordinal()];
    }

    /** The warm-up's recorder of {@code d}. */
    public SingleWriterRecorder warmup(Definition d) {
        return recorders[0][d.ordinal()];
    }

    /** Read only after the consumer has stopped. */
    public long clampedHigh() {
        return clampedHigh;
    }

    /** Read only after the consumer has stopped. */
    public long clampedNegative() {
        return clampedNegative;
    }
}
