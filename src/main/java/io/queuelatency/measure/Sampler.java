package io.queuelatency.measure;

/**
 * Samples the measured threads' stacks (--profile), from before the schedule starts until both loops have ended, so
 * that attaching and detaching stay out of the window. Runs without use {@link #NONE}.
 */
public interface Sampler {
    Sampler NONE = new Sampler() {
    };

    /** The measured threads of this JVM are started and ready; the schedule has not started. */
    default void start(Thread... measured) {
    }

    /** The loops have ended (or been given up on). */
    default void stop() {
    }
}
