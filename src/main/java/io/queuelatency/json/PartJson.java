package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Platform;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.HostWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects result.json, cell.json and environment.json share: a latency distribution, the host check, the platform.
 */
public final class PartJson {
    private PartJson() {
    }

    static Platform platform(JsonNodes n) {
        return new Platform(n.optStr("virtualisation"), n.optStr("nested"), n.optStr("clockSource"),
                (int) n.lng("timerTickHz", -1),
                n.optStr("transparentHugePages"), n.optStr("governor"));
    }

    public static ObjectNode latency(Latency l) {
        ObjectNode o = JsonNodes.object();
        o.put("definition", l.definition.id);
        o.put("description", DefinitionWords.description(l.definition));
        return distribution(o, l);
    }

    /** The distribution's numbers into {@code o}: count, min, mean, max and each percentile with the count beyond. */
    static ObjectNode distribution(ObjectNode o, Latency l) {
        o.put("count", l.count);
        o.put("minNs", l.minNs);
        o.put("meanNs", l.meanNs);
        o.put("maxNs", l.maxNs);
        ArrayNode percentiles = o.putArray("percentiles");
        for (Latency.Value v : l.values()) {
            ObjectNode p = percentiles.addObject();
            p.put("percentile", v.percentile.name());
            p.put("valueNs", v.valueNs);
            p.put("beyond", v.beyond);
        }
        return o;
    }

    static ObjectNode hostCheck(HostFindings v) {
        ObjectNode o = JsonNodes.object();
        o.put("verdict", HostWords.grade(v.grade));
        o.set("findings", Binding.tree(v.findings));
        return o;
    }

    /** Its definition is where it is stored, not its "definition" field; null for a probed stage's. */
    public static Latency latency(Definition d, JsonNodes n) {
        Map<Percentile, Latency.Value> values = new LinkedHashMap<>();
        for (JsonNodes p : n.objects("percentiles")) {
            Percentile percentile = p.percentile("percentile");
            values.put(percentile, new Latency.Value(percentile, p.lng("valueNs"), p.lng("beyond")));
        }
        long count = n.lng("count");
        return new Latency(d, count, count == 0 ? 0 : n.lng("minNs"), count == 0 ? 0 : n.dbl("meanNs"),
                count == 0 ? 0 : n.lng("maxNs"), values);
    }

    static HostFindings hostCheck(JsonNodes n) {
        List<HostFindings.Finding> findings = new ArrayList<>();
        for (JsonNodes f : n.objects("findings")) {
            HostFindings.Severity severity;
            try {
                severity = HostFindings.Severity.valueOf(f.str("severity"));
            } catch (IllegalArgumentException e) {
                throw new StoredFileException(n.file(), "hostCheck: unknown severity " + f.str("severity"));
            }
            findings.add(new HostFindings.Finding(severity, f.str("check"), f.optStr("found"), f.optStr("fix")));
        }
        return new HostFindings(findings);
    }
}
