package io.queuelatency.stats;

import java.util.Arrays;

/**
 * One percentile over several runs (each a fresh JVM), without assuming how runs vary: the median run's value,
 * and the distribution-free interval of the median between two of the runs' own values. Of n runs, the
 * number below the true median is Bin(n, 1/2), so [x(k), x(n+1-k)] (k-th smallest and largest) covers it with
 * probability 1 - 2 P(Bin(n, 1/2) < k). The interval never leaves the range the runs showed, and its
 * confidence is what the number of runs can give: 3 runs give 75% (their range), 5 give 94%, 6 give 97%.
 */
public final class OverRuns {
    /** The confidence asked for; fewer runs than {@link #runsFor} this give less, and say so. */
    public static final double WANTED = 0.95;

    public final double median;
    public final double low;
    public final double high;
    /** The interval's confidence, as the runs can give it (at most the wanted 95% where more runs allow a narrower one). */
    public final double confidence;

    private OverRuns(double median, double low, double high, double confidence) {
        this.median = median;
        this.low = low;
        this.high = high;
        this.confidence = confidence;
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
        int k = 1;
        while (k + 1 <= n / 2 && coverage(n, k + 1) >= WANTED) {
            k++;
        }
        return new OverRuns(median, x[k - 1], x[n - k], coverage(n, k));
    }

    /** The confidence of [x(k), x(n+1-k)] for the median of n runs: 1 - 2 P(Bin(n, 1/2) <= k - 1). */
    static double coverage(int n, int k) {
        double tail = 0;
        double choose = 1; // C(n, 0)
        for (int i = 0; i < k; i++) {
            tail += choose;
            choose = choose * (n - i) / (i + 1);
        }
        return 1 - 2 * tail / Math.pow(2, n);
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
