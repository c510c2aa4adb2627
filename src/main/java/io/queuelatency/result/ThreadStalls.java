package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One measured thread's stalls in the window, as its own loop saw them (a gap between two of its clock reads above
 * the threshold): how many, how long, the largest, per second, by length and by cause.
 */
public final class ThreadStalls {
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
    /** Per second of the window (by start), the longest stall: the timeline's marks. Empty where not stored. */
    public final long[] perSecondMaxNs;
    /** One clock read's cost on its CPU before the loop (median, p99), which set the threshold; -1: unknown. */
    public final long clockReadP50Ns;
    public final long clockReadP99Ns;
    /** By length, in 1-2-5 steps ({@link #LENGTH_EDGES_NS}), the steps with a stall. Empty where not stored. */
    public final List<LengthStep> byLength;
    /** Empty where the result stores no causes. */
    public final Map<Why, Tally> byWhy;
    /** Per second, the cause of its longest stall (null where none); empty where not stored. */
    public final Why[] perSecondMaxWhy;

    /** The steps of {@link #byLength}: 1, 2, 5 us ... 5 s; a stall of 10 s or more is in the open step from 10 s. */
    public static final long[] LENGTH_EDGES_NS = StallLengths.EDGES_NS;

    private ThreadStalls(Builder b) {
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

    /** What is not given is none: no stall, complete, clock reads unknown. */
    public static final class Builder {
        public long thresholdNs;
        public long count;
        public long totalNs;
        public long maxNs;
        public long reads;
        public boolean complete = true;
        public long writeCount;
        public long writeNs;
        public List<Stall> largest = new ArrayList<>();
        public long[] perSecondMaxNs = new long[0];
        public long clockReadP50Ns = -1;
        public long clockReadP99Ns = -1;
        public List<LengthStep> byLength = new ArrayList<>();
        public Map<Why, Tally> byWhy = new EnumMap<>(Why.class);
        public Why[] perSecondMaxWhy = new Why[0];

        public ThreadStalls build() {
            return new ThreadStalls(this);
        }
    }

    public static final class Stall {
        public final long startAfterWindowStartNs;
        public final long lengthNs;

        public Stall(long startAfterWindowStartNs, long lengthNs) {
            this.startAfterWindowStartNs = startAfterWindowStartNs;
            this.lengthNs = lengthNs;
        }
    }

    /** The stalls of one step of lengths: from {@code fromNs} up to {@code toNs} (-1: no bound). */
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

    public static final class Tally {
        public final long count;
        public final long totalNs;

        public Tally(long count, long totalNs) {
            this.count = count;
            this.totalNs = totalNs;
        }
    }
}
