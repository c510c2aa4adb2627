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

        public static Builder builder() {
            return new Builder();
        }

        /** What is not given is none, the not-JVM count unknown (-1). */
        public static final class Builder {
            private Percentile percentile;
            private long valueNs;
            private long samples;
            private long matched;
            private Map<Cause, Long> byCause = Collections.emptyMap();
            private long notJvm = -1;
            private long tool = -1;
            private Map<Why, Long> why = Collections.emptyMap();
            private Map<String, Long> preemptedBy = Collections.emptyMap();

            public Builder percentile(Percentile v) {
                percentile = v;
                return this;
            }

            public Builder valueNs(long v) {
                valueNs = v;
                return this;
            }

            public Builder samples(long v) {
                samples = v;
                return this;
            }

            public Builder matched(long v) {
                matched = v;
                return this;
            }

            public Builder byCause(Map<Cause, Long> v) {
                byCause = v;
                return this;
            }

            public Builder notJvm(long v) {
                notJvm = v;
                return this;
            }

            public Builder tool(long v) {
                tool = v;
                return this;
            }

            public Builder why(Map<Why, Long> v) {
                why = v;
                return this;
            }

            public Builder preemptedBy(Map<String, Long> v) {
                preemptedBy = v;
                return this;
            }

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

        public Jit(long compilations, long deoptimizations, List<String> deoptimized) {
            this(compilations, deoptimizations, deoptimized, -1, Collections.<String>emptyList());
        }

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

    public static Builder builder() {
        return new Builder();
    }

    /** What is not given is none. */
    public static final class Builder {
        private ThreadStalls producer;
        private ThreadStalls consumer;
        private String jvmEventSource;
        private boolean jvmEventsRecorded;
        private List<Operation> operations = new ArrayList<>();
        private List<Event> events = new ArrayList<>();
        private long[] cycleStartsNs = new long[0];
        private long[] newBlocksNs = new long[0];
        private Jit jit;
        private long keptFloorNs;
        private long kept;
        private long overwritten;
        private List<Beyond> beyond = new ArrayList<>();
        private TailEvidence evidence;

        public Builder producer(ThreadStalls v) {
            producer = v;
            return this;
        }

        public Builder consumer(ThreadStalls v) {
            consumer = v;
            return this;
        }

        public Builder jvmEventSource(String v) {
            jvmEventSource = v;
            return this;
        }

        public Builder jvmEventsRecorded(boolean v) {
            jvmEventsRecorded = v;
            return this;
        }

        public Builder operations(List<Operation> v) {
            operations = v;
            return this;
        }

        public Builder events(List<Event> v) {
            events = v;
            return this;
        }

        public Builder cycleStartsNs(long[] v) {
            cycleStartsNs = v;
            return this;
        }

        public Builder newBlocksNs(long[] v) {
            newBlocksNs = v;
            return this;
        }

        public Builder jit(Jit v) {
            jit = v;
            return this;
        }

        public Builder keptFloorNs(long v) {
            keptFloorNs = v;
            return this;
        }

        public Builder kept(long v) {
            kept = v;
            return this;
        }

        public Builder overwritten(long v) {
            overwritten = v;
            return this;
        }

        public Builder beyond(List<Beyond> v) {
            beyond = v;
            return this;
        }

        public Builder evidence(TailEvidence v) {
            evidence = v;
            return this;
        }

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
