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
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A report's estimates in the formats other tools read, every value the one summary.md shows (Table 3's estimate
 * and interval, the runs' own values):
 * <ul>
 *   <li>{@code jmh.json}: JMH's result format ({@code -rf json}), for jmh-visualizer and the tools built on it.
 *       One benchmark per percentile and definition, {@code queuelatency.p99_9.intended} (a percentile is a
 *       "class", so each chart holds values of one magnitude), the JVM as the parameter {@code jvm} (the
 *       visualiser's bars side by side), each run a fork of one iteration in {@code rawData}, the score the
 *       estimate in ns and {@code scoreConfidence} its interval; {@code scoreError} the larger of its two sides, so
 *       that score ± error, which JMH viewers draw, covers the interval; where there is no interval (the
 *       worst) {@code "NaN"}, as JMH writes it.</li>
 *   <li>{@code bencher.json}: Bencher's metric format (BMF), for continuous benchmarking: one benchmark per JVM,
 *       definition and percentile ({@code openjdk-17/intended/p99.9}), measure {@code latency} (ns), value the
 *       estimate, lower and upper its interval.</li>
 * </ul>
 * A sweep adds its size and rate to each name ({@code size}, {@code rate} parameters in jmh.json).
 */
final class Exports {
    static final String JMH_JSON = "jmh.json";
    static final String BENCHER_JSON = "bencher.json";

    private Exports() {
    }

    static void write(List<Analysis> slices, boolean sweeps, Path dir) throws IOException {
        JsonNodes.write(dir.resolve(JMH_JSON), jmh(slices, sweeps));
        JsonNodes.write(dir.resolve(BENCHER_JSON), bencher(slices, sweeps));
    }

    static ArrayNode jmh(List<Analysis> slices, boolean sweeps) {
        ArrayNode out = JsonNodes.array();
        for (Analysis a : slices) {
            for (Percentile p : Percentile.REPORTED) {
                for (Definition d : Definition.values()) {
                    for (MatrixPlan.PlannedJvm j : a.jvms) {
                        Estimate e = a.estimate(j, d, p);
                        if (e != null) {
                            out.add(jmhBenchmark(a, j, d, e, sweeps));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** "p99_9": a JMH name part has no dot. */
    static String jmhPercentile(Percentile p) {
        return p.name().replace('.', '_');
    }

    private static ObjectNode jmhBenchmark(Analysis a, MatrixPlan.PlannedJvm j, Definition d, Estimate e,
            boolean sweeps) {
        Settings s = a.data.plan.settings;
        RunResult first = a.data.firstResult(j);
        ObjectNode b = JsonNodes.object();
        b.put("jmhVersion", "none: " + a.data.plan.tool + " (JMH's result format)");
        b.put("benchmark", "queuelatency." + jmhPercentile(e.percentile) + "." + d.id);
        b.put("mode", "sample");
        b.put("threads", 2);
        b.put("forks", e.runs);
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
        ObjectNode m = b.putObject("primaryMetric");
        m.put("score", Math.round(e.value));
        if (e.hasInterval()) {
            // score ± error covers the interval
            m.put("scoreError", Math.round(Math.max(e.high - e.value, e.value - e.low)));
            m.putArray("scoreConfidence").add(Math.round(e.low)).add(Math.round(e.high));
        } else {
            m.put("scoreError", "NaN");
            m.putArray("scoreConfidence").add("NaN").add("NaN");
        }
        double[] sorted = e.runValues.clone();
        Arrays.sort(sorted);
        ObjectNode percentiles = m.putObject("scorePercentiles");
        percentiles.put("0.0", Math.round(sorted[0]));
        percentiles.put("50.0", Math.round(e.percentile.isWorst() ? Estimate.median(sorted) : e.value));
        percentiles.put("100.0", Math.round(sorted[sorted.length - 1]));
        m.put("scoreUnit", "ns/op");
        ArrayNode raw = m.putArray("rawData");
        for (double v : e.runValues) {
            raw.addArray().add(Math.round(v));
        }
        b.putObject("secondaryMetrics");
        return b;
    }

    private static String seconds(long ns) {
        return ns % 1_000_000_000L == 0 ? ns / 1_000_000_000L + " s" : ns / 1_000_000L + " ms";
    }

    static ObjectNode bencher(List<Analysis> slices, boolean sweeps) {
        ObjectNode out = JsonNodes.object();
        for (Analysis a : slices) {
            for (MatrixPlan.PlannedJvm j : a.jvms) {
                for (Definition d : Definition.values()) {
                    for (Percentile p : Percentile.REPORTED) {
                        Estimate e = a.estimate(j, d, p);
                        if (e == null) {
                            continue;
                        }
                        String name = j.id + "/" + d.id + "/" + p.name()
                                + (sweeps ? "/" + a.data.slice.size + "B/" + a.data.slice.rate + "msg-s" : "");
                        ObjectNode latency = out.putObject(name).putObject("latency");
                        latency.put("value", Math.round(e.value));
                        if (e.hasInterval()) {
                            latency.put("lower_value", Math.round(e.low));
                            latency.put("upper_value", Math.round(e.high));
                        }
                    }
                }
            }
        }
        return out;
    }
}
