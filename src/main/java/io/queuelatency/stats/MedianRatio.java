package io.queuelatency.stats;

import static io.queuelatency.stats.RankSum.NORMAL;

import java.util.Arrays;

/**
 * Is one JVM faster than another at one percentile? The median of every run-to-run ratio (Hodges-Lehmann) with the
 * exact Wilcoxon-Mann-Whitney interval on the runs' logarithms, at the level {@link Holm} gives it; distribution-free
 * (docs/statistics.md, "Verdicts").
 */
public final class MedianRatio {
    public enum Decision { FIRST_FASTER, SECOND_FASTER, EQUIVALENT, CANNOT_TELL }

    public static final double FAMILY_ALPHA = 0.05;
    /** The chance of deciding a difference that {@link #runsNeeded} aims at. */
    public static final double POWER = 0.8;

    /** The median of the ratios of every run of the first to every run of the second. */
    public final double ratio;
    /** The interval's bounds; NaN where the runs cannot reach {@link #alpha}. */
    public final double low;
    public final double high;
    /** The interval's own confidence, exact: 1 - alpha or a little more (the rank-sum's steps); NaN where none. */
    public final double confidence;
    /** Two-sided p of no difference (the ratio 1), exact. */
    public final double pValue;
    public final Decision outcome;
    /** Runs per JVM for an 80% chance of a decision at this level, the ratio and spread seen; 0 when decided. */
    public final int runsNeeded;
    /** The level this comparison is tested at. */
    public final double alpha;
    /** The runs on each side. */
    public final int firstRuns;
    public final int secondRuns;

    private MedianRatio(Ratios r, double[] bounds, double alpha, Decision outcome, int runsNeeded) {
        this.ratio = Math.exp(r.median());
        this.firstRuns = r.first.length;
        this.secondRuns = r.second.length;
        this.pValue = r.pValue();
        this.low = bounds[0];
        this.high = bounds[1];
        this.confidence = bounds[2];
        this.alpha = alpha;
        this.outcome = outcome;
        this.runsNeeded = runsNeeded;
    }

    /** Compares two sets of runs (two or more each) at the level {@code alpha}; {@code margin} 0.05 for 5%. */
    public static MedianRatio of(double[] first, double[] second, double alpha, double margin) {
        Ratios r = new Ratios(first, second);
        int k = r.k(alpha);
        double[] bounds = k == 0 ? new double[] {Double.NaN, Double.NaN, Double.NaN}
                : new double[] {Math.exp(r.logs[k - 1]), Math.exp(r.logs[r.logs.length - k]),
                        1 - 2 * r.noDifference.cdf(k - 1)};
        Decision outcome = k == 0 ? Decision.CANNOT_TELL : r.decision(k, Math.log(1 + margin));
        int needed = outcome != Decision.CANNOT_TELL ? 0 : r.runsNeeded(alpha, Math.log(1 + margin));
        return new MedianRatio(r, bounds, alpha, outcome, needed);
    }

    /**
     * The smallest level at which the two sets of runs are decided (different, or equivalent within the margin); 1
     * where no level is: what Holm's step-down orders a family's comparisons by.
     */
    public static double decidingLevel(double[] first, double[] second, double margin) {
        Ratios r = new Ratios(first, second);
        for (int k = 1; 2 * k <= r.logs.length + 1; k++) {
            if (r.decision(k, Math.log(1 + margin)) != Decision.CANNOT_TELL) {
                return Math.min(1, 2 * r.noDifference.cdf(k - 1));
            }
        }
        return 1;
    }

    /** Whether the interval has bounds at its level (the runs can reach it). */
    public boolean reached() {
        return !Double.isNaN(low);
    }

    /** The fewest runs each of two JVMs needs for an interval at the level {@code alpha}: 2 / C(2n, n) at most it. */
    public static int runsToReach(double alpha) {
        if (!(alpha >= 1e-300)) {
            return Integer.MAX_VALUE; // no level at all: no runs reach it
        }
        int n = 1;
        while (RankSum.smallestP(n, n) > alpha) {
            n++;
        }
        return n;
    }

    /** Every run-to-run ratio as a logarithm, sorted, with the rank-sum's distribution for these sizes. */
    private static final class Ratios {
        final double[] logs;
        final UDistribution noDifference;
        final double[] first;
        final double[] second;

        Ratios(double[] first, double[] second) {
            if (first.length < 2 || second.length < 2) {
                throw new IllegalArgumentException("a comparison over runs needs two or more runs on each side");
            }
            this.first = logs(first);
            this.second = logs(second);
            logs = new double[first.length * second.length];
            int i = 0;
            for (double a : this.first) {
                for (double b : this.second) {
                    logs[i++] = a - b;
                }
            }
            Arrays.sort(logs);
            noDifference = UDistribution.of(first.length, second.length);
        }

        double median() {
            int n = logs.length;
            return n % 2 == 1 ? logs[n / 2] : (logs[n / 2 - 1] + logs[n / 2]) / 2;
        }

        /** The largest k with 2 P(U &lt; k) at most alpha; 0 where even k = 1 exceeds it. */
        int k(double alpha) {
            int k = 0;
            while (2 * (k + 1) <= logs.length + 1 && 2 * noDifference.cdf(k) <= alpha) {
                k++;
            }
            return k;
        }

