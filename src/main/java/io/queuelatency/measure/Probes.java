package io.queuelatency.measure;

import io.queuelatency.result.Stage;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * --probes: each stage of every message timed on its own ({@link Stage}), in a histogram per phase and stage,
 * each written by one thread only (open and fill by the producer, handle by the consumer) and read once both have
 * stopped. HdrHistogram's recordValue allocates nothing in its range. The hand-off is the in-queue latency, recorded
 * by {@link LatencyRecorder} already.
 */
public final class Probes {
    // [phase][stage], phase as LatencyRecorder.phase: indexed, never branched on.
    private final Histogram[][] histograms = new Histogram[2][Stage.values().length];
    private final long warmupMessages;

    public Probes(long warmupMessages) {
        this.warmupMessages = warmupMessages;
        for (int phase = 0; phase < 2; phase++) {
            for (Stage s : Stage.values()) {
                histograms[phase][s.ordinal()] = LatencyRecorder.newHistogram();
            }
        }
    }

    /** On the producer's thread, after the write: the two stages it timed. */
    void sent(long sequence, long openNs, long fillNs) {
        Histogram[] h = histograms[LatencyRecorder.phase(sequence, warmupMessages)];
        h[Stage.OPEN.ordinal()].recordValue(Math.max(0, openNs));
        h[Stage.FILL.ordinal()].recordValue(Math.max(0, fillNs));
    }

    /** On the consumer's thread, once the message is handled. */
    void handled(long sequence, long handleNs) {
        histograms[LatencyRecorder.phase(sequence, warmupMessages)][Stage.HANDLE.ordinal()]
                .recordValue(Math.max(0, handleNs));
    }

    /** The window's histogram of a stage, empty or not: a producer's JVM's is added to it ({@link ProducerRecords}). */
    Histogram windowOf(Stage s) {
        return histograms[1][s.ordinal()];
    }

    /**
     * The window's histograms of the probed stages; read only once both threads have stopped. A stage with no sample
     * (a producer's JVM that did not hand its over) is left out, not shown as nothing.
     */
    public Map<Stage, Histogram> window() {
        Map<Stage, Histogram> w = new EnumMap<>(Stage.class);
        for (Stage s : Stage.values()) {
            if (!s.isInQueue() && histograms[1][s.ordinal()].getTotalCount() > 0) {
                w.put(s, histograms[1][s.ordinal()]);
            }
        }
        return w;
    }
}
