package io.queuelatency.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Where the consumer puts each one-way latency: two definitions, each in its own HdrHistogram recorder,
 * and separate recorders for warm-up so that nothing from warm-up reaches the measured window.
 * <ul>
 *   <li><b>intended</b>: receive time minus the scheduled send time. Includes any time the producer ran
 *       late, so it is free of coordinated omission: the headline.</li>
 *   <li><b>actual</b>: receive time minus the time the producer really started the write, the definition
 *       of Per Minborg's study. A producer stall does not show here.</li>
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
    private final SingleWriterRecorder warmupIntended = newRecorder();
    private final SingleWriterRecorder warmupActual = newRecorder();
    private final SingleWriterRecorder intended = newRecorder();
    private final SingleWriterRecorder actual = newRecorder();
    // By phase, 0 warm-up and 1 window: the phase is an index, never a branch (see phase).
    private final SingleWriterRecorder[] intendedBy = {warmupIntended, intended};
    private final SingleWriterRecorder[] actualBy = {warmupActual, actual};
    private long clampedHigh;
    private long clampedNegative;

    public LatencyRecorder(long warmupMessages) {
        this.warmupMessages = warmupMessages;
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

    private static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    /** Called by the consumer once per message. */
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

    public SingleWriterRecorder warmupIntended() {
        return warmupIntended;
    }

    public SingleWriterRecorder warmupActual() {
        return warmupActual;
    }

    public SingleWriterRecorder intended() {
        return intended;
    }

    public SingleWriterRecorder actual() {
        return actual;
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
