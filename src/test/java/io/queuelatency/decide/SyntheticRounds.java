package io.queuelatency.decide;

import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Settings;
import io.queuelatency.stats.MedianRatio;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * --runs auto replayed on synthetic matrices, in memory: n JVMs ("j1" ... "jn") whose runs are drawn as real runs vary
 * (each run's value at each percentile around its JVM's median: a fresh JVM's spread, {@link Shape}), rounds added for
 * the JVMs {@link AutoRuns#open} leaves open at each look, decided by the real {@link Analysis} at the plan's levels.
 * The last JVM's medians are the others' times {@code ratio}: 1 is the null (one JVM under n labels), 1.05 a
 * difference on the equivalence margin, above it a planted difference. A fixed number of runs is one look.
 */
final class SyntheticRounds {
    /** 100 s at 100,000 msg/s: the samples of a run, so that p99.99 has 1,000 beyond it. */
    private static final long SAMPLES = 10_000_000;
    private static final Path NOWHERE = Paths.get("/nonexistent/synthetic");
    private static final double MARGIN = Analysis.DEFAULT_MARGIN;

    /** A matrix held in memory: {@code plan} and the cells given. */
    static MatrixData inMemory(MatrixPlan plan, List<MatrixData.Cell> cells) {
        MatrixData data = new MatrixData(NOWHERE, plan, null, null);
        data.cells.addAll(cells);
        return data;
    }

    /** How a JVM's runs spread around its median. */
    enum Shape {
        /** Log-normal, {@link #spread} at each percentile. */
        LOG_NORMAL,
        /**
         * Two modes, as reports/example's p50 runs fall with the vCPUs' placement: a quarter of the runs (17 of 66)
         * near 0.45 times the rest (612 ns against 1,371 ns), 11% and 16% run to run within each mode; the same
         * mode for every percentile of a run (the host's state is the run's).
         */
        TWO_MODES,
        /** Heavy tails: Student's t with 3 degrees of freedom on the log scale, scaled to {@link #spread}. */
        HEAVY_TAILS,
        /** The 16-core server's spread (shared/data/xeon16, 4 runs a JVM): log-normal, 6%, 40%, 69%, 107%. */
        XEON16
    }

    /** How one replayed matrix ended. */
    static final class Outcome {
        /** Some verdict at some look said what is not so ({@link #isSo}). */
        boolean anyFalse;
        /** The last look's verdict at p50 of the first JVM against the last (the planted pair). */
        MedianRatio.Decision p50;
        MatrixPlan.AutoPlan.RoundsEnd end;
        int rounds;
        int looksTaken;
        final Map<String, Integer> runs = new LinkedHashMap<>();
    }

    private SyntheticRounds() {
    }

    /** Two JVMs, log-normal, --runs auto with looks cut at {@code mostRounds}. */
    static Outcome replay(Random random, double ratio, int mostRounds) {
        return replay(random, 2, Shape.LOG_NORMAL, ratio, mostRounds, 0);
    }

    /**
     * One matrix of {@code jvms} JVMs: --runs auto with looks cut at {@code mostRounds}, or where {@code fixedRuns} is
     * above 0 that many runs each, looked at once.
     */
    static Outcome replay(Random random, int jvms, Shape shape, double ratio, int mostRounds, int fixedRuns) {
        MatrixPlan plan = plan(jvms, mostRounds, fixedRuns);
        List<Integer> looks = fixedRuns > 0 ? Collections.singletonList(fixedRuns) : plan.auto.looks;
        List<MatrixData.Cell> cells = new ArrayList<>();
        Set<String> open = new java.util.LinkedHashSet<>();
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            open.add(j.id);
        }
        MatrixPlan.PlannedJvm planted = plan.jvms.get(jvms - 1);
        Outcome o = new Outcome();
        int round = 0;
        for (int look = 0; look < looks.size(); look++) {
            for (int r = round + 1; r <= looks.get(look); r++) {
                for (MatrixPlan.PlannedJvm j : plan.jvms) {
                    if (open.contains(j.id)) {
                        cells.add(cell(plan, j, r, random, shape, j == planted ? ratio : 1));
                    }
                }
            }
            round = looks.get(look);
            Analysis a = new Analysis(inMemory(plan, cells), MARGIN);
            for (PairVerdict v : a.verdicts) {
                o.anyFalse |= !isSo(v, v.second == planted ? ratio : 1);
            }
            o.p50 = p50(a, plan.jvms.get(0), planted);
            o.rounds = round;
            o.looksTaken = look + 1;
            open = AutoRuns.open(a);
            if (open.isEmpty()) {
                o.end = MatrixPlan.AutoPlan.RoundsEnd.DECIDED;
                break;
            }
        }
        if (o.end == null) {
            o.end = MatrixPlan.AutoPlan.RoundsEnd.LAST_LOOK;
        }
        for (MatrixData.Cell c : cells) {
            o.runs.merge(c.jvm.id, 1, Integer::sum);
        }
        return o;
    }

    /**
     * Whether a verdict says what is so of a pair whose second JVM is {@code ratio} times the first: "cannot tell"
     * always; "equivalent" only strictly within the margin (at 1.05 on the margin it is false); "faster" only with the
     * right sign of a ratio that is not 1.
     */
    static boolean isSo(PairVerdict v, double ratio) {
        if (v.test == null || v.test.outcome == MedianRatio.Decision.CANNOT_TELL) {
            return true;
        }
        switch (v.test.outcome) {
            case EQUIVALENT:
                return Math.abs(Math.log(ratio)) < Math.log(1 + MARGIN) - 1e-12;
            case FIRST_FASTER:
                return ratio > 1;
            default:
                return ratio < 1;
        }
    }

    private static MedianRatio.Decision p50(Analysis a, MatrixPlan.PlannedJvm first, MatrixPlan.PlannedJvm last) {
        for (PairVerdict v : a.verdictsAt(Percentile.P50)) {
            if (v.first == first && v.second == last) {
                return v.test == null ? MedianRatio.Decision.CANNOT_TELL : v.test.outcome;
            }
        }
        return MedianRatio.Decision.CANNOT_TELL;
    }

    /**
     * A run's spread around its JVM's median at {@code p}, as a log-normal's sigma: 10% at the median, rising to 100%
     * from p99.99 (run-to-run, a fresh JVM each: the tail moves most).
     */
    static double spread(Percentile p) {
        return p.value <= 50 ? 0.10 : p.value <= 90 ? 0.15 : p.value <= 99 ? 0.30 : p.value <= 99.9 ? 0.60 : 1.0;
    }

    /** The first JVM's median run at {@code p}, ns: 600 ns at the median, a tail to 200 us. */
    private static double median(Percentile p) {
        return p.value <= 50 ? 600 : p.value <= 90 ? 800 : p.value <= 99 ? 2_000 : p.value <= 99.9 ? 8_000
                : p.value <= 99.99 ? 40_000 : 200_000;
    }

    /** {@code jvms} JVMs; --runs auto with looks cut at {@code mostRounds}, or {@code fixedRuns} runs each. */
    private static MatrixPlan plan(int jvms, int mostRounds, int fixedRuns) {
        MatrixPlan plan = new MatrixPlan();
        plan.runId = "synthetic";
        plan.settings = Settings.builder().floorNs(0).runs(fixedRuns > 0 ? fixedRuns : null).build();
        for (int i = 1; i <= jvms; i++) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = "j" + i;
            j.label = j.id;
            j.available = true;
            plan.jvms.add(j);
        }
        if (fixedRuns == 0) {
            plan.auto = new MatrixPlan.AutoPlan();
            plan.auto.looks.addAll(AutoRuns.looks(mostRounds));
        }
        return plan;
    }

    /** A run's factor at {@code p}: its draw around 1 as {@code shape} spreads, {@code mode} the run's host state. */
    private static double draw(Random random, Shape shape, Percentile p, boolean lowMode) {
        switch (shape) {
            case TWO_MODES:
                return (lowMode ? 612.0 / 1371 : 1) * Math.exp((lowMode ? 0.11 : 0.16) * random.nextGaussian());
            case HEAVY_TAILS:
                double chi = 0;
                for (int k = 0; k < 3; k++) {
                    double z = random.nextGaussian();
                    chi += z * z;
                }
                return Math.exp(spread(p) * random.nextGaussian() / Math.sqrt(chi / 3) / Math.sqrt(3));
            case XEON16:
                double s = p.value <= 50 ? 0.058 : p.value <= 99 ? 0.40 : p.value <= 99.9 ? 0.69 : 1.07;
                return Math.exp(s * random.nextGaussian());
            default:
                return Math.exp(spread(p) * random.nextGaussian());
        }
    }

    /** One run of {@code jvm}: at each reported percentile, its median times {@code ratio}, drawn as {@code shape}. */
    private static MatrixData.Cell cell(MatrixPlan plan, MatrixPlan.PlannedJvm jvm, int run, Random random,
                                        Shape shape, double ratio) {
        Map<Percentile, Latency.Value> values = new LinkedHashMap<>();
        boolean lowMode = random.nextDouble() < 17.0 / 66;
        for (Percentile p : Percentile.REPORTED) {
            long ns = Math.max(1, Math.round(median(p) * ratio * draw(random, shape, p, lowMode)));
            long beyond = p.isWorst() ? 0 : Math.round(SAMPLES * (1 - p.value / 100));
            values.put(p, new Latency.Value(p, ns, beyond));
        }
        RunResultBuilder b = new RunResultBuilder();
        b.latency.put(Definition.INTENDED, new Latency(Definition.INTENDED, SAMPLES, 100, 700, 1_000_000, values));
        RunResult result = b.build();
        CellId id = new CellId(jvm.id, null, null, run);
        CellOutcome outcome = new CellOutcome(id, CellOutcome.Status.VALID, 0, null, 120, Collections.emptyList());
        return new MatrixData.Cell(id, jvm, new MatrixData.Slice(plan.settings.size, plan.settings.rate), NOWHERE,
                outcome, result);
    }
}
