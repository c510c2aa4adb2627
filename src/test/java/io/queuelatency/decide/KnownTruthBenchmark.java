package io.queuelatency.decide;

import java.util.Locale;
import java.util.Random;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * The verdict engine against known truth, published (docs/statistics.md, "Known truth"): synthetic matrices
 * ({@link SyntheticRounds}) of 2 and of 11 JVMs under each run distribution, the last JVM's medians the others' times a
 * ratio, decided look by look by the real {@link Analysis} and {@link AutoRuns} with the default budget's looks (after
 * rounds 5, 6 and 8), a false verdict counted at any look:
 * <ul>
 *   <li>the null (ratio 1) and the equivalence margin (1.05, where "equivalent" is false);</li>
 *   <li>planted differences of 5, 10, 20 and 50%: the power, the share of matrices whose last look decides the planted
 *       pair at p50 with the right sign;</li>
 *   <li>the runs a JVM needs for 80% power at p50 with a fixed number of runs (one look, two JVMs) on this host's
 *       spread (two modes) and on the 16-core server's.</li>
 * </ul>
 * Run by bench/known-truth.sh: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.queuelatency.decide.KnownTruthBenchmark -Dexec.args="REPS SEED ROUNDS"}, ROUNDS the budget's
 * most rounds (8, the default budget's: looks after rounds 5, 6 and 8). Each interval is the exact
 * (Clopper-Pearson) 95% one of the count.
 */
public final class KnownTruthBenchmark {
    private static final double[] RATIOS = {1, 1.05, 1.10, 1.20, 1.50};
    private static final int[] RUN_LADDER = {4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64};

    private KnownTruthBenchmark() {
    }

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 36;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        Random random = new Random(seed);
        System.out.printf(Locale.ROOT, "# Known truth: %,d matrices per case, seed %d, --runs auto with looks after "
                + "rounds %s%n%n", reps, seed, AutoRuns.looks(rounds));
        System.out.println("| JVMs | runs spread | ratio | any false verdict, any look [95%] "
                + "| planted pair decided at p50, right sign [95%] | runs per JVM | ended at the first look |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
        for (int jvms : new int[] {2, 11}) {
            for (SyntheticRounds.Shape shape : new SyntheticRounds.Shape[] {SyntheticRounds.Shape.LOG_NORMAL,
                    SyntheticRounds.Shape.TWO_MODES, SyntheticRounds.Shape.HEAVY_TAILS}) {
                for (double ratio : RATIOS) {
                    row(random, reps, jvms, shape, ratio, rounds);
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n# Runs a JVM needs for 80%% power at p50: two JVMs, a fixed number of runs, "
                + "one look (%,d matrices per step)%n%n", Math.max(1, reps / 5));
        System.out.println("| runs spread | 5% | 10% | 20% |");
        System.out.println("| --- | --- | --- | --- |");
        for (SyntheticRounds.Shape shape : new SyntheticRounds.Shape[] {SyntheticRounds.Shape.TWO_MODES,
                SyntheticRounds.Shape.XEON16, SyntheticRounds.Shape.LOG_NORMAL}) {
            StringBuilder line = new StringBuilder("| " + name(shape));
            for (double ratio : new double[] {1.05, 1.10, 1.20}) {
                line.append(" | ").append(runsFor80(random, Math.max(1, reps / 5), shape, ratio));
            }
            System.out.println(line.append(" |"));
        }
    }

    private static void row(Random random, int reps, int jvms, SyntheticRounds.Shape shape, double ratio,
            int rounds) {
        int wrong = 0;
        int decided = 0;
        long runs = 0;
        int first = 0;
        for (int i = 0; i < reps; i++) {
            SyntheticRounds.Outcome o = SyntheticRounds.replay(random, jvms, shape, ratio, rounds, 0);
            wrong += o.anyFalse ? 1 : 0;
            decided += o.p50 == io.queuelatency.stats.MedianRatio.Decision.FIRST_FASTER ? 1 : 0;
            first += o.looksTaken == 1 && o.end == io.queuelatency.result.MatrixPlan.AutoPlan.RoundsEnd.DECIDED ? 1 : 0;
            for (int n : o.runs.values()) {
                runs += n;
            }
        }
        System.out.printf(Locale.ROOT, "| %d | %s | %.2f | %s | %s | %.1f | %s |%n", jvms, name(shape), ratio,
                share(wrong, reps), ratio > 1 ? share(decided, reps) : "", runs / (double) reps / jvms,
                share(first, reps));
    }

    /** The fewest runs of the ladder at which 80% of the matrices decide the planted pair at p50; "> 64" else. */
    private static String runsFor80(Random random, int reps, SyntheticRounds.Shape shape, double ratio) {
        for (int n : RUN_LADDER) {
            int decided = 0;
            for (int i = 0; i < reps; i++) {
                SyntheticRounds.Outcome o = SyntheticRounds.replay(random, 2, shape, ratio, 0, n);
                decided += o.p50 == io.queuelatency.stats.MedianRatio.Decision.FIRST_FASTER ? 1 : 0;
            }
            if (decided >= 0.8 * reps) {
                return String.format(Locale.ROOT, "%d (%.0f%%)", n, 100.0 * decided / reps);
            }
        }
        return "> " + RUN_LADDER[RUN_LADDER.length - 1];
    }

    private static String name(SyntheticRounds.Shape shape) {
        switch (shape) {
            case TWO_MODES:
                return "two modes (this host's p50)";
            case HEAVY_TAILS:
                return "heavy tails (log-t, 3 df)";
            case XEON16:
                return "the 16-core server's";
            default:
                return "log-normal";
        }
    }

    /** "2.34% [1.95, 2.79]": a count's share with its exact 95% interval. */
    static String share(int k, int n) {
        double low = k == 0 ? 0 : new BetaDistribution(null, k, n - k + 1).inverseCumulativeProbability(0.025);
        double high = k == n ? 1 : new BetaDistribution(null, k + 1, n - k).inverseCumulativeProbability(0.975);
        return String.format(Locale.ROOT, "%.2f%% [%.2f, %.2f]", 100.0 * k / n, 100 * low, 100 * high);
    }
}
