package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Settings;
import io.queuelatency.stats.OverRuns;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The estimates in the formats other tools read, each key and what it holds in docs/ci.md: jmh.json as JMH's
 * {@code -rf json} writes a latency benchmark in its sample mode ("NaN" where there is no interval, as JMH writes
 * it), and bencher.json, Bencher's metric format (value the estimate, lower and upper its interval).
 */
final class Exports {
    static final String JMH_JSON = "jmh.json";
    static final String BENCHER_JSON = "bencher.json";
    /** JMH's keys of scorePercentiles. */
    private static final double[] SCORE_PERCENTILES = {0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100};
    /** The percentiles JMH's sample mode writes as secondary metrics, and their names there. */
    private static final double[] SECONDARY = {0, 50, 90, 95, 99, 99.9, 99.99, 100};
    private static final String[] SECONDARY_NAMES = {"p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999",
        "p0.9999", "p1.00"};

    /** The .hgrm's steps (HdrHistogram's percentile distribution): about 150 buckets a run, finest in the tail. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    private Exports() {
    }

    static ArrayNode jmh(List<Analysis> slices, boolean sweeps) {
        ArrayNode out = JsonNodes.array();
        for (Analysis a : slices) {
            for (Definition d : Definition.values()) {
                for (MatrixPlan.PlannedJvm j : a.jvms) {
                    List<Estimate.StoredRun> runs = a.data.statisticRuns(j);
                    if (!runs.isEmpty() && a.estimate(j, d, Percentile.P50) != null) {
                        ObjectNode b = header(a, j, d, runs.size(), sweeps);
                        b.set("primaryMetric", primary(a, j, d, runs));
                        ObjectNode secondary = b.putObject("secondaryMetrics");
                        secondary.set(SECONDARY_NAMES[0], metric(least(runs, d), Double.NaN, Double.NaN,
                                leastOfEach(runs, d)));
                        for (int k = 1; k < SECONDARY.length; k++) {
                            Estimate e = at(a, j, d, runs, SECONDARY[k]);
                            secondary.set(SECONDARY_NAMES[k], metric(e.value, e.low, e.high, e.runValues));
                        }
                        out.add(b);
                    }
                }
            }
        }
        return out;
    }

    static ObjectNode bencher(List<Analysis> slices, boolean sweeps) {
        ObjectNode out = JsonNodes.object();
        for (Analysis a : slices) {
            a.forEachEstimate((j, d, p, e) -> {
                String name = j.id + "/" + d.id + "/" + p.name()
                        + (sweeps ? "/" + a.data.slice.size + "B/" + a.data.slice.rate + "msg-s" : "");
                ObjectNode latency = out.putObject(name).putObject("latency");
                latency.put("value", Math.round(e.value));
                if (e.hasInterval()) {
                    latency.put("lower_value", Math.round(e.low));
                    latency.put("upper_value", Math.round(e.high));
                }
            });
        }
        return out;
    }

    /** What JMH writes before the metrics: the benchmark, its JVM, and how it ran. */
    private static ObjectNode header(Analysis a, MatrixPlan.PlannedJvm j, Definition d, int forks, boolean sweeps) {
        Settings s = a.data.plan.settings;
        RunResult first = a.data.firstResult(j);
        ObjectNode b = JsonNodes.object();
        b.put("jmhVersion", "none (JMH's result format, written by " + a.data.plan.tool + ")");
        b.put("benchmark", "queuelatency.Latency." + d.id);
        b.put("mode", "sample");
        b.put("threads", 2);
        b.put("forks", forks);
        b.put("jvm", j.javaHome == null ? null : j.javaHome + "/bin/java");
        ArrayNode args = b.putArray("jvmArgs");
        (first != null ? first.jvm.inputArguments : j.jvmOptions).forEach(args::add);
        b.put("jdkVersion", first != null ? first.jvm.javaVersion : j.version);
        b.put("vmName", j.vmName);
        b.put("vmVersion", first != null ? first.jvm.vmVersion : j.version);
        b.put("warmupIterations", 1);
        b.put("warmupTime", seconds(j.warmupNs > 0 ? j.warmupNs : s.warmupNs));
        b.put("warmupBatchSize", 1);
        b.put("measurementIterations", 1);
        b.put("measurementTime", seconds(s.durationNs));
        b.put("measurementBatchSize", 1);
        ObjectNode params = b.putObject("params");
        params.put("jvm", j.id);
        if (sweeps) {
            params.put("size", Integer.toString(a.data.slice.size));
            params.put("rate", Long.toString(a.data.slice.rate));
        }
        return b;
    }

