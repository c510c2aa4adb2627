package io.queuelatency.stats;

/**
 * 95% intervals over runs, each run one value (a percentile of one fresh JVM), on the log scale: latencies are
 * positive and their run-to-run noise multiplicative, so the centre is the geometric mean, its interval the
 * Student t interval of the mean log (never below zero), and a comparison is Welch's interval of the
 * difference of mean logs, which is directly an interval of the ratio. All are right for small numbers of
 * runs, where a percentile bootstrap is not: with 3 runs it resamples from 10 distinct patterns and calls
 * overlapping runs (100, 110, 120 against 115, 125, 135) different, which Welch's test (p = 0.15) does not.
 */
public final class AcrossRuns {
    /** t(0.975) for 1 to 30 degrees of freedom. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};
    private static final double Z975 = 1.959964;

    private AcrossRuns() {
    }

    /** The geometric mean: the centre every interval here is around. */
    public static double mean(double[] values) {
        return Math.exp(average(logs(values)));
    }

    static double average(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s / values.length;
    }

    static double variance(double[] values) {
        double m = average(values);
        double s = 0;
        for (double v : values) {
            s += (v - m) * (v - m);
        }
        return s / (values.length - 1);
    }

    private static double[] logs(double[] values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            logs[i] = Math.log(Math.max(1, values[i])); // 1 ns: a latency below the clock's resolution
        }
        return logs;
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

    /** The geometric mean's interval: exp(mean log +- t * s / sqrt(n)); needs two or more values. */
    public static double[] meanInterval(double[] values) {
        double[] l = logs(values);
        double m = average(l);
        double half = t975(l.length - 1) * Math.sqrt(variance(l) / l.length);
        return new double[] {Math.exp(m - half), Math.exp(m + half)};
    }

    /**
     * Interval of mean(a) / mean(b) (geometric means): Welch's interval of the difference of mean logs,
     * exponentiated. Whether it excludes 1 is exactly Welch's test at 5% on the log scale.
     */
    public static double[] ratioInterval(double[] a, double[] b) {
        double[] la = logs(a);
        double[] lb = logs(b);
        double va = variance(la) / la.length;
        double vb = variance(lb) / lb.length;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? Double.POSITIVE_INFINITY
                : (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        double d = average(la) - average(lb);
        double half = t975(df) * se;
        return new double[] {Math.exp(d - half), Math.exp(d + half)};
    }
}
