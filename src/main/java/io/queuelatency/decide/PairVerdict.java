package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;

/**
 * One pair of JVMs at one percentile: its test (the ratio of their two estimates, with its interval), or why there is
 * none.
 */
public final class PairVerdict {
    /** Why a pair has no verdict at a percentile. */
    public enum NoVerdict { TOO_FEW_RUNS, TOO_FEW_SAMPLES }

    /** Beyond this many times the runs at hand, more runs are not the first advice: {@link #spreadBound}. */
    public static final int SPREAD_BOUND = 4;

    public final MatrixPlan.PlannedJvm first;
    public final MatrixPlan.PlannedJvm second;
    public final Percentile percentile;
    /** Null when not tested. */
    public final MedianRatio test;
    public final NoVerdict none;
    /**
     * The host's share of this pair's latencies, where the host rule judges the percentile (above the median, below
     * the worst); null elsewhere. Context beside the verdict, never a reason to withhold it: host noise both JVMs
     * share is inside their runs' spread already.
     */
    public final HostShare host;
    /**
     * Under --runs auto, the round of the earlier look that decided this pair, whose verdict stands (a decision at a
     * look is final, as in any sequential design: later runs do not test it again); 0 where this look's.
     */
    public final int decidedAtRound;

    public PairVerdict(MatrixPlan.PlannedJvm first, MatrixPlan.PlannedJvm second, Percentile percentile,
            MedianRatio test, NoVerdict none, HostShare host) {
        this.first = first;
        this.second = second;
        this.percentile = percentile;
        this.test = test;
        this.none = none;
        this.host = host;
        this.decidedAtRound = 0;
    }

    private PairVerdict(PairVerdict v, int decidedAtRound) {
        this.first = v.first;
        this.second = v.second;
        this.percentile = v.percentile;
        this.test = v.test;
        this.none = v.none;
        this.host = v.host;
        this.decidedAtRound = decidedAtRound;
    }

    /** This verdict, decided at the look after {@code round}, standing at a later look. */
    PairVerdict standing(int round) {
        return new PairVerdict(this, decidedAtRound > 0 ? decidedAtRound : round);
    }

    /** Whether this pair is decided: faster, slower or equivalent. */
    public boolean decided() {
        return test != null && test.outcome != MedianRatio.Decision.CANNOT_TELL;
    }

    /** Whether the host accounts for both JVMs' latency here (its floor, or what explains both tails). */
    public boolean hostAccounts() {
        return host != null && host.by() != null;
    }

    /**
     * Whether the pair cannot be told and would take more than {@value #SPREAD_BOUND} times the runs at hand: the
     * runs' spread, more than their number, keeps it open.
     */
    public boolean spreadBound() {
        return test != null && test.outcome == MedianRatio.Decision.CANNOT_TELL
                && test.runsNeeded > SPREAD_BOUND * Math.max(test.firstRuns, test.secondRuns);
    }

    /** The JVM this verdict says is faster, or null. */
    public MatrixPlan.PlannedJvm faster() {
        if (test == null) {
            return null;
        }
        return test.outcome == MedianRatio.Decision.FIRST_FASTER ? first
                : test.outcome == MedianRatio.Decision.SECOND_FASTER ? second : null;
    }

    /**
     * How much faster the winner of this verdict is, as a share of the slower's estimate; for a JVM that is one of the
     * pair.
     */
    public double marginOf(MatrixPlan.PlannedJvm jvm) {
        return jvm == first ? 1 - test.ratio : 1 - 1 / test.ratio;
    }
}
