package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * --runs auto's rule, a pure function of the stored cells: when to look ({@link #looks}, fixed before the plan starts),
 * each look's share of 5% (Lan and DeMets' Pocock-type spending, {@link #shares}), and after a look which JVMs are
 * still open ({@link #isOpen}): docs/statistics.md, "Runs until decided".
 */
public final class AutoRuns {
    /** The rounds before the first look: the fewest runs per JVM --runs auto takes. */
    public static final int FIRST_LOOK = MatrixPlan.AutoPlan.FIRST_ROUNDS;

    private AutoRuns() {
    }

    /** The looks: 5, 6, 8, 12, 16, 24, ... up to {@code mostRounds}; where fewer than 5 fit, one look after those. */
    public static List<Integer> looks(int mostRounds) {
        List<Integer> looks = new ArrayList<>();
        if (mostRounds < FIRST_LOOK) {
            if (mostRounds >= 1) {
                looks.add(mostRounds);
            }
            return looks;
        }
        looks.add(FIRST_LOOK);
        for (long twos = 1; ; twos *= 2) {
            for (int base : new int[] {3, 4}) {
                long round = base * twos;
                if (round > mostRounds) {
                    return looks;
                }
                if (round > FIRST_LOOK) {
                    looks.add((int) round);
                }
            }
        }
    }

    /** The family's level at the look {@code rounds} rounds stand at: 5% for a fixed plan, else that look's share. */
    public static double alphaAt(MatrixPlan plan, int rounds) {
        List<Integer> looks = plan.auto == null ? Collections.<Integer>emptyList() : plan.auto.looks;
        if (looks.isEmpty()) {
            return MedianRatio.FAMILY_ALPHA;
        }
        return shares(plan)[Math.max(0, lookAt(looks, rounds))];
    }

    /** The index of the last look at or before {@code rounds} rounds; -1 before the first. */
    static int lookAt(List<Integer> looks, int rounds) {
        int k = -1;
        while (k + 1 < looks.size() && looks.get(k + 1) <= rounds) {
            k++;
        }
        return k;
    }

    /** The comparisons 5% is spread over at a look: the family's, times a sweep's slices. */
    private static double comparisons(MatrixPlan plan) {
        return Analysis.slices(plan.settings) * (double) Analysis.familySize(plan);
    }

    /**
     * Each look's share of 5%, fixed by the plan: the spending function's increments over the looks that can decide
     * anything. A look whose share the exact test on that many runs cannot reach ({@link MedianRatio#runsToReach})
     * passes it to the next that can (5 runs each cannot reach 5% / 220); where none can, the last holds all of it.
     */
    static double[] shares(MatrixPlan plan) {
        List<Integer> looks = plan.auto.looks;
        double most = looks.get(looks.size() - 1);
        double family = comparisons(plan);
        boolean[] kept = new boolean[looks.size()];
        java.util.Arrays.fill(kept, true);
        double[] shares = new double[looks.size()];
        for (boolean dropped = true; dropped;) {
            dropped = false;
            double before = 0;
            for (int k = 0; k < looks.size(); k++) {
                shares[k] = kept[k] ? spent(looks.get(k) / most) - before : 0;
                before += shares[k];
                if (kept[k] && MedianRatio.runsToReach(shares[k] / family) > looks.get(k)) {
                    kept[k] = false;
                    dropped = true;
                }
            }
        }
        if (java.util.Arrays.stream(shares).allMatch(share -> share == 0)) {
            shares[looks.size() - 1] = MedianRatio.FAMILY_ALPHA;
        }
        return shares;
    }

    /** The first look of the plan at which a comparison can be decided at all; 0 where none can. */
    public static int firstDecidingLook(MatrixPlan plan) {
        if (plan.auto == null || plan.auto.looks.isEmpty()) {
            return 0;
        }
        double[] shares = shares(plan);
        for (int k = 0; k < shares.length; k++) {
            if (shares[k] > 0 && MedianRatio.runsToReach(shares[k] / comparisons(plan)) <= plan.auto.looks.get(k)) {
                return plan.auto.looks.get(k);
            }
        }
        return 0;
    }

    /** Lan and DeMets' Pocock-type spending: of 5%, what the looks up to the share {@code t} of the rounds spend. */
    static double spent(double t) {
        return MedianRatio.FAMILY_ALPHA * Math.log(1 + (Math.E - 1) * Math.min(1, t));
    }

    /** Per slice, the ids of the JVMs still open after a look; empty where every comparison is decided. */
    public static Map<MatrixData.Slice, Set<String>> open(List<Analysis> slices) {
        Map<MatrixData.Slice, Set<String>> open = new LinkedHashMap<>();
        for (Analysis a : slices) {
            Set<String> ids = open(a);
            if (!ids.isEmpty()) {
                open.put(sliceOf(a), ids);
            }
        }
        return open;
    }

    /** The ids of the JVMs of one analysis with a pair still open, in the plan's order. */
    public static Set<String> open(Analysis a) {
        Set<String> open = a.jvms.stream()
                .filter(j -> a.verdicts.stream().anyMatch(v -> (v.first == j || v.second == j) && isOpen(v)))
                .map(j -> j.id).collect(Collectors.toCollection(LinkedHashSet::new));
        return Collections.unmodifiableSet(open);
    }

    /** Whether more runs could decide this pair: tested and cannot tell, or not tested for too few runs. */
    static boolean isOpen(PairVerdict v) {
        if (!Percentile.HEADLINE.contains(v.percentile)) {
            return false;
        }
        if (v.test == null) {
            return v.none == PairVerdict.NoVerdict.TOO_FEW_RUNS;
        }
        return v.test.outcome == MedianRatio.Decision.CANNOT_TELL;
    }

    /** The slice an analysis is of: its own where it is one of a sweep, else the plan's one size and rate. */
    public static MatrixData.Slice sliceOf(Analysis a) {
        return a.data.slice != null ? a.data.slice
                : new MatrixData.Slice(a.data.plan.settings.size, a.data.plan.settings.rate);
    }
}
