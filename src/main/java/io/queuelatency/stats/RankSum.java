package io.queuelatency.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.stat.ranking.TiesStrategy;

/**
 * Do two samples come from one distribution? The two-sided Wilcoxon-Mann-Whitney rank-sum test (ties their mean
 * rank): exact up to {@link #EXACT_UP_TO} values, else the normal approximation with the ties' and continuity
 * corrections. n1 and n2 values cannot give a p below {@link #smallestP}.
 */
public final class RankSum {
    /** The most values, both samples together, whose splits are counted exactly. */
    public static final int EXACT_UP_TO = 60;
    static final NormalDistribution NORMAL = new NormalDistribution();

    public final int n1;
    public final int n2;
    /** The two-sided p: the chance, were both from one distribution, of a rank sum as far from its mean or further. */
    public final double p;
    /** Whether {@link #p} counted every split (else the normal approximation). */
    public final boolean exact;

    private RankSum(int n1, int n2, double p, boolean exact) {
        this.n1 = n1;
        this.n2 = n2;
        this.p = Math.min(1, p);
        this.exact = exact;
    }

    /** The test of {@code a} against {@code b}, one value or more each. */
    public static RankSum of(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("a rank test needs a value in each sample: " + a.length + " and "
                    + b.length);
        }
        int n = a.length + b.length;
        double[] all = new double[n];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        int[] doubled = doubledRanks(all);
        long sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += doubled[i];
        }
        long expected = (long) a.length * (n + 1); // twice the rank sum's mean
        long distance = Math.abs(sum - expected);
        if (n <= EXACT_UP_TO) {
            return new RankSum(a.length, b.length, exactP(doubled, a.length, expected, distance), true);
        }
        return new RankSum(a.length, b.length, normalP(all, a.length, distance), false);
    }

    /** The smallest two-sided p the test can give with {@code n1} and {@code n2} values: 2 / C(n1 + n2, n1), or 1. */
    public static double smallestP(int n1, int n2) {
        double choose = 1;
        for (int i = 1; i <= n1; i++) {
            choose = choose * (n2 + i) / i;
        }
        return Math.min(1, 2 / choose);
    }

    /** Each value's rank among all, ties their mean rank, doubled so that every one is an integer. */
    static int[] doubledRanks(double[] values) {
        return Arrays.stream(new NaturalRanking(TiesStrategy.AVERAGE).rank(values)).mapToInt(r -> (int) (2 * r))
                .toArray();
    }

    /** The share of the splits whose first sample's (doubled) rank sum lies {@code distance} or more from its mean. */
    private static double exactP(int[] doubled, int n1, long expected, long distance) {
        int most = 0;
        for (int r : doubled) {
            most += r;
        }
        double[][] ways = new double[n1 + 1][most + 1]; // ways[k][s]: k of the values seen so far summing to s
        ways[0][0] = 1;
        int seen = 0;
        for (int r : doubled) {
            seen++;
            for (int k = Math.min(n1, seen); k >= 1; k--) {
                for (int s = most; s >= r; s--) {
                    ways[k][s] += ways[k - 1][s - r];
                }
            }
        }
        double far = 0;
        double all = 0;
        for (int s = 0; s <= most; s++) {
            all += ways[n1][s];
            if (Math.abs(s - expected) >= distance) {
                far += ways[n1][s];
            }
        }
        return far / all;
    }

    private static double normalP(double[] all, int n1, long distance) {
        int n = all.length;
        int n2 = n - n1;
        double ties = 0;
        double[] sorted = all.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < n;) {
            int j = i;
            while (j + 1 < n && sorted[j + 1] == sorted[i]) {
                j++;
            }
            double t = j - i + 1;
            ties += t * t * t - t;
            i = j + 1;
        }
        double variance = n1 * (double) n2 / 12 * ((n + 1) - ties / (n * (double) (n - 1)));
        if (variance <= 0) {
            return 1;
        }
        double z = Math.max(0, distance / 2.0 - 0.5) / Math.sqrt(variance);
        return 2 * NORMAL.cumulativeProbability(-z);
    }
}
