package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
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
        public final Percentile percentile;
        public final long valueNs;
        /** Samples above the value in the window (from the histogram). */
        public final long samples;
        /** Of those, kept with their times and so matched (the rest were below the keep floor or beyond capacity). */
        public final long matched;
        /** Per cause, the matched samples it overlapped: a sample may have several, so these can sum past matched. */
        public final Map<Cause, Long> byCause;
        /** The samples beyond explained by the host or the queue and by no event of the JVM; -1: not stored. */
        public final long notJvm;
        /** Of {@link #notJvm}, those this tool's own threads explain ({@link Why#TOOL_THREAD}); -1: not stored. */
        public final long tool;
        /** Per cause, the matched samples it explains; empty where not stored. */
        public final Map<Why, Long> why;
        /** Per command that took a measured CPU, the matched samples it explains. */
        public final Map<String, Long> preemptedBy;

        private Beyond(Builder b) {
            percentile = b.percentile;
            valueNs = b.valueNs;
            samples = b.samples;
            matched = b.matched;
            Map<Cause, Long> m = new EnumMap<>(Cause.class);
            m.putAll(b.byCause);
            byCause = Collections.unmodifiableMap(m);
            notJvm = b.notJvm;
            tool = b.tool;
            Map<Why, Long> w = new EnumMap<>(Why.class);
            w.putAll(b.why);
            why = Collections.unmodifiableMap(w);
            preemptedBy = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.preemptedBy));
        }

        /** What is not given is none, the not-JVM count unknown (-1). */
        public static final class Builder {
            public Percentile percentile;
            public long valueNs;
            public long samples;
            public long matched;
            public Map<Cause, Long> byCause = Collections.emptyMap();
            public long notJvm = -1;
            public long tool = -1;
            public Map<Why, Long> why = Collections.emptyMap();
            public Map<String, Long> preemptedBy = Collections.emptyMap();

            public Beyond build() {
                return new Beyond(this);
            }
        }

        public long count(Cause c) {
            return byCause.getOrDefault(c, 0L);
        }

        public long count(Why w) {
            return why.getOrDefault(w, 0L);
        }
    }

    public final ThreadStalls producer;
    public final ThreadStalls consumer;
    /** How the JVM's events were recorded ("unified logging: safepoint"), or why they were not. */
    public final String jvmEventSource;
    /** Only then can a safepoint or GC pause be named as a cause. */
    public final boolean jvmEventsRecorded;
    public final List<Operation> operations;
    /** The window's JVM events one by one, in time order (at most {@link #EVENTS_KEPT}): the timeline's marks. */
    public final List<Event> events;
    /**
     * The queue's rolls to a new cycle file and its new blocks (the producer's first write there), ns after the
     * window's start.
     */
    public final long[] cycleStartsNs;
    public final long[] newBlocksNs;
    /** Null when not recorded. */
    public final Jit jit;

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
    public final long keptFloorNs;
    /** Messages kept with their times, and how many of them were not matched (lapped, or the fold ran out of time). */
    public final long kept;
    public final long overwritten;
    public final List<Beyond> beyond;

    /** What the run knew of why its threads stalled; null where not stored. */
    public final TailEvidence evidence;

    public static final int EVENTS_KEPT = 10_000;

    /**
     * Of {@code b}'s samples, those only the host's or the queue's causes explain; -1 where the run cannot tell:
     * without the kernel's trace a stall is not named (a collector's threads on a measured CPU look like any other),
     * without the JVM's events a GC or a safepoint is not seen.
     */
    public long notJvm(Beyond b) {
        return evidence != null && evidence.traced() && jvmEventsRecorded ? b.notJvm : -1;
    }

    private Tail(Builder b) {
        producer = b.producer;
        consumer = b.consumer;
        jvmEventSource = b.jvmEventSource;
        jvmEventsRecorded = b.jvmEventsRecorded;
        operations = Collections.unmodifiableList(new ArrayList<>(b.operations));
        events = Collections.unmodifiableList(new ArrayList<>(b.events));
        cycleStartsNs = b.cycleStartsNs.clone();
        newBlocksNs = b.newBlocksNs.clone();
        jit = b.jit;
        keptFloorNs = b.keptFloorNs;
        kept = b.kept;
        overwritten = b.overwritten;
        beyond = Collections.unmodifiableList(new ArrayList<>(b.beyond));
        evidence = b.evidence;
    }

    /** What is not given is none. */
    public static final class Builder {
        public ThreadStalls producer;
        public ThreadStalls consumer;
        public String jvmEventSource;
        public boolean jvmEventsRecorded;
        public List<Operation> operations = new ArrayList<>();
        public List<Event> events = new ArrayList<>();
        public long[] cycleStartsNs = new long[0];
        public long[] newBlocksNs = new long[0];
        public Jit jit;
        public long keptFloorNs;
        public long kept;
        public long overwritten;
        public List<Beyond> beyond = new ArrayList<>();
        public TailEvidence evidence;

        public Tail build() {
            return new Tail(this);
        }
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
