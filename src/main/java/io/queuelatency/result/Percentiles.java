package io.queuelatency.result;

import org.HdrHistogram.Histogram;

/**
 * The percentiles every table shows, and how many samples lie beyond each. The count beyond is what the
 * histogram holds above the reported value (the article's Table 2 gives the expected n*(1-p): of
 * 10 million samples, 1,000 lie beyond p99.99), so a reader sees how few samples a tail percentile rests on.
 */
public final class Percentiles {
    public static final double[] REPORTED = {50, 90, 99, 99.9, 99.99, 99.999, 100};

    private Percentiles() {
    }

    public static RunResult.Latency of(String definition, Histogram histogram) {
        RunResult.Latency latency = new RunResult.Latency();
        latency.definition = definition;
        latency.count = histogram.getTotalCount();
        if (latency.count == 0) {
            return latency;
        }
        latency.minNs = histogram.getMinValue();
        latency.meanNs = histogram.getMean();
        latency.maxNs = histogram.getMaxValue();
        for (double p : REPORTED) {
            long value = p == 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(p);
            long atOrBelow = histogram.getCountBetweenValues(0, value);
            latency.percentiles.add(new RunResult.PercentileValue(p, value, latency.count - atOrBelow));
        }
        return latency;
    }

    /** "50", "99.99", "worst". */
    public static String label(double percentile) {
        if (percentile == 100) {
            return "worst";
        }
        String s = Double.toString(percentile);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
