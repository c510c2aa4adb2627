package io.queuelatency.stats;

/**
 * Quantiles of Bin(n, p), for order-statistic intervals: exact while the smaller tail's mean is at most
 * {@value #EXACT_UP_TO}, beyond that the normal approximation, whose error there is below one rank.
 */
public final class Binomial {
    static final double EXACT_UP_TO = 500;

    private final long n;
    private final double p;

    public Binomial(long n, double p) {
        if (n < 1 || p < 0 || p > 1) {
            throw new IllegalArgumentException("Bin(" + n + ", " + p + ")");
        }
        this.n = n;
        this.p = p;
    }

    /** The smallest k with P(X <= k) >= prob. */
    public long quantile(double prob) {
        double r = Math.min(p, 1 - p);
        if (n * r > EXACT_UP_TO) {
            double mean = n * p;
            double sd = Math.sqrt(n * p * (1 - p));
            long k = Math.round(mean + RankSum.NORMAL.inverseCumulativeProbability(prob) * sd);
            return Math.max(0, Math.min(n, k));
        }
        if (p <= 0.5) {
            return firstPast(r, prob, false, n);
        }
        // X = n - Z with Z ~ Bin(n, 1-p): P(X <= k) = 1 - P(Z <= n-k-1). The smallest such k is n-1-m for the
        // largest m (>= -1) with P(Z <= m) <= 1 - prob: one less than the smallest with P(Z <= m) above it.
        return n - firstPast(r, 1 - prob, true, n + 1);
    }

    /**
     * The smallest k, up to {@code most}, with P(Bin(n, r) <= k) at least {@code bound} ({@code strictly}: above it),
     * the pmf stepped up from P(X = 0).
     */
    private long firstPast(double r, double bound, boolean strictly, long most) {
        double pmf = Math.exp(n * Math.log1p(-r));
        double cdf = pmf;
        long k = 0;
        while ((strictly ? cdf <= bound : cdf < bound) && k < most) {
            pmf *= (double) (n - k) / (k + 1) * r / (1 - r);
            k++;
            cdf += pmf;
        }
        return k;
    }
}
