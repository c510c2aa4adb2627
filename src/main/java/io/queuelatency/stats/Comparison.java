package io.queuelatency.stats;

import java.util.Locale;

/**
 * Is one JVM (or run) faster than another at one percentile? The ratio first/second of their latencies, with
 * a 95% interval, and a verdict that is only "faster" when the whole interval lies on one side of 1.
 * <ul>
 *   <li>Both with two or more runs: the ratio of the geometric means of the runs' values, with Welch's
 *       interval on the log scale (run-to-run variation is what decides whether a difference is real).</li>
 *   <li>Otherwise, one run each: the order-statistic intervals of the two percentiles; faster only when they
 *       do not overlap (conservative), and the ratio's interval runs from low/high to high/low.</li>
 * </ul>
 */
public final class Comparison {
    public enum Outcome { FIRST_FASTER, SECOND_FASTER, NO_SIGNIFICANT_DIFFERENCE, TOO_FEW_SAMPLES }

    public static final String BY_RUNS = "Welch's interval over runs";
    public static final String BY_ORDER_STATISTICS = "order-statistic intervals of single runs";

    public final double ratio;
    public final double low;
    public final double high;
    public final Outcome outcome;
    public final String method;

    private Comparison(double ratio, double low, double high, Outcome outcome, String method) {
        this.ratio = ratio;
        this.low = low;
        this.high = high;
        this.outcome = outcome;
        this.method = method;
    }

    public static Comparison ofRuns(double[] first, double[] second) {
        double ratio = AcrossRuns.mean(first) / AcrossRuns.mean(second); // of geometric means
        double[] ci = AcrossRuns.ratioInterval(first, second);
        return new Comparison(ratio, ci[0], ci[1], outcome(ci[0], ci[1]), BY_RUNS);
    }

    public static Comparison ofSingleRuns(QuantileInterval first, QuantileInterval second) {
        if (!first.bounded() || !second.bounded()) {
            return new Comparison((double) first.value / second.value, Double.NaN, Double.NaN, Outcome.TOO_FEW_SAMPLES,
                    BY_ORDER_STATISTICS);
        }
        double ratio = (double) first.value / second.value;
        double low = (double) first.low / second.high;
        double high = (double) first.high / Math.max(1, second.low);
        Outcome outcome = first.high < second.low ? Outcome.FIRST_FASTER
                : second.high < first.low ? Outcome.SECOND_FASTER : Outcome.NO_SIGNIFICANT_DIFFERENCE;
        return new Comparison(ratio, low, high, outcome, BY_ORDER_STATISTICS);
    }

    private static Outcome outcome(double low, double high) {
        if (high < 1) {
            return Outcome.FIRST_FASTER;
        }
        if (low > 1) {
            return Outcome.SECOND_FASTER;
        }
        return Outcome.NO_SIGNIFICANT_DIFFERENCE;
    }

    /** "A is faster than B by 31% [24%, 37%]", "no significant difference (A/B 0.98 [0.91, 1.06])". */
    public String sentence(String first, String second) {
        switch (outcome) {
            case FIRST_FASTER:
                return String.format(Locale.ROOT, "%s is faster than %s by %.0f%% [%.0f%%, %.0f%%]",
                        first, second, 100 * (1 - ratio), 100 * (1 - high), 100 * (1 - low));
            case SECOND_FASTER:
                return String.format(Locale.ROOT, "%s is faster than %s by %.0f%% [%.0f%%, %.0f%%]",
                        second, first, 100 * (1 - 1 / ratio), 100 * (1 - 1 / low), 100 * (1 - 1 / high));
            case TOO_FEW_SAMPLES:
                return "too few samples beyond this percentile to compare " + first + " and " + second;
            default:
                return String.format(Locale.ROOT, "no significant difference (%s/%s %.2f [%.2f, %.2f])",
                        first, second, ratio, low, high);
        }
    }
}
