package io.queuelatency.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Is one JVM faster than another at one percentile? The ratio of the two estimates the report's tables show (each
 * JVM's median run, {@link OverRuns}), with an interval for that same ratio, so that a verdict can be checked
 * against the tables by hand. Each run is a fresh JVM: run-to-run variation is what decides.
 * <p>The interval is Bonett and Price's for a ratio of medians (J. Stat. Comput. Simul. 72, 2002; the R package
 * statpsych's {@code ci.ratio.median2}), distribution-free: each median's standard error on the log scale comes
 * from the two order statistics that enclose it, here exactly the runs that bound the table's interval,
 * {@code se = (ln high - ln low) / (2 z)} with {@code z} the normal quantile of that interval's own confidence;
 * then {@code ln(m1/m2) +- z_(alpha/2) sqrt(se1^2 + se2^2)}. With 8 runs or fewer those bounds are the runs'
 * lowest and highest, as in Bonett and Price.
 * <p>The error is controlled across a whole report by testing each comparison at alpha / m (Bonferroni, m the
 * number of comparisons the report makes), and the same level gives the interval, so a verdict and its interval
 * never disagree. Where the runs are looked at more than once as they come (--runs auto: K looks fixed in advance),
 * each comparison at each look is tested at alpha / (m K), m that look's comparisons: summed over the K looks and their
 * comparisons the chances of a false verdict add up to alpha at most (the union bound), whatever the looks' data
 * share. Three outcomes:
 * <ul>
 *   <li>equivalent: the whole interval lies within the practical margin (e.g. 5% either way);</li>
 *   <li>faster: the whole interval lies on one side of 1 (and not within the margin);</li>
 *   <li>cannot tell: neither; with the runs per JVM it would take, at the ratio and spread seen, for the
 *       interval to leave 1 out or to fit within the margin, whichever comes first ({@link #runsToDecide}).</li>
 * </ul>
 */
public final class MedianRatio {
    public enum Decision { FIRST_FASTER, SECOND_FASTER, EQUIVALENT, CANNOT_TELL }

    public static final double FAMILY_ALPHA = 0.05;
    private static final NormalDistribution NORMAL = new NormalDistribution();

    /** The first JVM's estimate over the second's: median run over median run, as the tables show them. */
    public final double ratio;
    public final double low;
    public final double high;
    /** Two-sided p-value of the ratio against 1 (normal on the log scale, the same standard error as the interval). */
    public final double pValue;
    public final Decision outcome;
    /** Runs per JVM for a decision at this spread; 0 when decided. */
    public final int runsNeeded;
    /** The level each comparison is tested at: the family's 5% over the number of comparisons (times the looks). */
    public final double alpha;

    /** From ln(ratio) and its standard error, at the level {@code alpha}. */
    private MedianRatio(double logRatio, double logSe, double alpha, Decision outcome, int runsNeeded) {
        double z = NORMAL.inverseCumulativeProbability(1 - alpha / 2);
        this.ratio = Math.exp(logRatio);
        this.low = Math.exp(logRatio - z * logSe);
        this.high = Math.exp(logRatio + z * logSe);
        this.pValue = logSe == 0 ? (logRatio == 0 ? 1 : 0)
                : 2 * NORMAL.cumulativeProbability(-Math.abs(logRatio) / logSe);
        this.outcome = outcome;
        this.runsNeeded = runsNeeded;
        this.alpha = alpha;
    }

    /**
     * Compares two sets of runs (two or more each) as one of {@code comparisons} in a report, with a practical
     * margin of {@code margin} (0.05 for 5%).
     */
    public static MedianRatio of(double[] first, double[] second, int comparisons, double margin) {
        return of(first, second, comparisons, 1, margin);
    }

    /**
     * The same at one of {@code looks} looks fixed in advance (1: the runs are looked at once): tested at 5% / (m x
     * looks).
     */
    public static MedianRatio of(double[] first, double[] second, int comparisons, int looks, double margin) {
        if (first.length < 2 || second.length < 2) {
            throw new IllegalArgumentException("a comparison over runs needs two or more runs on each side");
        }
        return of(OverRuns.of(first), OverRuns.of(second), comparisons, looks, margin);
    }

    /** The same from the two estimates as the tables show them. */
    public static MedianRatio of(OverRuns first, OverRuns second, int comparisons, double margin) {
        return of(first, second, comparisons, 1, margin);
    }

    /** The same at one of {@code looks} looks. */
    public static MedianRatio of(OverRuns first, OverRuns second, int comparisons, int looks, double margin) {
        double alpha = level(comparisons, looks);
        double se1 = logStandardError(first);
        double se2 = logStandardError(second);
        double d = log(first.median) - log(second.median);
        double se = Math.sqrt(se1 * se1 + se2 * se2);
        double z = NORMAL.inverseCumulativeProbability(1 - alpha / 2);
        double lo = Math.exp(d - z * se);
        double hi = Math.exp(d + z * se);
        double bound = 1 + margin;
        Decision outcome;
        int needed = 0;
        if (lo >= 1 / bound && hi <= bound) {
            outcome = Decision.EQUIVALENT;
        } else if (hi < 1) {
            outcome = Decision.FIRST_FASTER;
        } else if (lo > 1) {
            outcome = Decision.SECOND_FASTER;
        } else {
            outcome = Decision.CANNOT_TELL;
            needed = runsToDecide(d, se1 * se1 * first.runs + se2 * se2 * second.runs, z, Math.log(bound),
                    Math.max(first.runs, second.runs) + 1);
        }
        return new MedianRatio(d, se, alpha, outcome, needed);
    }

    /** The level of each of {@code comparisons} comparisons at each of {@code looks} looks: 5% / (m x looks). */
    public static double level(int comparisons, int looks) {
        return FAMILY_ALPHA / Math.max(1, comparisons) / Math.max(1, looks);
    }

    /**
     * Runs per JVM that would decide at the ratio and spread seen: each median's variance shrinks as 1/n, so n runs
     * each give the interval a half-width of {@code z sqrt(spread / n)} on the log scale. "Faster" once that half-width
     * is below |ln ratio| (the interval no longer holds 1); "equivalent" once |ln ratio| plus it is within the margin
     * (possible only for a ratio inside the margin); whichever comes first, and at least {@code atLeast}.
     */
    static int runsToDecide(double logRatio, double spread, double z, double logMargin, int atLeast) {
        double d = Math.abs(logRatio);
        double faster = d > 0 ? z * z * spread / (d * d) : Double.POSITIVE_INFINITY;
        double equivalent = d < logMargin ? z * z * spread / ((logMargin - d) * (logMargin - d))
                : Double.POSITIVE_INFINITY;
        return (int) Math.min(Integer.MAX_VALUE, Math.max(atLeast, Math.ceil(Math.min(faster, equivalent))));
    }

    /**
     * The standard error of ln(median) from the runs that bound the estimate's interval, at that interval's confidence.
     */
    static double logStandardError(OverRuns o) {
        double z0 = NORMAL.inverseCumulativeProbability(0.5 + o.confidence / 2);
        return (log(o.high) - log(o.low)) / (2 * z0);
    }

    private static double log(double v) {
        return Math.log(Math.max(1, v)); // 1 ns: a latency below the clock's resolution
    }
}
