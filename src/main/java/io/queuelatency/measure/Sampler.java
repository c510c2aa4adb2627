package io.queuelatency.measure;

/**
 * Samples the measured threads' stacks (--profile), from before the schedule starts until both loops have ended, so
 * that attaching and detaching stay out of the window. Runs without use {@link #NONE}.
 */
public interface Sampler {
    Sampler NONE = new Sampler() {
    };

    /**
     * The measured threads of this JVM are started and ready; the schedule has not started. The window begins
     * {@code windowInNs} from now and lasts {@code windowNs}; {@code tids}: the producer's and the consumer's thread
     * ids (the producer's in its own JVM too), or none. Returns the sampler's own threads started with it (the
     * tool's: on a host without a CPU to spare they take a measured one), or none.
     */
    default int[] start(int[] tids, long windowInNs, long windowNs, Thread... measured) {
        return new int[0];
    }

    /** The loops have ended (or been given up on). */
    default void stop() {
    }
}
