package io.queuelatency.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One latency distribution of a measured window, and the value at each reported percentile with how many samples
 * lie beyond it, so a reader sees how few samples a tail percentile rests on.
 */
public final class Latency {
    public final Definition definition;
    public final long count;
    public final long minNs;
    public final double meanNs;
    public final long maxNs;
    private final Map<Percentile, Value> values;

    /** A percentile's value, ns, and how many samples lie strictly above it. */
    public static final class Value {
        public final Percentile percentile;
        public final long valueNs;
        public final long beyond;

        public Value(Percentile percentile, long valueNs, long beyond) {
            this.percentile = percentile;
            this.valueNs = valueNs;
            this.beyond = beyond;
        }
    }

    public Latency(Definition definition, long count, long minNs, double meanNs, long maxNs,
            Map<Percentile, Value> values) {
        this.definition = definition;
        this.count = count;
        this.minNs = minNs;
        this.meanNs = meanNs;
        this.maxNs = maxNs;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The histogram's value at {@code p}, any percentile, and how many samples lie beyond it. */
    public static Value valueAt(Histogram histogram, Percentile p) {
        long value = p.isWorst() ? histogram.getMaxValue() : histogram.getValueAtPercentile(p.value);
        return new Value(p, value, histogram.getTotalCount() - histogram.getCountBetweenValues(0, value));
    }

    public static Latency of(Definition definition, Histogram histogram) {
        long count = histogram.getTotalCount();
        Map<Percentile, Value> values = new LinkedHashMap<>();
        if (count == 0) {
            return new Latency(definition, 0, 0, 0, 0, values);
        }
        for (Percentile p : Percentile.REPORTED) {
            values.put(p, valueAt(histogram, p));
        }
        return new Latency(definition, count, histogram.getMinValue(), histogram.getMean(), histogram.getMaxValue(),
                values);
    }

    /** Null when this result does not hold it (written with another reported set, or empty). */
    public Value at(Percentile p) {
        return values.get(p);
    }

    /** -1 when not held. */
    public long ns(Percentile p) {
        Value v = values.get(p);
        return v == null ? -1 : v.valueNs;
    }

    public Iterable<Value> values() {
        return values.values();
    }

    public boolean isEmpty() {
        return count == 0;
    }
}
