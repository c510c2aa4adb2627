package io.queuelatency.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Is one JVM faster than another at one percentile? Welch's test on the logs of the runs' values (each run a
 * fresh JVM: run-to-run variation is what decides), so the result is a ratio first/second with an interval.
 * The error is controlled across a whole report by testing each comparison at alpha / m (Bonferroni, m the
 * number of comparisons in the report), and the same level gives the interval, so a verdict and its interval
 * never disagree. Three outcomes:
 * <ul>
 *   <li>equivalent: the whole interval lies within the practical margin (e.g. 5% either way);</li>
 *   <li>faster: the whole interval lies on one side of 1 (and not within the margin);</li>
 *   <li>cannot tell: neither; with the runs per JVM it would take, at the spread seen, for the interval to
 *       be no wider than the margin on each side.</li>
 * </ul>
 */
public final class PairTest {
    public enum Outcome { FIRST_FASTER, SECOND_FASTER, EQUIVALENT, CANNOT_TELL }

    public static final double FAMILY_ALPHA = 0.05;

    /** Geometric mean of first / geometric mean of second. */
    public final double ratio;
    public final double low;
    public final double high;
    /** Two-sided p-value of Welch's test on the logs. */
    public final double pValue;
    public final Outcome outcome;
    /** Runs per JVM for a decision at this spread; 0 when decided. */
    public final int runsNeeded;
    /** The level each comparison is tested at: the family's 5% over the number of comparisons. */
    public final double alpha;

    private PairTest(double ratio, double low, double high, double pValue, Outcome outcome, int runsNeeded, double alpha) {
        this.ratio = ratio;
        this.low = low;
        this.high = high;
        this.pValue = pValue;
        this.outcome = outcome;
        this.runsNeeded = runsNeeded;
        this.alpha = alpha;
    }

    /**
     * Compares two sets of runs (two or more each) as one of {@code comparisons} in a report, with a practical
     * margin of {@code margin} (0.05 for 5%).
     */
    public static PairTest of(double[] first, double[] second, int comparisons, double margin) {
        if (first.length < 2 || second.length < 2) {
            throw new IllegalArgumentException("a comparison over runs needs two or more runs on each side");
        }
        double alpha = FAMILY_ALPHA / Math.max(1, comparisons);
        double[] la = logs(first);
        double[] lb = logs(second);
        double va = variance(la) / la.length;
        double vb = variance(lb) / lb.length;
        double d = mean(la) - mean(lb);
        double se = Math.sqrt(va + vb);
        double ratio = Math.exp(d);
        double lo;
        double hi;
        double p;
        if (se == 0) {
            lo = ratio;
            hi = ratio;
            p = d == 0 ? 1 : 0;
        } else {
            double df = (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
            TDistribution t = new TDistribution(df);
            double q = t.inverseCumulativeProbability(1 - alpha / 2);
            lo = Math.exp(d - q * se);
            hi = Math.exp(d + q * se);
            p = 2 * t.cumulativeProbability(-Math.abs(d) / se);
        }
        double bound = 1 + margin;
        Outcome outcome;
        int needed = 0;
        if (lo >= 1 / bound && hi <= bound) {
            outcome = Outcome.EQUIVALENT;
        } else if (hi < 1) {
            outcome = Outcome.FIRST_FASTER;
        } else if (lo > 1) {
            outcome = Outcome.SECOND_FASTER;
        } else {
            outcome = Outcome.CANNOT_TELL;
            double s2 = (variance(la) + variance(lb)) / 2;
            double z = new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2);
            double delta = Math.log(bound);
            needed = (int) Math.min(Integer.MAX_VALUE, Math.max(Math.max(first.length, second.length) + 1,
                    Math.ceil(2 * s2 * z * z / (delta * delta))));
        }
        return new PairTest(ratio, lo, hi, p, outcome, needed, alpha);
    }

    private static double[] logs(double[] values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            logs[i] = Math.log(Math.max(1, values[i])); // 1 ns: a latency below the clock's resolution
        }
        return logs;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }
}
