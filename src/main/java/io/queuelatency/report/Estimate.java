package io.queuelatency.report;

import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.Percentiles;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.AcrossRuns;
import io.queuelatency.stats.Comparison;
import io.queuelatency.stats.QuantileInterval;
import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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

        Run(RunResult result, Path dir) {
            this.result = result;
            this.dir = dir;
        }

        Histogram histogram(String tag) throws FileNotFoundException {
            return IntervalLog.sum(dir.resolve(IntervalLog.FILE_NAME), tag);
        }

        long value(String definition, int index) {
            return result.latency.get(definition).percentiles.get(index).valueNs;
        }

        long samples(String definition) {
            return result.latency.get(definition).count;
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

    static Estimate of(List<Run> runs, String definition, int index) throws FileNotFoundException {
        double percentile = Percentiles.REPORTED[index];
        Run first = runs.get(0);
        long beyond = first.result.latency.get(definition).percentiles.get(index).beyond;
        long n = first.samples(definition);
        boolean tooFew = percentile < 100 && QuantileInterval.ranks(n, percentile)[1] > n;
        if (runs.size() >= 2) {
            double[] values = new double[runs.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = runs.get(i).value(definition, index);
            }
            double[] ci = AcrossRuns.meanInterval(values);
            return new Estimate(AcrossRuns.mean(values), ci[0], ci[1], tooFew, beyond, ACROSS_RUNS, values, null);
        }
        QuantileInterval qi = QuantileInterval.of(first.histogram(definition), percentile);
        return new Estimate(qi.value, qi.low, qi.high, !qi.bounded() && percentile < 100, qi.samplesBeyond, WITHIN_RUN,
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
