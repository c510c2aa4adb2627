package io.queuelatency.result;

/**
 * A warning on a run: it does not invalidate the run, but a reader should know. A kind ({@link Concern}) and its
 * numbers: the setup's, and the ones {@link Validity} judges from the stored facts. The words are words/'s.
 */
public abstract class Warning extends KindAndNumbers<Warning.Concern> {
    public enum Concern {
        CLAMPED_HIGH, CLAMPED_NEGATIVE, PRODUCER_BEHIND, PIN_FAILED, QUEUE_NOT_REMOVED, NO_DEV_SHM, SHORT_WARMUP,
        NO_ROOM_FOR_SEND_TIME, CPU_PAIR_APART, PRODUCER_STALLS_ELSEWHERE, GC_COUNTED, STORED
    }

    private Warning(Concern kind, Object... numbers) {
        super(kind, numbers);
    }

    /** Latencies above the highest the histogram tracks, recorded as that highest. */
    public static final class ClampedHigh extends Warning {
        public final long count;
        public final long highestNs;

        public ClampedHigh(long count, long highestNs) {
            super(Concern.CLAMPED_HIGH, count, highestNs);
            this.count = count;
            this.highestNs = highestNs;
        }
    }

    /** Negative latencies (the clock went backwards), recorded as 0. */
    public static final class ClampedNegative extends Warning {
        public final long count;

        public ClampedNegative(long count) {
            super(Concern.CLAMPED_NEGATIVE, count);
            this.count = count;
        }
    }

    /** The producer fell behind its schedule by more than the tolerance; the intended latency includes the delay. */
    public static final class ProducerBehind extends Warning {
        public final long maxSendLagNs;
        public final long lateSends;

        public ProducerBehind(long maxSendLagNs, long lateSends) {
            super(Concern.PRODUCER_BEHIND, maxSendLagNs, lateSends);
            this.maxSendLagNs = maxSendLagNs;
            this.lateSends = lateSends;
        }
    }

    public static final class PinFailed extends Warning {
        public final String role;
        public final int cpu;
        /** What the affinity library said, or the affinity the thread had instead. */
        public final String detail;

        public PinFailed(String role, int cpu, String detail) {
            super(Concern.PIN_FAILED, role, cpu, detail);
            this.role = role;
            this.cpu = cpu;
            this.detail = detail;
        }
    }

    public static final class QueueNotRemoved extends Warning {
        public final String path;

        public QueueNotRemoved(String path) {
            super(Concern.QUEUE_NOT_REMOVED, path);
            this.path = path;
        }
    }

    /** There is no /dev/shm: the queue lives in another directory, which may be a disk. */
    public static final class NoDevShm extends Warning {
        public final String dir;

        public NoDevShm(String dir) {
            super(Concern.NO_DEV_SHM, dir);
            this.dir = dir;
        }
    }

    /**
     * The warm-up ends before the queue's first index array is full: the window takes Chronicle's path to a new index
     * array, and the JIT discards compiled code there.
     */
    public static final class ShortWarmup extends Warning {
        public final long warmupMessages;
        public final long indexArrayMessages;
        public final String rollCycle;
        /** A warm-up this long, s, or longer avoids it. */
        public final long warmupSecondsAvoiding;

        public ShortWarmup(long warmupMessages, long indexArrayMessages, String rollCycle,
                long warmupSecondsAvoiding) {
            super(Concern.SHORT_WARMUP, warmupMessages, indexArrayMessages, rollCycle, warmupSecondsAvoiding);
            this.warmupMessages = warmupMessages;
            this.indexArrayMessages = indexArrayMessages;
            this.rollCycle = rollCycle;
            this.warmupSecondsAvoiding = warmupSecondsAvoiding;
        }
    }

    /** Messages too small to carry a definition's send time: it and the later ones are not measured. */
    public static final class NoRoomForSendTime extends Warning {
        public final int messageSize;
        /** The first definition with no room: ACTUAL or IN_QUEUE. */
        public final Definition firstMissing;

        public NoRoomForSendTime(int messageSize, Definition firstMissing) {
            super(Concern.NO_ROOM_FOR_SEND_TIME, messageSize, firstMissing);
            this.messageSize = messageSize;
            this.firstMissing = firstMissing;
        }
    }

    /**
     * The tool chose two CPUs that are SMT siblings, or share no L3, or sit on two sockets
     * ({@link CpuPair.Relation#apart}): not the hand-off the reference study measured.
     */
    public static final class CpuPairApart extends Warning {
        public final int producerCpu;
        public final int consumerCpu;
        public final CpuPair.Relation relation;

        public CpuPairApart(int producerCpu, int consumerCpu, CpuPair.Relation relation) {
            super(Concern.CPU_PAIR_APART, producerCpu, consumerCpu, relation);
            this.producerCpu = producerCpu;
            this.consumerCpu = consumerCpu;
            this.relation = relation;
        }
    }

    /**
     * GC pauses in the window counted as latency, not a reason the run is not valid: the workload allocates, as it
     * says ({@code bytesPerMessage} -1) or as seen ({@link WindowGc#SEEN_BYTES_PER_MESSAGE}).
     */
    public static final class GcCounted extends Warning {
        public final long pauses;
        public final long pauseMs;
        /** Seen: what the measured threads allocated per message; -1: the workload declared it. */
        public final long bytesPerMessage;

        public GcCounted(long pauses, long pauseMs, long bytesPerMessage) {
            super(Concern.GC_COUNTED, pauses, pauseMs, bytesPerMessage);
            this.pauses = pauses;
            this.pauseMs = pauseMs;
            this.bytesPerMessage = bytesPerMessage;
        }

        public boolean declared() {
            return bytesPerMessage < 0;
        }
    }

    /** Stored in words this release does not read as another kind. */
    public static final class StoredWarning extends Warning {
        public final String text;

        public StoredWarning(String text) {
            super(Concern.STORED, text);
            this.text = text;
        }
    }

    /**
     * The producer ran in a second JVM (--topology processes): its own stalls were not recorded, so the tail's causes
     * rest on the consumer's stalls, the kernel's events and this JVM's.
     */
    public static final class ProducerStallsElsewhere extends Warning {
        public ProducerStallsElsewhere() {
            super(Concern.PRODUCER_STALLS_ELSEWHERE);
        }
    }
}
