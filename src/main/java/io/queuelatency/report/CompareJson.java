package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Comparer;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.text.Units;
import java.util.stream.Collectors;

/** compare.json: the comparison's rows and whether host and settings matched, for scripts. */
public final class CompareJson {
    static final String FILE_NAME = "compare.json";
    /** compare/2 spells a percentile "p99.9" (compare/1: "99.9"). */
    static final String SCHEMA = "queue-latency/compare/2";

    private CompareJson() {
    }

    public static ObjectNode render(Comparer c) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        o.put("a", c.a.dir.toString());
        o.put("b", c.b.dir.toString());
        o.put("sameHostAndSettings", c.differences.isEmpty());
        o.set("differences", JsonNodes.strings(c.differences.stream().map(Words::difference)
                .collect(Collectors.toList())));
        o.put("marginPercent", 100 * c.margin);
        o.put("comparisons", c.comparisons);
        o.put("regressed", c.regressed());
        ArrayNode rows = o.putArray("rows");
        for (Comparer.Row r : c.rows) {
            ObjectNode row = rows.addObject();
            row.put("jvm", r.jvm);
            row.put("percentile", r.percentile.name());
            row.put("aNs", r.aNs);
            row.put("bNs", r.bNs);
            row.put("changePercent", Units.changePercent(r.ratio));
            row.put("lowPercent", Double.isNaN(r.low) ? null : Units.changePercent(r.low));
            row.put("highPercent", Double.isNaN(r.low) ? null : Units.changePercent(r.high));
            row.put("verdict", r.verdict.name());
            row.put("runsNeeded", r.runsNeeded);
        }
        return o;
    }
}
