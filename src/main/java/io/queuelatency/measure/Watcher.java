package io.queuelatency.measure;

import io.queuelatency.result.StudyConfig;

/**
 * What follows the measured threads' records while they are written (the tail's fold), on the monitor's thread,
 * never on a measured one. Runs without attribution use {@link #NONE}.
 */
public interface Watcher {
    Watcher NONE = new Watcher() {
    };

    /** The threads are pinned and ready; the schedule has not started. */
    default void ready(Sources sources) {
    }

    /** After {@link #ready}, before the schedule: more of the tool's own threads (the profiler's), by thread id. */
    default void toolThreads(int[] tids) {
    }

    /**
     * The window begins at {@code windowStartNs}, the schedule's time of its first message. Where the tool has no CPU
     * of its own, from here to {@link #ended} the watcher only checks that its records still have room.
     */
    default void windowStarts(long windowStartNs) {
    }

    default void second(long nowNs) {
    }

    /** Both loops have ended (or been given up on): what the rings hold is final. */
    default void ended(long nowNs) {
    }

    /** The queue's rolls and new blocks: a {@link Channel}'s, or between processes the producer's JVM's. */
    interface QueueChanges {
        /**
         * The queue's rolls, each as the moment the producer's first write into the new cycle returned, on the
         * samples' clock; from any thread, at any time.
         */
        default long[] cycleStarts() {
            return new long[0];
        }

        /** The same for the new blocks of a cycle's file. */
        default long[] newBlocks() {
            return new long[0];
        }
    }

    final class Sources {
        public final TailRecorders recorders;
        /** The queue's rolls and new blocks. */
        public final QueueChanges channel;
        /** -1 where unknown. */
        public final int producerTid;
        public final int consumerTid;
        public final int producerCpu;
        public final int consumerCpu;
        public final long intervalNs;
        public final long durationNs;
        /** What the queue's file grows by a second. */
        public final long messageBytesPerSecond;
        /** The CPU of the monitor and the trace's reader; -1: none, they share the measured. */
        public final int toolCpu;

        public Sources(TailRecorders recorders, QueueChanges channel, int producerTid, int consumerTid,
                       StudyConfig config) {
            this.recorders = recorders;
            this.channel = channel;
            this.producerTid = producerTid;
            this.consumerTid = consumerTid;
            this.producerCpu = config.pinnedProducerCpu;
            this.consumerCpu = config.pinnedConsumerCpu;
            this.intervalNs = Math.max(1, 1_000_000_000L / config.settings.rate);
            this.durationNs = config.settings.durationNs;
            this.toolCpu = config.toolCpu;
            this.messageBytesPerSecond = config.settings.rate * config.settings.size;
        }
    }
}
