package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * "Which JVM on this host?" as facts, one row per JVM: its estimates and where it stands against the leader (the lowest
 * estimate at a percentile), the pair's own verdict turned to the leader: nothing is tested anew.
 */
public final class Answer {
    /** Where a JVM stands against the leader at one percentile. */
    public enum Standing {
        /** The leader, faster than every other JVM by the report's verdicts. */
        FASTEST,
        /** The leader by estimate only: the verdicts do not decide it faster than every other. */
        LOWEST_ESTIMATE,
        SLOWER,
        EQUIVALENT,
        UNDECIDED,
        /** The only JVM with a run that counts. */
        ONLY,
        /** No run of this JVM counts: none valid, or none run yet. */
        NOT_VALID
    }

    /** Why a standing is undecided; for the leader, why it is not the fastest. */
    public enum Obstacle {
        /** Runs would decide: {@link Place#runsNeeded} per JVM at the ratio and spread seen. */
        RUNS,
        /** The runs at hand cannot reach the pair's level, whatever they show: {@link Place#runsNeeded} would. */
        LEVEL,
        /** The runs' spread keeps it open ({@link PairVerdict#spreadBound}): a quieter host first. */
        SPREAD,
        /** Cannot tell, and the host accounts for the pair's latency: its spread, more than the runs, keeps it open. */
        HOST,
        /** A JVM has fewer than 2 runs counted. */
        ONE_RUN,
        /** Too few samples beyond the percentile to bound it. */
        FEW_SAMPLES,
        /** The leader is equivalent to others within the margin: decided, but not faster than every other. */
        EQUIVALENT_TO_OTHERS
    }

    public static final class Place {
        public final Percentile percentile;
        public final Standing standing;
        /** The leader at this percentile (this JVM itself when it leads); null where no JVM counts. */
        public final MatrixPlan.PlannedJvm leader;
        /** This JVM's estimate over the leader's, with the verdict's interval; NaN where not tested. */
        public final double ratio;
        public final double low;
        public final double high;
        /** Why undecided; null when decided. */
        public final Obstacle why;
        /** With {@link Obstacle#RUNS}: runs per JVM that would decide; with HOST or EQUIVALENT_TO_OTHERS: pairs. */
        public final int runsNeeded;

        Place(Percentile percentile, Standing standing, MatrixPlan.PlannedJvm leader, double[] ratio,
                Obstacle why, int runsNeeded) {
            this.percentile = percentile;
            this.standing = standing;
            this.leader = leader;
            this.ratio = ratio == null ? Double.NaN : ratio[0];
            this.low = ratio == null ? Double.NaN : ratio[1];
            this.high = ratio == null ? Double.NaN : ratio[2];
            this.why = why;
            this.runsNeeded = runsNeeded;
        }
    }

    /** One row of the answer: a JVM, its estimates (null where no run counts), its standing at p50 and the tail. */
    public static final class JvmRow {
        public final MatrixPlan.PlannedJvm jvm;
        /** Per percentile of {@link #COLUMNS}, the analysis's estimate (intended), or null where no run counts. */
        public final List<Estimate> estimates;
        public final Place atMedian;
        /** The decided standings at the tail percentiles with verdicts, in percentile order. */
        public final List<Place> tail;

        JvmRow(MatrixPlan.PlannedJvm jvm, List<Estimate> estimates, Place atMedian, List<Place> tail) {
            this.jvm = jvm;
            this.estimates = estimates;
            this.atMedian = atMedian;
            this.tail = tail;
        }
    }

    public static final List<Percentile> COLUMNS = Collections.unmodifiableList(java.util.Arrays.asList(
            Percentile.P50, Percentile.P99, Percentile.P99_9, Percentile.P99_99, Percentile.WORST));

    private Answer() {
    }

    /** The rows, lowest p50 estimate first, then the JVMs planned and available whose runs do not count. */
    public static List<JvmRow> of(Analysis a) {
        List<JvmRow> rows = new ArrayList<>();
        for (MatrixPlan.PlannedJvm j : a.ranking(Percentile.P50)) {
            List<Estimate> estimates = COLUMNS.stream().map(p -> a.estimate(j, Definition.HEADLINE, p))
                    .collect(Collectors.toList());
            List<Place> tail = Percentile.HEADLINE.stream().filter(p -> !Percentile.P50.equals(p) && a.jvms.size() > 1)
                    .map(p -> place(a, j, p)).filter(at -> at.why == null).collect(Collectors.toList());
            rows.add(new JvmRow(j, estimates, a.jvms.size() == 1
                    ? new Place(Percentile.P50, Standing.ONLY, j, null, null, 0) : place(a, j, Percentile.P50), tail));
        }
        for (MatrixPlan.PlannedJvm j : a.data.plan.jvms) {
            if (j.available && !a.jvms.contains(j)) {
                rows.add(new JvmRow(j, null, new Place(Percentile.P50, Standing.NOT_VALID, null, null, null, 0),
                        Collections.<Place>emptyList()));
            }
        }
        return rows;
    }

