package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What the tail of one run is made of: the stalls of the producer's and the consumer's CPU as their own loops saw
 * them, the JVM's stop-the-world events in the window, and the slow messages matched against all of these. Null for
 * a run with attribution off.
 */
public final class Tail {
    /** What overlapped a slow message's flight, from its intended send time to its receipt. */
    public enum Cause {
        PRODUCER_STALL,
        WRITE_STALL,
        CONSUMER_STALL,
        QUEUE_ROLL,
        QUEUE_BLOCK,
        GC_PAUSE,
        SAFEPOINT,
        PRODUCER_LATE,
        NONE;

        /** Its name in result.json: "producerStall", "none". */
        public String id() {
            return Ids.camel(this);
        }
    }

    public static final class Event {
        public final long startAfterWindowStartNs;
        /** As the JVM logged it, leaving the safepoint included. */
        public final long lengthNs;
        /** Of it, from its start, how long the application's threads were stopped. */
        public final long stoppedNs;
        public final String operation;
        public final boolean gc;

        public Event(long startAfterWindowStartNs, long lengthNs, long stoppedNs, String operation, boolean gc) {
            this.startAfterWindowStartNs = startAfterWindowStartNs;
            this.lengthNs = lengthNs;
            this.stoppedNs = stoppedNs;
            this.operation = operation;
            this.gc = gc;
        }
    }

    public static final class Operation {
        public final String name;
        public final boolean gc;
        public final long count;
        public final long totalNs;
        public final long maxNs;
        /** The longest time to reach the safepoint (threads still running while others waited). */
        public final long maxReachingNs;

        public Operation(String name, boolean gc, long count, long totalNs, long maxNs, long maxReachingNs) {
            this.name = name;
            this.gc = gc;
            this.count = count;
            this.totalNs = totalNs;
            this.maxNs = maxNs;
            this.maxReachingNs = maxReachingNs;
        }
    }

    /** Beyond one percentile: how many samples, how many kept, and what each cause explains. */
    public static final class Beyond {
        public Percentile percentile;
        public long valueNs;
        /** Samples above the value in the window (from the histogram). */
        public long samples;
        /** Of those, kept with their times and so matched (the rest were below the keep floor or beyond capacity). */
        public long matched;
        /** Per cause, the matched samples it overlapped: a sample may have several, so these can sum past matched. */
        public Map<Cause, Long> byCause = Collections.emptyMap();
        /** The samples beyond explained by the host or the queue and by no event of the JVM; -1: not stored. */
        public long notJvm = -1;
        /** Of {@link #notJvm}, those this tool's own threads explain ({@link Why#TOOL_THREAD}); -1: not stored. */
        public long tool = -1;
        /** Per cause, the matched samples it explains; empty where not stored. */
        public Map<Why, Long> why = Collections.emptyMap();
        /** Per command that took a measured CPU, the matched samples it explains. */
        public Map<String, Long> preemptedBy = Collections.emptyMap();

        public long count(Cause c) {
            return byCause.getOrDefault(c, 0L);
        }

        public long count(Why w) {
            return why.getOrDefault(w, 0L);
        }
    }

    public ThreadStalls producer;
    public ThreadStalls consumer;
    /** How the JVM's events were recorded ("unified logging: safepoint"), or why they were not. */
    public String jvmEventSource;
    /** Only then can a safepoint or GC pause be named as a cause. */
    public boolean jvmEventsRecorded;
    public List<Operation> operations = new ArrayList<>();
    /** The window's JVM events one by one, in time order (at most {@link #EVENTS_KEPT}): the timeline's marks. */
    public List<Event> events = new ArrayList<>();
    /**
     * The queue's rolls to a new cycle file and its new blocks (the producer's first write there), ns after the
     * window's start.
     */
    public long[] cycleStartsNs = new long[0];
    public long[] newBlocksNs = new long[0];
    /** Null when not recorded. */
    public Jit jit;

    /** The JIT in the window: compilations, deoptimisations (compiled code made not entrant) and the methods. */
    public static final class Jit {
        public final long compilations;
        public final long deoptimizations;
        public final List<String> deoptimized;
        /** Of those, this tool's own methods' (not the measured loops'); -1: not stored. The methods, at most 20. */
        public final long tool;
        public final List<String> toolMethods;

        public Jit(long compilations, long deoptimizations, List<String> deoptimized, long tool,
                   List<String> toolMethods) {
            this.compilations = compilations;
            this.deoptimizations = deoptimizations;
            this.deoptimized = Collections.unmodifiableList(new ArrayList<>(deoptimized));
            this.tool = tool;
            this.toolMethods = Collections.unmodifiableList(new ArrayList<>(toolMethods));
        }
    }

    /** The keep floor: faster messages were never kept, so never matched. */
    public long keptFloorNs;
    /** Messages kept with their times, and how many of them were not matched (lapped, or the fold ran out of time). */
    public long kept;
    public long overwritten;
    public List<Beyond> beyond = new ArrayList<>();

    /** What the run knew of why its threads stalled; null where not stored. */
    public TailEvidence evidence;

    public static final int EVENTS_KEPT = 10_000;

    /**
     * Of {@code b}'s samples, those only the host's or the queue's causes explain; -1 where the run cannot tell:
     * without the kernel's trace a stall is not named (a collector's threads on a measured CPU look like any other),
     * without the JVM's events a GC or a safepoint is not seen.
     */
    public long notJvm(Beyond b) {
        return evidence != null && evidence.traced() && jvmEventsRecorded ? b.notJvm : -1;
    }

    /** Null where none. */
    public Beyond beyond(Percentile p) {
        for (Beyond b : beyond) {
            if (b.percentile.equals(p)) {
                return b;
            }
        }
        return null;
    }
}
