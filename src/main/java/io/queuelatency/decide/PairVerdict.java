package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;

/** One pair of JVMs at one percentile: its test, or why there is none. */
public final class PairVerdict {
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
     * The host's share of this pair's latencies where {@link Analysis#judgesHost}, else null: context, never a reason
     * to withhold the verdict (host noise both JVMs share is inside their runs' spread already).
     */
    public final HostShare host;
    /** Under --runs auto, the round of the earlier look whose decision stands (it is final); 0 where this look's. */
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

    public boolean decided() {
        return test != null && test.outcome != MedianRatio.Decision.CANNOT_TELL;
    }

    /** Whether the host accounts for both JVMs' latency here (its floor, or what explains both tails). */
    public boolean hostAccounts() {
        return host != null && host.by() != null;
    }

    /** Cannot tell, and would take over {@value #SPREAD_BOUND} times the runs at hand: the spread keeps it open. */
    public boolean spreadBound() {
        return test != null && test.outcome == MedianRatio.Decision.CANNOT_TELL
                && test.runsNeeded > SPREAD_BOUND * Math.max(test.firstRuns, test.secondRuns);
    }

    public MatrixPlan.PlannedJvm faster() {
        if (test == null) {
            return null;
        }
        return test.outcome == MedianRatio.Decision.FIRST_FASTER ? first
                : test.outcome == MedianRatio.Decision.SECOND_FASTER ? second : null;
    }

    /** How much faster {@code jvm}, the winner, is, as a share of the slower's estimate. */
    public double marginOf(MatrixPlan.PlannedJvm jvm) {
        return jvm == first ? 1 - test.ratio : 1 - 1 / test.ratio;
    }
}
