package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the tail of one run is made of: the stalls of the producer's and the consumer's CPU as their own loops saw
 * them, the JVM's stop-the-world events in the window (safepoints, GC pauses among them), and the slow
 * messages matched against all of these. Stored in result.json from schema 3 on; null for older results and for
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
            String[] parts = name().toLowerCase(java.util.Locale.ROOT).split("_");
            StringBuilder b = new StringBuilder(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
            }
            return b.toString();
        }
    }

    /** One stall: when it began, ns after the window's start, and how long it lasted. */
    public static final class Stall {
        public final long startAfterWindowStartNs;
        public final long lengthNs;

        public Stall(long startAfterWindowStartNs, long lengthNs) {
            this.startAfterWindowStartNs = startAfterWindowStartNs;
            this.lengthNs = lengthNs;
        }
    }

    /** The stalls of one step of lengths: from {@code fromNs} up to {@code toNs} (-1: no bound), how many and their total. */
    public static final class LengthStep {
        public final long fromNs;
        public final long toNs;
        public final long count;
        public final long totalNs;

        public LengthStep(long fromNs, long toNs, long count, long totalNs) {
            this.fromNs = fromNs;
            this.toNs = toNs;
            this.count = count;
            this.totalNs = totalNs;
        }
    }

    /** One thread's stalls in the window, built by name ({@link #builder}). */
    public static final class Stalls {
        public final long thresholdNs;
        public final long count;
        public final long totalNs;
        public final long maxNs;
        /** The loop's clock reads, warm-up and window: its own cost per read is about the run's length over this. */
        public final long reads;
        /** False when the ring of stalls had overwritten some of the window's: the counts are then a lower bound. */
        public final boolean complete;
        /** Of {@link #count}, the stalls that spanned a write to the queue (the producer's), and their total. */
        public final long writeCount;
        public final long writeNs;
        /** The largest stalls, largest first. */
        public final List<Stall> largest;
        /** Per second of the window (by start), the longest stall: the timeline's marks. Empty in results before it. */
        public final long[] perSecondMaxNs;
        /** What one clock read cost on the thread's CPU before its loop began (median and p99), which set the threshold; -1 when unknown. */
        public final long clockReadP50Ns;
        public final long clockReadP99Ns;
        /** The window's stalls by length, in 1-2-5 steps ({@link #LENGTH_EDGES_NS}), the steps with a stall. Empty in results before it. */
        public final List<LengthStep> byLength;
        /** The window's stalls by cause; empty in results before their causes were named. */
        public final Map<Why, Tally> byWhy;
        /** Per second, the cause of its longest stall (null where none); empty in results before it. */
        public final Why[] perSecondMaxWhy;

        /** The steps of {@link #byLength}: 1, 2, 5 us ... 5 s; a stall of 10 s or more is in the open step from 10 s. */
        public static final long[] LENGTH_EDGES_NS = StallLengths.EDGES_NS;

        private Stalls(Builder b) {
            thresholdNs = b.thresholdNs;
            count = b.count;
            totalNs = b.totalNs;
            maxNs = b.maxNs;
            reads = b.reads;
            complete = b.complete;
            writeCount = b.writeCount;
            writeNs = b.writeNs;
            largest = Collections.unmodifiableList(new ArrayList<>(b.largest));
            perSecondMaxNs = b.perSecondMaxNs.clone();
            clockReadP50Ns = b.clockReadP50Ns;
            clockReadP99Ns = b.clockReadP99Ns;
            byLength = Collections.unmodifiableList(new ArrayList<>(b.byLength));
            Map<Why, Tally> w = new EnumMap<>(Why.class);
            w.putAll(b.byWhy);
            byWhy = Collections.unmodifiableMap(w);
            perSecondMaxWhy = b.perSecondMaxWhy.clone();
        }

        public static Builder builder() {
            return new Builder();
        }

        /** By name; what is not given is none: no stall, complete, clock reads unknown. */
        public static final class Builder {
            private long thresholdNs;
            private long count;
            private long totalNs;
            private long maxNs;
            private long reads;
            private boolean complete = true;
            private long writeCount;
            private long writeNs;
            private List<Stall> largest = new ArrayList<>();
            private long[] perSecondMaxNs = new long[0];
            private long clockReadP50Ns = -1;
            private long clockReadP99Ns = -1;
            private List<LengthStep> byLength = new ArrayList<>();
            private Map<Why, Tally> byWhy = new EnumMap<>(Why.class);
            private Why[] perSecondMaxWhy = new Why[0];

            public Builder thresholdNs(long v) {
                thresholdNs = v;
                return this;
            }

            /** How many stalls, their total and the longest. */
            public Builder stalls(long count, long totalNs, long maxNs) {
                this.count = count;
                this.totalNs = totalNs;
                this.maxNs = maxNs;
                return this;
            }

            public Builder reads(long v) {
                reads = v;
                return this;
            }

            public Builder complete(boolean v) {
                complete = v;
                return this;
            }

            /** Of the stalls, how many spanned a write to the queue, and their total. */
            public Builder inWrite(long count, long totalNs) {
                writeCount = count;
                writeNs = totalNs;
                return this;
            }

            public Builder largest(List<Stall> v) {
                largest = v;
                return this;
            }

            public Builder perSecondMaxNs(long[] v) {
                perSecondMaxNs = v;
                return this;
            }

            /** The calibration: a clock read's median and p99 on the thread's CPU. */
            public Builder clockRead(long p50Ns, long p99Ns) {
                clockReadP50Ns = p50Ns;
                clockReadP99Ns = p99Ns;
                return this;
            }

            public Builder byLength(List<LengthStep> v) {
                byLength = v;
                return this;
            }

            public Builder byWhy(Map<Why, Tally> v) {
                byWhy = v;
                return this;
            }

            public Builder perSecondMaxWhy(Why[] v) {
                perSecondMaxWhy = v;
                return this;
            }

            public Stalls build() {
                return new Stalls(this);
            }
        }
    }

    /** How many stalls, and how long they lasted in all. */
    public static final class Tally {
        public final long count;
        public final long totalNs;

        public Tally(long count, long totalNs) {
            this.count = count;
            this.totalNs = totalNs;
        }
    }

    /** One stop-the-world event of the JVM in the window. */
    public static final class Event {
        public final long startAfterWindowStartNs;
        public final long lengthNs;
        public final String operation;
        public final boolean gc;

        public Event(long startAfterWindowStartNs, long lengthNs, String operation, boolean gc) {
            this.startAfterWindowStartNs = startAfterWindowStartNs;
            this.lengthNs = lengthNs;
            this.operation = operation;
            this.gc = gc;
        }
    }

    /** The JVM's stop-the-world events of one kind of operation in the window. */
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
        /** The percentile's value: samples above it are the ones explained. */
        public final long valueNs;
        /** Samples above the value in the window (from the histogram). */
        public final long samples;
        /** Of those, kept with their times and so matched (the rest were below the keep floor or beyond capacity). */
        public final long matched;
        /** Per cause, the matched samples it overlapped; a sample may have several causes, so these can sum past matched. */
        public final Map<Cause, Long> byCause;
        /**
         * The samples beyond explained by the host or the queue (a stall, a roll, a late send) and by no event of the
         * JVM (GC, safepoint); -1 in results stored before it was counted.
         */
        public final long notJvm;

        public Beyond(Percentile percentile, long valueNs, long samples, long matched, Map<Cause, Long> byCause) {
            this(percentile, valueNs, samples, matched, byCause, -1);
        }

        /** Per cause of why (the kernel's, the JVM's, the queue's), the matched samples it explains; empty before it was named. */
        public final Map<Why, Long> why;
        /** Per command that took a measured CPU, the matched samples it explains. */
        public final Map<String, Long> preemptedBy;

        public Beyond(Percentile percentile, long valueNs, long samples, long matched, Map<Cause, Long> byCause, long notJvm) {
            this(percentile, valueNs, samples, matched, byCause, notJvm, Collections.<Why, Long>emptyMap(), Collections.<String, Long>emptyMap());
        }

        public Beyond(Percentile percentile, long valueNs, long samples, long matched, Map<Cause, Long> byCause, long notJvm,
                      Map<Why, Long> why, Map<String, Long> preemptedBy) {
            Map<Why, Long> w = new EnumMap<>(Why.class);
            w.putAll(why);
            this.why = Collections.unmodifiableMap(w);
            this.preemptedBy = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(preemptedBy));
            this.notJvm = notJvm;
            this.percentile = percentile;
            this.valueNs = valueNs;
            this.samples = samples;
            this.matched = matched;
            Map<Cause, Long> m = new EnumMap<>(Cause.class);
            m.putAll(byCause);
            this.byCause = Collections.unmodifiableMap(m);
        }

        public long count(Cause c) {
            Long n = byCause.get(c);
            return n == null ? 0 : n;
        }

        public long count(Why w) {
            Long n = why.get(w);
            return n == null ? 0 : n;
        }

        /** Whether the cause is the JVM's (a reason to prefer one JVM to another) rather than the host's or the queue's. */
        public static boolean isJvm(Cause c) {
            return c == Cause.GC_PAUSE || c == Cause.SAFEPOINT;
        }
    }

    public final Stalls producer;
    public final Stalls consumer;
    /** How the JVM's events were recorded ("unified logging: safepoint"), or why they were not. */
    public final String jvmEventSource;
    /** True when JVM events were recorded: only then can a safepoint or GC pause be named as a cause. */
    public final boolean jvmEventsRecorded;
    public final List<Operation> operations;
    /** The window's JVM events one by one, in time order (at most {@link #EVENTS_KEPT}): the timeline's marks. */
    public final List<Event> events;
    /** The queue's rolls to a new cycle file in the window (when the producer's first write there returned), ns after its start. */
    public final long[] cycleStartsNs;
    /** The queue's new blocks of a cycle's file in the window (when the producer's first write there returned), ns after its start. */
    public final long[] newBlocksNs;
    /** The JIT in the window: compilations, deoptimisations (compiled code made not entrant) and the methods; null when not recorded. */
    public final Jit jit;

    /** What the JIT did in the window. */
    public static final class Jit {
        public final long compilations;
        public final long deoptimizations;
        public final List<String> deoptimized;

        public Jit(long compilations, long deoptimizations, List<String> deoptimized) {
            this.compilations = compilations;
            this.deoptimizations = deoptimizations;
            this.deoptimized = Collections.unmodifiableList(new ArrayList<>(deoptimized));
        }
    }

    /** The keep floor: faster messages were never kept, so never matched. */
    public final long keptFloorNs;
    /** The window's messages kept with their times (all at or above the floor), and how many were not matched (lapped by the full
     * ring, or passed over when the fold ran out of time; stored as overwritten). */
    public final long kept;
    public final long overwritten;
    public final List<Beyond> beyond;

    /** What the run knew of why its threads stalled (the kernel's events, counters, or nothing); null before it was recorded. */
    public final TailEvidence evidence;

    public static final int EVENTS_KEPT = 10_000;

    public Tail(Stalls producer, Stalls consumer, String jvmEventSource, boolean jvmEventsRecorded, List<Operation> operations,
                List<Event> events, long[] cycleStartsNs, long[] newBlocksNs, Jit jit, long keptFloorNs, long kept, long overwritten,
                List<Beyond> beyond) {
        this(producer, consumer, jvmEventSource, jvmEventsRecorded, operations, events, cycleStartsNs, newBlocksNs, jit, keptFloorNs, kept,
                overwritten, beyond, null);
    }

    public Tail(Stalls producer, Stalls consumer, String jvmEventSource, boolean jvmEventsRecorded, List<Operation> operations,
                List<Event> events, long[] cycleStartsNs, long[] newBlocksNs, Jit jit, long keptFloorNs, long kept, long overwritten,
                List<Beyond> beyond, TailEvidence evidence) {
        this.evidence = evidence;
        this.newBlocksNs = newBlocksNs.clone();
        this.jit = jit;
        this.cycleStartsNs = cycleStartsNs.clone();
        this.events = Collections.unmodifiableList(new ArrayList<>(events));
        this.producer = producer;
        this.consumer = consumer;
        this.jvmEventSource = jvmEventSource;
        this.jvmEventsRecorded = jvmEventsRecorded;
        this.operations = Collections.unmodifiableList(new ArrayList<>(operations));
        this.keptFloorNs = keptFloorNs;
        this.kept = kept;
        this.overwritten = overwritten;
        this.beyond = Collections.unmodifiableList(new ArrayList<>(beyond));
    }

    /** The entry for {@code p}, or null. */
    public Beyond beyond(Percentile p) {
        for (Beyond b : beyond) {
            if (b.percentile.equals(p)) {
                return b;
            }
        }
        return null;
    }
}
