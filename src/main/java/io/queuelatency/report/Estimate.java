package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.AcrossRuns;
import io.queuelatency.stats.Comparison;
import io.queuelatency.stats.QuantileInterval;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One percentile of one JVM with its 95% interval: over two or more runs, the geometric mean of the runs'
 * values with its Student t interval on the log scale; from a single run, its value with the order-statistic interval. Where the
 * run has too few samples beyond the percentile to bound it, it says so rather than give a bare number.
 */
final class Estimate {
    static final String ACROSS_RUNS = "geometric mean of runs, Student t interval on the log scale";
    static final String WITHIN_RUN = "single run, order-statistic interval";

    /** One stored run: its result and the directory of its latency.hlog. */
    static final class Run {
        final RunResult result;
        final Path dir;
        private final Map<Definition, Histogram> histograms = new EnumMap<>(Definition.class);

        Run(RunResult result, Path dir) {
            this.result = result;
            this.dir = dir;
        }

        /** The measured window's histogram, summed from latency.hlog once. */
        Histogram histogram(Definition definition) {
            return histograms.computeIfAbsent(definition, d -> IntervalLog.sum(dir.resolve(IntervalLog.FILE_NAME), d));
        }

        /**
         * The stored value at {@code p}; for a percentile the result was not stored with (another reported
         * set), the same figures from the lossless latency.hlog.
         */
        Latency.Value valueAt(Definition definition, Percentile p) {
            Latency.Value v = result.latency(definition).at(p);
            return v != null ? v : Latency.of(definition, histogram(definition)).at(p);
        }

        long value(Definition definition, Percentile p) {
            return valueAt(definition, p).valueNs;
        }

        long samples(Definition definition) {
            return result.latency(definition).count;
        }
    }

    final double value;
    final double low;
    final double high;
    final boolean tooFewSamples;
    final long beyond;
    final String method;
    /** The runs' values, for comparisons; the single run's interval when there is one run. */
    final double[] runValues;
    final QuantileInterval single;

    private Estimate(double value, double low, double high, boolean tooFew, long beyond, String method, double[] runValues,
                     QuantileInterval single) {
        this.value = value;
        this.low = low;
        this.high = high;
        this.tooFewSamples = tooFew;
        this.beyond = beyond;
        this.method = method;
        this.runValues = runValues;
        this.single = single;
    }

    static Estimate of(List<Run> runs, Definition definition, Percentile percentile) {
        Run first = runs.get(0);
        long beyond = first.valueAt(definition, percentile).beyond;
        long n = first.samples(definition);
        boolean tooFew = !percentile.isWorst() && QuantileInterval.ranks(n, percentile.value)[1] > n;
        if (runs.size() >= 2) {
            double[] values = new double[runs.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = runs.get(i).value(definition, percentile);
            }
            double[] ci = AcrossRuns.meanInterval(values);
            return new Estimate(AcrossRuns.mean(values), ci[0], ci[1], tooFew, beyond, ACROSS_RUNS, values, null);
        }
        QuantileInterval qi = QuantileInterval.of(first.histogram(definition), percentile.value);
        return new Estimate(qi.value, qi.low, qi.high, !qi.bounded() && !percentile.isWorst(), qi.samplesBeyond, WITHIN_RUN,
                new double[] {qi.value}, qi);
    }

    /** Compares this (first) with {@code other} (second) at the same percentile. */
    Comparison compareTo(Estimate other) {
        if (runValues.length >= 2 && other.runValues.length >= 2) {
            return Comparison.ofRuns(runValues, other.runValues);
        }
        if (single != null && other.single != null) {
            return Comparison.ofSingleRuns(single, other.single);
        }
        // One side has runs and the other a single run: the runs' spread is the uncertainty that is known.
        return Comparison.ofRuns(runValues.length >= 2 ? runValues : new double[] {value, value},
                other.runValues.length >= 2 ? other.runValues : new double[] {other.value, other.value});
    }

    /** "1,234 [1,200, 1,270]"; "n/a: 3 beyond" when too few samples; the worst without an interval. */
    String cell(boolean worst) {
        if (tooFewSamples) {
            return String.format(Locale.ROOT, "n/a: %,d beyond", beyond);
        }
        if (worst || Double.isNaN(low)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", value, low, high == Long.MAX_VALUE ? Double.NaN : high);
    }
}
