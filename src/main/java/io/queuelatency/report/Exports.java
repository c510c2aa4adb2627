package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.json.JsonNodes;
import java.util.List;

/**
 * A report's estimates in the formats other tools read, every value the one summary.md shows (Table 3's estimate
 * and interval, the runs' own values):
 * <ul>
 *   <li>{@code jmh.json}: JMH's result format ({@code -rf json}) of a sample-time benchmark: {@link JmhJson}.</li>
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
}
