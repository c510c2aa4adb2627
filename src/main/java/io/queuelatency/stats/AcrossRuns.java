package io.queuelatency.stats;

/**
 * 95% intervals over runs, each run one value (a percentile of one fresh JVM): the Student t interval of
 * the mean, and Welch's interval of the difference of two means, turned into an interval of their ratio.
 * Both are right for small numbers of runs, where a percentile bootstrap is not: with 3 runs it resamples
 * from 10 distinct patterns and calls overlapping runs (100, 110, 120 against 115, 125, 135) different,
 * which Welch's test (p = 0.14) does not.
 */
public final class AcrossRuns {
    /** t(0.975) for 1 to 30 degrees of freedom. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};
    private static final double Z975 = 1.959964;

    private AcrossRuns() {
    }

    public static double mean(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s / values.length;
    }

    static double variance(double[] values) {
        double m = mean(values);
        double s = 0;
        for (double v : values) {
            s += (v - m) * (v - m);
        }
        return s / (values.length - 1);
    }

    /** The two-sided 95% quantile of Student's t; fractional degrees of freedom (Welch) interpolate in 1/df. */
    static double t975(double df) {
        if (df >= 30) {
            return Z975 + (T975[29] - Z975) * (30 / df);
        }
        if (df <= 1) {
            return T975[0];
        }
        int lo = (int) Math.floor(df);
        double f = (1.0 / lo - 1.0 / df) / (1.0 / lo - 1.0 / (lo + 1));
        return T975[lo - 1] + f * (T975[lo] - T975[lo - 1]);
    }

    /** Mean +- t * s / sqrt(n); needs two or more values. */
    public static double[] meanInterval(double[] values) {
        double m = mean(values);
        double half = t975(values.length - 1) * Math.sqrt(variance(values) / values.length);
        return new double[] {m - half, m + half};
    }

    /**
     * Interval of mean(a) / mean(b): Welch's interval of mean(a) - mean(b), divided by mean(b). It carries the
     * uncertainty of both means; significance (does it exclude 1?) is exactly Welch's test at 5%.
     */
    public static double[] ratioInterval(double[] a, double[] b) {
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? Double.POSITIVE_INFINITY
                : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double d = mean(a) - mean(b);
        double half = t975(df) * se;
        double mb = mean(b);
        return new double[] {1 + (d - half) / mb, 1 + (d + half) / mb};
    }
}
