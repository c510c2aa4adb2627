package io.queuelatency.result;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One measured thread's stalls in the window, as its own loop saw them (a gap between two of its clock reads above
 * the threshold): how many, how long, the largest, per second, by length and by cause. What is not given is none:
 * no stall, complete, clock reads unknown.
 */
public final class ThreadStalls {
    public long thresholdNs;
    public long count;
    public long totalNs;
    public long maxNs;
    /** The loop's clock reads, warm-up and window: its own cost per read is about the run's length over this. */
    public long reads;
    /** False when the ring of stalls had overwritten some of the window's: the counts are then a lower bound. */
    public boolean complete = true;
    /** Of {@link #count}, the stalls that spanned a write to the queue (the producer's), and their total. */
    public long writeCount;
    public long writeNs;
    /** The largest stalls, largest first. */
    public List<Stall> largest = new ArrayList<>();
    /** Per second of the window (by start), the longest stall: the timeline's marks. Empty where not stored. */
    public long[] perSecondMaxNs = new long[0];
    /** One clock read's cost on its CPU before the loop (median, p99), which set the threshold; -1: unknown. */
    public long clockReadP50Ns = -1;
    public long clockReadP99Ns = -1;
    /** By length, in 1-2-5 steps ({@link #LENGTH_EDGES_NS}), the steps with a stall. Empty where not stored. */
    public List<LengthStep> byLength = new ArrayList<>();
    /** Empty where the result stores no causes. */
    public Map<Why, Tally> byWhy = new EnumMap<>(Why.class);
    /** Per second, the cause of its longest stall (null where none); empty where not stored. */
    public Why[] perSecondMaxWhy = new Why[0];

    /** The steps of {@link #byLength}: 1, 2, 5 us ... 5 s; a stall of 10 s or more is in the open step from 10 s. */
    public static final long[] LENGTH_EDGES_NS = StallLengths.EDGES_NS;

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
