package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.stats.QuantileInterval;
import io.queuelatency.store.IntervalLog;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The one estimate of a percentile for a set of runs (one JVM, one definition) that every table, figure, file and
 * comparison uses: over runs the median run's value ({@link OverRuns}), of one run its value with the interval within
 * it, the worst the largest any counted run saw, that run named.
 */
public final class Estimate {
    /** One stored run: its name, its result and the directory of its latency.hlog. */
    public static final class StoredRun {
        public final String name;
        public final RunResult result;
        public final Path dir;
        private final Map<Definition, org.HdrHistogram.Histogram> histograms = new EnumMap<>(Definition.class);

        public StoredRun(String name, RunResult result, Path dir) {
            this.name = name;
            this.result = result;
            this.dir = dir;
        }

        /** The measured window's histogram, summed from latency.hlog once (empty where the run did not store it). */
        public org.HdrHistogram.Histogram histogram(Definition definition) {
            return histograms.computeIfAbsent(definition,
                    d -> result.hlogTag(d) == null ? new org.HdrHistogram.Histogram(3)
                    : IntervalLog.sum(dir.resolve(IntervalLog.FILE_NAME), result.hlogTag(d)));
        }

        /** The stored value at {@code p}; for a percentile the result did not store, from latency.hlog. */
        public Latency.Value valueAt(Definition definition, Percentile p) {
            Latency.Value v = result.latency(definition).at(p);
            return v != null ? v : Latency.valueAt(histogram(definition), p);
        }

        public long value(Definition definition, Percentile p) {
            return valueAt(definition, p).valueNs;
        }

        public long samples(Definition definition) {
            return result.latency(definition).count;
        }
    }

    public final Percentile percentile;
    public final double value;
    /** NaN where there is no interval (the worst). */
    public final double low;
    public final double high;
    /** The interval's confidence; NaN where there is none. */
    public final double confidence;
    /** Too few samples beyond the percentile, in the median run, to bound it (one run: in that run). */
    public final boolean tooFewSamples;
    /** Samples beyond the value: the median over the runs counted. */
    public final long beyond;
    /** Samples in the measured window: the median over the runs counted. */
    public final long samples;
    /** Each counted run's value, in run order. */
    public final double[] runValues;
    /** The run that gave the worst; null for other percentiles. */
    public final String worstRun;
    public final int runs;

    private Estimate(Builder b) {
        this.percentile = b.percentile;
        // Whole nanoseconds, as every file shows them: an even number of runs' median is rounded here once, so that a
        // ratio and the values it is the ratio of agree wherever they appear.
        this.value = whole(b.value);
        this.low = whole(b.low);
        this.high = whole(b.high);
        this.confidence = b.confidence;
        this.tooFewSamples = b.tooFew;
        this.beyond = b.beyond;
        this.samples = b.samples;
        this.runValues = b.runValues;
        this.worstRun = b.worstRun;
        this.runs = runValues.length;
    }

    /** An estimate by name; what is not given is none: no interval, enough samples, none beyond, no worst run. */
    private static final class Builder {
        private final Percentile percentile;
        private final long samples;
        private final double[] runValues;
        private final double value;
        private double low = Double.NaN;
        private double high = Double.NaN;
        private double confidence = Double.NaN;
        private boolean tooFew;
        private long beyond;
        private String worstRun;

        Builder(Percentile percentile, long samples, double[] runValues, double value) {
            this.percentile = percentile;
            this.samples = samples;
            this.runValues = runValues;
            this.value = value;
        }

        Builder interval(double low, double high, double confidence) {
            this.low = low;
            this.high = high;
            this.confidence = confidence;
            return this;
        }

        Builder tooFew(boolean v) {
            tooFew = v;
            return this;
        }

        Builder beyond(long v) {
            beyond = v;
            return this;
        }

        Builder worstRun(String v) {
            worstRun = v;
            return this;
        }

        Estimate build() {
            return new Estimate(this);
        }
    }

    public static Estimate of(List<StoredRun> runs, Definition definition, Percentile percentile) {
        double[] values = new double[runs.size()];
        double[] beyond = new double[runs.size()];
        double[] samples = new double[runs.size()];
        for (int i = 0; i < values.length; i++) {
            Latency.Value v = runs.get(i).valueAt(definition, percentile);
            values[i] = v.valueNs;
            beyond[i] = v.beyond;
            samples[i] = runs.get(i).samples(definition);
        }
        long n = (long) median(samples);
        if (percentile.isWorst()) {
            return worst(percentile, n, values, runs.stream().map(r -> r.name).collect(Collectors.toList()));
        }
        if (runs.size() >= 2) {
            return overRuns(percentile, n, values, beyond, QuantileInterval.ranks(n, percentile.value)[1] > n);
        }
        QuantileInterval qi = QuantileInterval.of(runs.get(0).histogram(definition), percentile.value);
        return new Builder(percentile, n, values, values[0])
                .interval(qi.low, qi.bounded() ? qi.high : Double.NaN, QuantileInterval.CONFIDENCE)
                .tooFew(!qi.bounded()).beyond(qi.samplesBeyond).build();
    }

    /** Of the host's floor over {@code floors} (named by {@code names}), as over runs; null where one lacks it. */
    public static Estimate ofFloor(List<String> names, List<RunResult.Floor> floors, Definition definition,
                                   Percentile percentile) {
        double[] values = new double[floors.size()];
        double[] beyond = new double[floors.size()];
        double[] samples = new double[floors.size()];
        for (int i = 0; i < values.length; i++) {
            RunResult.Floor f = floors.get(i);
            Latency l = f == null || !f.measured() ? null : f.latency(definition);
            Latency.Value v = l == null ? null : l.at(percentile);
            if (v == null || v.valueNs < 0) {
                return null;
            }
            values[i] = v.valueNs;
            beyond[i] = v.beyond;
            samples[i] = l.count;
        }
        if (values.length == 0) {
            return null;
        }
        long n = (long) median(samples);
        if (percentile.isWorst()) {
            return worst(percentile, n, values, names);
        }
        boolean tooFew = QuantileInterval.ranks(n, percentile.value)[1] > n;
        if (values.length >= 2) {
            return overRuns(percentile, n, values, beyond, tooFew);
        }
        return new Builder(percentile, n, values, values[0]).tooFew(tooFew).beyond((long) beyond[0]).build();
    }

    /** Two or more runs: the median run's value with its distribution-free interval ({@link OverRuns}). */
    private static Estimate overRuns(Percentile percentile, long n, double[] values, double[] beyond, boolean tooFew) {
        OverRuns o = OverRuns.of(values);
        return new Builder(percentile, n, values, o.median).interval(o.low, o.high, o.confidence).tooFew(tooFew)
                .beyond((long) median(beyond)).build();
    }

    private static Estimate worst(Percentile percentile, long samples, double[] values, List<String> names) {
        int at = IntStream.range(0, values.length).reduce((a, b) -> values[b] > values[a] ? b : a).getAsInt();
        return new Builder(percentile, samples, values, values[at]).worstRun(names.get(at)).build();
    }

    private static double whole(double ns) {
        // half up, as every table rounds
        return Double.isNaN(ns) || Double.isInfinite(ns) ? ns : (double) Math.round(ns);
    }

    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    public static double median(double[] values) {
        double[] x = values.clone();
        java.util.Arrays.sort(x);
        int n = x.length;
        return n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
    }
}
