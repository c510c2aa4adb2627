package io.queuelatency.stats;

import java.util.Arrays;

/**
 * One percentile over several runs (each a fresh JVM), distribution-free: the median run's value and the interval of
 * the median between two of the runs' own values, at the confidence their number gives (docs/statistics.md).
 */
public final class OverRuns {
    /** The confidence asked for; fewer runs than {@link #runsFor} this give less, and say so. */
    public static final double WANTED = 0.95;

    public final double median;
    public final double low;
    public final double high;
    /**
     * The interval's exact confidence, as the runs can give it: the range's where that is below the wanted 95%,
     * else that of the narrowest pair of runs that still reaches 95%.
     */
    public final double confidence;
    public final int runs;

    private OverRuns(double median, double low, double high, double confidence, int runs) {
        this.median = median;
        this.low = low;
        this.high = high;
        this.confidence = confidence;
        this.runs = runs;
    }

    /** Two or more runs' values of one percentile. */
    public static OverRuns of(double[] values) {
        if (values.length < 2) {
            throw new IllegalArgumentException("an interval over runs needs two or more runs: " + values.length);
        }
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        double median = n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
        int k = rank(n);
        return new OverRuns(median, x[k - 1], x[n - k], coverage(n, k), n);
    }

    /** The confidence of [x(k), x(n+1-k)] for the median of n runs: 1 - 2 P(Bin(n, 1/2) <= k - 1). */
    public static double coverage(int n, int k) {
        double tail = 0;
        double choose = 1; // C(n, 0)
        for (int i = 0; i < k; i++) {
            tail += choose;
            choose = choose * (n - i) / (i + 1);
        }
        return 1 - 2 * tail / Math.pow(2, n);
    }

    /**
     * The chance that the range of {@code n} runs (lowest to highest) holds one more run's value: (n-1)/(n+1), 2/3 for
     * 5 runs. Of n+1 exchangeable runs each is equally likely to be the lowest or the highest, the new one too; a
     * prediction for one run, where {@link #of}'s interval is a confidence interval for the median of runs.
     */
    public static double rangeCoversNextRun(int n) {
        return (n - 1) / (double) (n + 1);
    }

    /** The confidence of the interval {@code n} runs give (see {@link #of}): 0.75 for 3 runs, 0.96875 for 6. */
    public static double confidenceOf(int n) {
        return coverage(n, rank(n));
    }

    /** k of [x(k), x(n+1-k)]: the largest that still reaches the wanted confidence, at least 1 (the range). */
    private static int rank(int n) {
        int k = 1;
        while (k + 1 <= n / 2 && coverage(n, k + 1) >= WANTED) {
            k++;
        }
        return k;
    }

    /** How many runs it takes for the runs' own range to cover the median with {@code confidence}: 6 for 95%. */
    public static int runsFor(double confidence) {
        int n = 2;
        while (coverage(n, 1) < confidence) {
            n++;
        }
        return n;
    }
}