        /** What the interval from the k-th smallest to the k-th largest ratio decides. */
        Decision decision(int k, double logMargin) {
            double lo = logs[k - 1];
            double hi = logs[logs.length - k];
            if (lo >= -logMargin && hi <= logMargin) {
                return Decision.EQUIVALENT;
            }
            return hi < 0 ? Decision.FIRST_FASTER : lo > 0 ? Decision.SECOND_FASTER : Decision.CANNOT_TELL;
        }

        /** Two-sided p of the ratio 1: U counts the ratios above 1, a ratio of exactly 1 as half. */
        double pValue() {
            double u = Arrays.stream(logs).map(d -> d > 0 ? 1 : d == 0 ? 0.5 : 0).sum();
            double tail = Math.min(noDifference.cdf((int) Math.floor(u)),
                    noDifference.cdf((int) Math.floor(logs.length - u)));
            return Math.min(1, 2 * tail);
        }

        /**
         * Runs per JVM for an 80% chance of deciding at {@code alpha}: the normal approximation of the rank-sum test
         * (a t's runs times pi/3, its efficiency on normal data), with the spread the two JVMs' log runs show
         * pooled and the ratio seen; "different" or "equivalent", whichever needs fewer; at least one more than now
         * and at least {@link #runsToReach}.
         */
        int runsNeeded(double alpha, double logMargin) {
            double spread = (variance(first) * (first.length - 1) + variance(second) * (second.length - 1))
                    / (first.length + second.length - 2);
            double z = NORMAL.inverseCumulativeProbability(1 - alpha / 2) + NORMAL.inverseCumulativeProbability(POWER);
            double d = Math.abs(median());
            double differ = d > 0 ? 2 * z * z * spread / (d * d) : Double.POSITIVE_INFINITY;
            double within = d < logMargin ? 2 * z * z * spread / ((logMargin - d) * (logMargin - d))
                    : Double.POSITIVE_INFINITY;
            double runs = Math.ceil(Math.PI / 3 * Math.min(differ, within));
            int atLeast = Math.max(Math.max(first.length, second.length) + 1, runsToReach(alpha));
            return (int) Math.min(Integer.MAX_VALUE, Math.max(atLeast, twoDigits(runs)));
        }

        /** Up to two significant digits, rounded up: an estimate from a few runs is no more precise than that. */
        private static double twoDigits(double runs) {
            if (runs < 100 || Double.isInfinite(runs)) {
                return runs;
            }
            double unit = Math.pow(10, Math.floor(Math.log10(runs)) - 1);
            return Math.ceil(runs / unit) * unit;
        }

        private static double variance(double[] v) {
            double mean = 0;
            for (double x : v) {
                mean += x / v.length;
            }
            double s = 0;
            for (double x : v) {
                s += (x - mean) * (x - mean);
            }
            return s / (v.length - 1);
        }

        private static double[] logs(double[] values) {
            // 1 ns: a latency below the clock's resolution
            return Arrays.stream(values).map(v -> Math.log(Math.max(1, v))).toArray();
        }
    }

    /**
     * The Mann-Whitney U's distribution for n1 and n2 values under no difference (no ties): the number of the
     * C(n1 + n2, n1) orderings with U = u is the number of partitions of u into at most n1 parts of at most n2 each,
     * counted by adding parts of each size in turn (additions only: exact in doubles far past any number of runs).
     */
    static final class UDistribution {
        /** Above this many runs, both JVMs together, the normal approximation (with a continuity correction). */
        static final int EXACT_UP_TO = 120;
        private final double[] cdf;
        private final double mean;
        private final double sd;

        private UDistribution(double[] cdf, double mean, double sd) {
            this.cdf = cdf;
            this.mean = mean;
            this.sd = sd;
        }

        static UDistribution of(int n1, int n2) {
            int most = n1 * n2;
            double sd = Math.sqrt(most * (n1 + n2 + 1.0) / 12);
            if (n1 + n2 > EXACT_UP_TO) {
                return new UDistribution(null, most / 2.0, sd);
            }
            double[][] ways = new double[n1 + 1][most + 1]; // ways[parts][sum]
            ways[0][0] = 1;
            for (int size = 1; size <= n2; size++) {
                for (int parts = 1; parts <= n1; parts++) {
                    for (int sum = size; sum <= most; sum++) {
                        ways[parts][sum] += ways[parts - 1][sum - size];
                    }
                }
            }
            double[] cdf = new double[most + 1];
            double all = 0;
            for (int u = 0; u <= most; u++) {
                for (int parts = 0; parts <= n1; parts++) {
                    all += ways[parts][u];
                }
                cdf[u] = all;
            }
            for (int u = 0; u <= most; u++) {
                cdf[u] /= all;
            }
            return new UDistribution(cdf, most / 2.0, sd);
        }

        /** P(U &lt;= u). */
        double cdf(int u) {
            if (cdf == null) {
                return NORMAL.cumulativeProbability((u + 0.5 - mean) / sd);
            }
            return u < 0 ? 0 : u >= cdf.length ? 1 : cdf[u];
        }
    }
}
