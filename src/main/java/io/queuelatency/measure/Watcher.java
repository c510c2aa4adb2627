package io.queuelatency.measure;

import io.queuelatency.result.StudyConfig;

/**
 * What follows the measured threads' records while they are written: the tail's fold (tail/), which drains the
 * rings once a second so that a run of any length is matched whole in bounded memory. Called on the study's own
 * thread (the monitor), never on a measured one. Tests and runs without attribution use {@link #NONE}.
 */
public interface Watcher {
    Watcher NONE = new Watcher() {
    };

    /** The threads are pinned and ready, their ids known; the schedule has not started. */
    default void ready(Sources sources) {
    }

    /**
     * The measured window begins at {@code windowStartNs}, the schedule's time of its first message. Where the tool has
     * no CPU of its own, from here to {@link #ended} the watcher only checks that its records still have room.
     */
    default void windowStarts(long windowStartNs) {
    }

    /** Once a second from the schedule's start, on the monitor's thread. */
    default void second(long nowNs) {
    }

    /** Both loops have ended (or been given up on): what the rings hold is final. */
    default void ended(long nowNs) {
    }

    /** What the threads record into, and who and where they are. */
    final class Sources {
        public final StallRecorder producerStalls;
        public final StallRecorder consumerStalls;
        public final SlowMessages slow;
        public final Channel channel;
        /** The measured threads' ids in the kernel (-1 where unknown) and their CPUs. */
        public final int producerTid;
        public final int consumerTid;
        public final int producerCpu;
        public final int consumerCpu;
        /** The send interval: a message sent later than this after its slot was sent late. */
        public final long intervalNs;
        public final long durationNs;
        /** The bytes the producer writes a second: what the queue's file grows by. */
        public final long messageBytesPerSecond;
        /** The CPU of the tool's own threads (the monitor, the trace's reader); -1: none, they share the measured. */
        public final int toolCpu;

        public Sources(TailRecorders recorders, Channel channel, int producerTid, int consumerTid, StudyConfig config) {
            this.producerStalls = recorders.producerStalls;
            this.consumerStalls = recorders.consumerStalls;
            this.slow = recorders.slow;
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