    private static ObjectNode primary(Analysis a, MatrixPlan.PlannedJvm j, Definition d,
            List<Estimate.StoredRun> runs) {
        double[] means = runs.stream().mapToDouble(r -> r.result.latency(d).meanNs).toArray();
        DoubleUnaryOperator percentile = p -> p == 0 ? least(runs, d) : at(a, j, d, runs, p).value;
        OverRuns o = means.length >= 2 ? OverRuns.of(means) : null;
        ObjectNode m = o != null ? score(o.median, o.low, o.high, percentile)
                : score(means[0], Double.NaN, Double.NaN, percentile);
        ArrayNode forks = m.putArray("rawDataHistogram");
        for (Estimate.StoredRun r : runs) {
            ArrayNode buckets = forks.addArray().addArray();
            for (HistogramIterationValue v : r.histogram(d).percentiles(TICKS_PER_HALF_DISTANCE)) {
                if (v.getCountAddedInThisIterationStep() > 0) {
                    buckets.addArray().add(v.getValueIteratedTo()).add(v.getCountAddedInThisIterationStep());
                }
            }
        }
        return m;
    }

    /**
     * A secondary metric as JMH writes one: the estimate, its interval, and each fork's (run's) own value; at JMH's
     * percentiles the runs' values as its statistics give them (linearly between two runs' values).
     */
    private static ObjectNode metric(double value, double low, double high, double[] runValues) {
        double[] sorted = Arrays.stream(runValues).sorted().toArray();
        ObjectNode m = score(value, low, high, p -> p == 0 || sorted.length == 1 ? sorted[0]
                : new org.apache.commons.math3.stat.descriptive.rank.Percentile().evaluate(sorted, p));
        ArrayNode raw = m.putArray("rawData");
        for (double v : runValues) {
            raw.addArray().add(Math.round(v));
        }
        return m;
    }

    /** What both metrics open with: the score, its error and interval, and the score at JMH's percentiles. */
    private static ObjectNode score(double value, double low, double high, DoubleUnaryOperator percentile) {
        ObjectNode m = JsonNodes.object();
        m.put("score", Math.round(value));
        if (!Double.isNaN(low) && !Double.isNaN(high)) {
            m.put("scoreError", Math.round(Math.max(high - value, value - low)));
            m.putArray("scoreConfidence").add(Math.round(low)).add(Math.round(high));
        } else {
            m.put("scoreError", "NaN");
            m.putArray("scoreConfidence").add("NaN").add("NaN");
        }
        ObjectNode percentiles = m.putObject("scorePercentiles");
        for (double p : SCORE_PERCENTILES) {
            percentiles.put(Double.toString(p), Math.round(percentile.applyAsDouble(p)));
        }
        m.put("scoreUnit", "ns/op");
        return m;
    }

    /** The estimate at {@code p}: Table 3's, or computed the same way at another (p95, p99.9999). */
    private static Estimate at(Analysis a, MatrixPlan.PlannedJvm j, Definition d, List<Estimate.StoredRun> runs,
            double p) {
        Percentile percentile = Percentile.of(p);
        return Percentile.REPORTED.contains(percentile) ? a.estimate(j, d, percentile)
                : Estimate.of(runs, d, percentile);
    }

    private static double[] leastOfEach(List<Estimate.StoredRun> runs, Definition d) {
        return runs.stream().mapToDouble(r -> r.result.latency(d).minNs).toArray();
    }

    /** The least latency any counted run saw (JMH's "0.0" and "p0.00"), as the worst is the most; no interval. */
    private static double least(List<Estimate.StoredRun> runs, Definition d) {
        return Arrays.stream(leastOfEach(runs, d)).min().getAsDouble();
    }

    private static String seconds(long ns) {
        return ns % 1_000_000_000L == 0 ? ns / 1_000_000_000L + " s" : ns / 1_000_000L + " ms";
    }
}
