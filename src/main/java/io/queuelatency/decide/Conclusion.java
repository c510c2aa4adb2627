package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;

/**
 * What the report can conclude ("Which JVM on this host?"), as facts; the writers put it in words. Exactly one
 * kind, each a small type with the facts it has.
 */
public abstract class Conclusion {
    public enum Kind { NO_JVM, ONE_JVM, FASTEST, TOO_FEW_RUNS, UNDECIDED }

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

    /** A conclusion at one headline percentile, with the pairs the host accounts for there. */
    public abstract static class AtPercentile extends Conclusion {
        public final Percentile percentile;
        public final HostPairs host;

        private AtPercentile(Kind kind, Percentile percentile, HostPairs host) {
            super(kind);
            this.percentile = percentile;
            this.host = host;
        }
    }

    /** Of the pairs at a percentile, how many the host accounts for: by its floor, and by what explains their tails. */
    public static final class HostPairs {
        public final int pairs;
        public final int byFloor;
        public final int byTail;
        /** The host's floor at the percentile, ns; NaN where none was measured. */
        public final double floorNs;

        HostPairs(int pairs, int byFloor, int byTail, double floorNs) {
            this.pairs = pairs;
            this.byFloor = byFloor;
            this.byTail = byTail;
            this.floorNs = floorNs;
        }

        public int accounted() {
            return byFloor + byTail;
        }
    }

    /** One JVM is faster than every other at the percentile. */
    public static final class Fastest extends AtPercentile {
        public final JvmAt fastest;
        /** By how much at least, as a share of the nearest other JVM's estimate. */
        public final double least;

        Fastest(Percentile percentile, HostPairs host, JvmAt fastest, double least) {
            super(Kind.FASTEST, percentile, host);
            this.fastest = fastest;
            this.least = least;
        }
    }

    /** No pair could be tested (fewer than 2 runs of a JVM): no JVM can be told apart. */
    public static final class TooFewRuns extends AtPercentile {
        public final JvmAt lowest;

        TooFewRuns(Percentile percentile, HostPairs host, JvmAt lowest) {
            super(Kind.TOO_FEW_RUNS, percentile, host);
            this.lowest = lowest;
        }
    }

    /** Pairs were tested and none is faster than every other. */
    public static final class Undecided extends AtPercentile {
        public final JvmAt lowest;
        public final PairsTested pairs;
        /**
         * The most runs per JVM any undecided pair of the lowest would take to decide; 0 when none is undecided; below
         * 0 when the host accounts for some of its pairs (minus how many), which no number of runs decides.
         */
        public final int runsNeeded;
        /** Whether the runs' spread more than their number keeps a pair of the lowest open (spreadBound). */
        public final boolean spread;

        Undecided(Percentile percentile, HostPairs host, JvmAt lowest, PairsTested pairs, int runsNeeded,
                boolean spread) {
            super(Kind.UNDECIDED, percentile, host);
            this.lowest = lowest;
            this.pairs = pairs;
            this.runsNeeded = runsNeeded;
            this.spread = spread;
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
