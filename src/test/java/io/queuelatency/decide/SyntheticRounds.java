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
 * --runs auto replayed on synthetic matrices, in memory: two JVMs, "first" and "second", whose runs are drawn as real
 * runs vary (each run's value at each percentile log-normal around its JVM's median, independently: a fresh JVM's
 * spread, {@link #spread}), rounds added for the JVMs {@link AutoRuns#open} leaves open at each look, decided by the
 * real {@link Analysis} at the plan's level (5% / (m K)). The second's medians are the first's times {@code ratio}:
 * 1 is the null (the same JVM under two labels), 2 a planted difference.
 */
final class SyntheticRounds {
    /** 100 s at 100,000 msg/s: the samples of a run, so that p99.99 has 1,000 beyond it. */
    private static final long SAMPLES = 10_000_000;
    private static final Path NOWHERE = Paths.get("/nonexistent/synthetic");

    /** How one replayed matrix ended. */
    static final class Outcome {
        /** Some verdict at some look said what is not so: "faster" the wrong way, or "equivalent" of a 2x ratio. */
        boolean anyFalse;
        /** The last look's verdict at p50, as the report would show it. */
        MedianRatio.Decision p50;
        MatrixPlan.AutoPlan.RoundsEnd end;
        int rounds;
        int looksTaken;
        final Map<String, Integer> runs = new LinkedHashMap<>();
    }

    private SyntheticRounds() {
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

    /** Replays one matrix of --runs auto with looks cut at {@code mostRounds}. */
    static Outcome replay(Random random, double ratio, int mostRounds) {
        MatrixPlan plan = plan(mostRounds);
        List<MatrixData.Cell> cells = new ArrayList<>();
        Set<String> open = new java.util.LinkedHashSet<>(java.util.Arrays.asList("first", "second"));
        Outcome o = new Outcome();
        int round = 0;
        for (int look = 0; look < plan.auto.looks.size(); look++) {
            for (int r = round + 1; r <= plan.auto.looks.get(look); r++) {
                for (MatrixPlan.PlannedJvm j : plan.jvms) {
                    if (open.contains(j.id)) {
                        cells.add(cell(plan, j, r, random, j.id.equals("second") ? ratio : 1));
                    }
                }
            }
            round = plan.auto.looks.get(look);
            Analysis a = new Analysis(MatrixData.of(NOWHERE, plan, cells), Analysis.DEFAULT_MARGIN);
            o.anyFalse |= anyFalse(a, ratio);
            o.p50 = p50(a);
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
     * A verdict that is not so: with no difference, any "faster"; with one beyond the margin (the second slower),
     * "faster" the wrong way or "equivalent".
     */
    private static boolean anyFalse(Analysis a, double ratio) {
        for (PairVerdict v : a.verdicts) {
            if (v.test == null || v.test.outcome == MedianRatio.Decision.CANNOT_TELL) {
                continue;
            }
            // the null: equivalent is so, faster either way is not; a planted ratio beyond the margin: only "first
            // faster" is so
            boolean so = ratio == 1 ? v.test.outcome == MedianRatio.Decision.EQUIVALENT
                    : v.test.outcome == MedianRatio.Decision.FIRST_FASTER;
            if (!so) {
                return true;
            }
        }
        return false;
    }

    private static MedianRatio.Decision p50(Analysis a) {
        for (PairVerdict v : a.verdictsAt(Percentile.P50)) {
            return v.test == null ? MedianRatio.Decision.CANNOT_TELL : v.test.outcome;
        }
        return MedianRatio.Decision.CANNOT_TELL;
    }

    /** Two JVMs, runs until decided, looks cut at {@code mostRounds}. */
    private static MatrixPlan plan(int mostRounds) {
        MatrixPlan plan = new MatrixPlan();
        plan.runId = "synthetic";
        plan.settings = Settings.builder().floorNs(0).runs(null).build();
        for (String id : new String[] {"first", "second"}) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = id;
            j.label = id;
            j.available = true;
            plan.jvms.add(j);
        }
        plan.auto = new MatrixPlan.AutoPlan();
        plan.auto.looks.addAll(AutoRuns.looks(mostRounds));
        return plan;
    }

    /** One run of {@code jvm}: at each reported percentile, its median times {@code ratio}, drawn log-normal. */
    private static MatrixData.Cell cell(MatrixPlan plan, MatrixPlan.PlannedJvm jvm, int run, Random random,
                                        double ratio) {
        Map<Percentile, Latency.Value> values = new LinkedHashMap<>();
        for (Percentile p : Percentile.REPORTED) {
            long ns = Math.max(1, Math.round(median(p) * ratio * Math.exp(spread(p) * random.nextGaussian())));
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
