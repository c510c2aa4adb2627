package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.json.JsonNodes;
import java.util.List;

/**
 * The estimates in the formats other tools read (docs/ci.md): jmh.json ({@link JmhJson}) and bencher.json, Bencher's
 * metric format: one benchmark per JVM, definition and percentile, value the estimate, lower and upper its interval.
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