    static Place place(Analysis a, MatrixPlan.PlannedJvm j, Percentile p) {
        MatrixPlan.PlannedJvm leader = a.ranking(p).get(0);
        if (leader == j) {
            return leaderPlace(a, j, p);
        }
        PairVerdict v = pair(a, leader, j, p);
        if (v.test == null) {
            return new Place(p, Standing.UNDECIDED, leader, null, v.none == PairVerdict.NoVerdict.TOO_FEW_RUNS
                    ? Obstacle.ONE_RUN : Obstacle.FEW_SAMPLES, 0);
        }
        double[] ratio = toLeader(v, leader);
        switch (v.test.outcome) {
            case EQUIVALENT:
                return new Place(p, Standing.EQUIVALENT, leader, ratio, null, 0);
            case CANNOT_TELL:
                return v.hostAccounts() ? new Place(p, Standing.UNDECIDED, leader, ratio, Obstacle.HOST, 1)
                        : new Place(p, Standing.UNDECIDED, leader, ratio, !v.test.reached() ? Obstacle.LEVEL
                        : v.spreadBound() ? Obstacle.SPREAD : Obstacle.RUNS, v.test.runsNeeded);
            default:
                return new Place(p, v.faster() == leader ? Standing.SLOWER : Standing.UNDECIDED, leader, ratio,
                        v.faster() == leader ? null : Obstacle.RUNS, 0);
        }
    }

    /** The leader's own place: fastest when the verdicts say so, else the lowest estimate and why not more. */
    private static Place leaderPlace(Analysis a, MatrixPlan.PlannedJvm leader, Percentile p) {
        if (a.winner(p) == leader) {
            return new Place(p, Standing.FASTEST, leader, null, null, 0);
        }
        int runs = 0;
        int host = 0;
        int oneRun = 0;
        int fewSamples = 0;
        int equivalent = 0;
        boolean spread = false;
        boolean level = false;
        for (PairVerdict v : a.verdictsAt(p)) {
            if (v.first != leader && v.second != leader) {
                continue;
            }
            if (v.test == null) {
                oneRun += v.none == PairVerdict.NoVerdict.TOO_FEW_RUNS ? 1 : 0;
                fewSamples += v.none == PairVerdict.NoVerdict.TOO_FEW_SAMPLES ? 1 : 0;
            } else if (v.test.outcome == MedianRatio.Decision.CANNOT_TELL && v.hostAccounts()) {
                host++;
            } else if (v.test.outcome == MedianRatio.Decision.CANNOT_TELL) {
                runs = Math.max(runs, v.test.runsNeeded);
                spread |= v.spreadBound();
                level |= !v.test.reached();
            } else if (v.test.outcome == MedianRatio.Decision.EQUIVALENT) {
                equivalent++;
            }
        }
        // The reason that most keeps it from leading: the host's spread before a count of runs.
        Obstacle why = oneRun > 0 ? Obstacle.ONE_RUN : runs > 0 && level ? Obstacle.LEVEL : host > 0 ? Obstacle.HOST
                : runs > 0 ? spread ? Obstacle.SPREAD : Obstacle.RUNS : fewSamples > 0 ? Obstacle.FEW_SAMPLES
                : Obstacle.EQUIVALENT_TO_OTHERS;
        int n = why == Obstacle.HOST ? host : why == Obstacle.RUNS || why == Obstacle.SPREAD || why == Obstacle.LEVEL
                ? runs
                : why == Obstacle.EQUIVALENT_TO_OTHERS ? equivalent : 0;
        return new Place(p, Standing.LOWEST_ESTIMATE, leader, null, why, n);
    }

    private static PairVerdict pair(Analysis a, MatrixPlan.PlannedJvm x, MatrixPlan.PlannedJvm y, Percentile p) {
        return a.verdictsAt(p).stream().filter(v -> v.first == x && v.second == y || v.first == y && v.second == x)
                .findFirst().orElseThrow(() -> new IllegalStateException("no verdict of " + x.id + " and " + y.id
                        + " at " + p));
    }

    /** The pair's ratio and interval as the other JVM's estimate over the leader's. */
    private static double[] toLeader(PairVerdict v, MatrixPlan.PlannedJvm leader) {
        MedianRatio t = v.test;
        return v.second == leader ? new double[] {t.ratio, t.low, t.high}
                : new double[] {1 / t.ratio, 1 / t.high, 1 / t.low};
    }
}
