package io.queuelatency.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The distribution-free 95% interval of one percentile within one run, between two order statistics read from the
 * histogram; too few samples beyond the percentile for an upper rank leave it unbounded (docs/statistics.md).
 */
public final class QuantileInterval {
    public static final double CONFIDENCE = 0.95;

    public final double percentile;
    public final long value;
    public final long low;
    /** Long.MAX_VALUE when there are too few samples beyond the percentile to bound it. */
    public final long high;
    public final long samplesBeyond;

    private QuantileInterval(double percentile, long value, long low, long high, long samplesBeyond) {
        this.percentile = percentile;
        this.value = value;
        this.low = low;
        this.high = high;
        this.samplesBeyond = samplesBeyond;
    }

    public boolean bounded() {
        return high != Long.MAX_VALUE;
    }

    /** 1-based ranks {l, u} of the interval; u = n + 1 when unbounded above. */
    public static long[] ranks(long n, double percentile) {
        double q = percentile / 100.0;
        Binomial b = new Binomial(n, q);
        double alpha = 1 - CONFIDENCE;
        long lower = Math.max(1, b.quantile(alpha / 2));
        long upper = b.quantile(1 - alpha / 2) + 1;
        return new long[] {lower, Math.min(upper, n + 1)};
    }

    public static QuantileInterval of(Histogram h, double percentile) {
        long n = h.getTotalCount();
        long value = percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile);
        long beyond = n - h.getCountBetweenValues(0, value);
        if (percentile >= 100) {
            return new QuantileInterval(percentile, value, value, Long.MAX_VALUE, 0); // the worst has no interval
        }
        long[] r = ranks(n, percentile);
        long low = valueAtRank(h, r[0]);
        long high = r[1] > n ? Long.MAX_VALUE : valueAtRank(h, r[1]);
        return new QuantileInterval(percentile, value, low, high, beyond);
    }

    /** The value of the k-th smallest sample (1-based), as HdrHistogram reports values: its bucket's top. */
    static long valueAtRank(Histogram h, long k) {
        long seen = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            if (seen >= k) {
                return h.highestEquivalentValue(v.getValueIteratedTo());
            }
        }
        return h.getMaxValue();
    }
}
