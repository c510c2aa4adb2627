package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;

/**
 * What the report can conclude ("Which JVM on this host?"), as facts; the writers put it in words. Exactly one
 * kind, each a small type with the facts it has: no JVM to judge, or only one (both of the whole report); and at
 * one headline percentile the host's (by the tail's causes, or by the floor), one JVM faster than every other, too
 * few runs for any verdict, or no JVM distinguishable with these runs.
 */
public abstract class Conclusion {
    public enum Kind { NO_JVM, ONE_JVM, HOST_BY_TAIL, HOST_BY_FLOOR, FASTEST, TOO_FEW_RUNS, UNDECIDED }

    public final Kind kind;

    private Conclusion(Kind kind) {
        this.kind = kind;
    }

    /** A JVM and its estimate at the conclusion's percentile (intended latency), ns. */
    public static final class JvmAt {
        public final MatrixPlan.PlannedJvm jvm;
        public final double valueNs;

        JvmAt(MatrixPlan.PlannedJvm jvm, double valueNs) {
            this.jvm = jvm;
            this.valueNs = valueNs;
        }
    }

    /** No JVM has a run that counts: nothing to decide. */
    public static final class NoJvm extends Conclusion {
        NoJvm() {
            super(Kind.NO_JVM);
        }
    }

    /** Only one JVM has runs that count: nothing to compare it with. */
    public static final class OneJvm extends Conclusion {
        /** The JVM, at the median. */
        public final JvmAt only;

        OneJvm(JvmAt only) {
            super(Kind.ONE_JVM);
            this.only = only;
        }
    }

    /** A conclusion at one headline percentile. */
    public abstract static class AtPercentile extends Conclusion {
        public final Percentile percentile;

        private AtPercentile(Kind kind, Percentile percentile) {
            super(kind);
            this.percentile = percentile;
        }
    }

    /** The percentile is the host's by what explains its tail: no verdict there. */
    public static final class HostByTail extends AtPercentile {
        public final TailHost tail;

        HostByTail(TailHost tail) {
            super(Kind.HOST_BY_TAIL, tail.percentile);
            this.tail = tail;
        }
    }

    /** The percentile is the host's by the floor (the bare hand-off reaches half the queue's latency): no verdict. */
    public static final class HostByFloor extends AtPercentile {
        public final HostShare floor;

        HostByFloor(HostShare floor) {
            super(Kind.HOST_BY_FLOOR, floor.percentile);
            this.floor = floor;
        }
    }

    /** One JVM is faster than every other at the percentile. */
    public static final class Fastest extends AtPercentile {
        public final JvmAt fastest;
        /** By how much at least, as a share of the nearest other JVM's estimate. */
        public final double least;

        Fastest(Percentile percentile, JvmAt fastest, double least) {
            super(Kind.FASTEST, percentile);
            this.fastest = fastest;
            this.least = least;
        }
    }

    /** No pair could be tested (fewer than 2 runs of a JVM): no JVM can be told apart. */
    public static final class TooFewRuns extends AtPercentile {
        /** The lowest estimate. */
        public final JvmAt lowest;

        TooFewRuns(Percentile percentile, JvmAt lowest) {
            super(Kind.TOO_FEW_RUNS, percentile);
            this.lowest = lowest;
        }
    }

    /** Pairs were tested and none is faster than every other. */
    public static final class Undecided extends AtPercentile {
        /** The lowest estimate. */
        public final JvmAt lowest;
        public final PairsTested pairs;
        /**
         * The most runs per JVM any undecided pair of the lowest would take to decide, at the ratios and spread seen;
         * 0 when none of its pairs is undecided.
         */
        public final int runsNeeded;

        Undecided(Percentile percentile, JvmAt lowest, PairsTested pairs, int runsNeeded) {
            super(Kind.UNDECIDED, percentile);
            this.lowest = lowest;
            this.pairs = pairs;
            this.runsNeeded = runsNeeded;
        }
    }

    /** The pairs tested at a percentile: how many, how many differ, how many are equivalent within the margin. */
    public static final class PairsTested {
        public final int tested;
        public final int differ;
        public final int equivalent;

        PairsTested(int tested, int differ, int equivalent) {
            this.tested = tested;
            this.differ = differ;
            this.equivalent = equivalent;
        }
    }
}
