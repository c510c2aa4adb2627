package io.queuelatency.stats;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Holm's step-down (Scand. J. Statist. 6, 1979): a family of m comparisons whose chance of any false verdict is at most
 * alpha; each comparison gets one level, so its interval says the same as its verdict (docs/statistics.md).
 */
public final class Holm {
    private Holm() {
    }

    /**
     * The pair rule, once for every report that decides: each pair of run sets ({@code [first, second]}, null where
     * not tested) tested by {@link MedianRatio} at its Holm level in a family of {@code family} at {@code alpha}.
     */
    public static List<MedianRatio> test(List<double[][]> pairs, int family, double alpha, double margin) {
        double[] deciding = pairs.stream()
                .mapToDouble(p -> p == null ? 1 : MedianRatio.decidingLevel(p[0], p[1], margin)).toArray();
        double[] levels = levels(deciding, family, alpha);
        return IntStream.range(0, levels.length).mapToObj(i -> pairs.get(i) == null ? null
                : MedianRatio.of(pairs.get(i)[0], pairs.get(i)[1], levels[i], margin)).collect(Collectors.toList());
    }

    /**
     * Each comparison's level, in the order given: {@code deciding[i]} the smallest level at which comparison i would
     * be decided (1 for never); {@code family} counts those that could not be tested too.
     */
    public static double[] levels(double[] deciding, int family, double alpha) {
        int m = Math.max(family, deciding.length);
        Integer[] order = IntStream.range(0, deciding.length).boxed()
                .sorted(Comparator.comparingDouble(i -> deciding[i])).toArray(Integer[]::new);
        double[] levels = new double[deciding.length];
        double failed = Double.NaN;
        for (int step = 0; step < order.length; step++) {
            double level = Double.isNaN(failed) ? alpha / (m - step) : failed;
            if (Double.isNaN(failed) && deciding[order[step]] > level) {
                failed = level;
            }
            levels[order[step]] = level;
        }
        return levels;
    }
}
