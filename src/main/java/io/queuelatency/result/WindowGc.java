package io.queuelatency.result;

/**
 * The collector's pauses in the measured window and the rule {@link Validity} judges them by, a pure function of
 * stored facts. The tool's own path allocates nothing per message, so without a workload that allocates a pause in
 * the window is the tool's or the JVM's doing and the run is not valid. With one, garbage is what the code under test
 * makes: its collector's pauses are part of its latency (and a named cause of the tail), so they count, and the run
 * says which rule applied.
 */
public final class WindowGc {
    /**
     * A workload in the path is seen to allocate above this many bytes per measured message on the two measured
     * threads together: one small object a message (a 16-byte header and a few fields; a boxed long is 16 bytes, a
     * short String about 56). Below it, what the threads allocate is occasional (a queue's roll or new block, a map
     * grown once: kilobytes over millions of messages, well under a byte a message), and a pause is not the
     * workload's doing. At 100,000 msg/s it is 6.4 MB/s, enough to fill a young generation within a window.
     */
    public static final long SEEN_BYTES_PER_MESSAGE = 64;

    /** Which rule a pause in the window is judged by. */
    public enum Applied {
        /** No allocating workload in the path: a pause makes the run not valid. */
        INVALIDATES,
        /** The workload says it allocates (its {@code allocates()}): a pause counts as latency. */
        DECLARED,
        /** The workload allocated above {@link #SEEN_BYTES_PER_MESSAGE} a message: a pause counts as latency. */
        SEEN
    }

    public final Applied rule;
    /** The window's stop-the-world pauses ({@link WindowFacts#gcCount}) and their time, ms. */
    public final long pauses;
    public final long pauseMs;
    /** What the measured threads allocated in the window per measured message, bytes; -1 where not known. */
    public final long bytesPerMessage;

    private WindowGc(Applied rule, long pauses, long pauseMs, long bytesPerMessage) {
        this.rule = rule;
        this.pauses = pauses;
        this.pauseMs = pauseMs;
        this.bytesPerMessage = bytesPerMessage;
    }

    /**
     * The rule for a run: {@code workloadInPath} and {@code declared} are the stored configuration's (the workload
     * named, its {@code allocates()}), the rest the window's facts.
     */
    public static WindowGc of(boolean workloadInPath, boolean declared, WindowFacts w, MessageCounts m) {
        long perMessage = perMessage(w.producerAllocatedBytes, w.consumerAllocatedBytes, m.measured);
        Applied rule = !workloadInPath ? Applied.INVALIDATES : declared ? Applied.DECLARED
                : perMessage > SEEN_BYTES_PER_MESSAGE ? Applied.SEEN : Applied.INVALIDATES;
        return new WindowGc(rule, w.gcCount, w.gcTimeMs, perMessage);
    }

    /** The rule for a stored run, from its configuration. */
    public static WindowGc of(StudyConfig c, WindowFacts w, MessageCounts m) {
        return c == null ? of(false, false, w, m)
                : of(c.settings.workloadInPath(), Boolean.TRUE.equals(c.workloadAllocates), w, m);
    }

    /** Bytes a message, rounded down; -1 where neither thread's count is known or no message was measured. */
    static long perMessage(long producerBytes, long consumerBytes, long messages) {
        if (producerBytes < 0 && consumerBytes < 0 || messages <= 0) {
            return -1;
        }
        return (Math.max(0, producerBytes) + Math.max(0, consumerBytes)) / messages;
    }

    /** True when a pause in the window is part of the latency, not a reason the run is not valid. */
    public boolean countsAsLatency() {
        return rule != Applied.INVALIDATES;
    }
}
