package io.queuelatency.result;

/**
 * The stages of one message's path, each timed on its own with --probes, as JLBH's probes time the parts of a path:
 * where a JVM makes a message slower. They follow one another from the actual send time to the end of handling.
 * <pre>
 *   open     producer: actual send time ─► the queue has opened the write          (a clock read more: the probe)
 *   fill     producer: opened ─► the workload has filled the body                  (the in-queue send time)
 *   handOff  the in-queue latency: the commit, the queue's transit, the consumer's read
 *   handle   consumer: received ─► the workload has handled the body               (the handled time)
 * </pre>
 */
public enum Stage {
    OPEN("open"),
    FILL("fill"),
    HAND_OFF("handOff"),
    HANDLE("handle");

    /** The name in stored files. */
    public final String id;

    Stage(String id) {
        this.id = id;
    }

    /** True for the one stage that is a definition's latency, not a probe's: the hand-off is the in-queue latency. */
    public boolean isInQueue() {
        return this == HAND_OFF;
    }
}
