package io.queuelatency.wings.beside;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.wings.beside.PublishedComparison.Fact;
import io.queuelatency.words.DefinitionWords;
import java.util.Arrays;

/** beside.json: the published table as read, and per JVM of ours each percentile beside it and each fact judged. */
public final class BesideJson {
    static final String FILE_NAME = "beside.json";
    public static final String SCHEMA = "queue-latency/beside/2";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BesideJson() {
    }

    public static ObjectNode render(PublishedComparison c) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        o.set("published", published(c.published));
        o.put("ours", c.dir.toString());
        o.put("definition", DefinitionWords.label(c.definition));
        ArrayNode jvms = o.putArray("jvms");
        for (PublishedComparison.Ours side : c.sides) {
            ObjectNode j = jvms.addObject();
            j.put("jvm", side.jvm);
            j.put("runs", side.runs);
            for (PublishedComparison.Placement p : PublishedComparison.Placement.values()) {
                j.put(placement(p), side.count(p));
            }
            ArrayNode rows = j.putArray("rows");
            for (PublishedComparison.Placed b : side.rows) {
                ObjectNode r = rows.addObject();
                r.put("percentile", b.published.percentile.name());
                r.put("published", b.published.given);
                r.put("publishedNs", b.publishedNs);
                r.put("valueNs", b.value);
                r.put("lowNs", b.hasRange() ? b.low : Double.NaN);
                r.put("highNs", b.hasRange() ? b.high : Double.NaN);
                r.put("interval", side.runs >= 2 ? "runs" : b.hasRange() ? "withinRun" : "none");
                r.put("coverage", b.hasRange() ? b.coverage : Double.NaN);
                ArrayNode each = r.putArray("runsNs");
                for (double v : b.ours.runValues) {
                    each.add((long) v);
                }
                r.put("tooFewSamples", b.ours.tooFewSamples);
                r.put("placement", placement(b.placement));
                r.put("weak", b.weak);
                r.put("ratio", b.ours.tooFewSamples ? Double.NaN : threeDigits(b.ratio));
            }
            ArrayNode facts = j.putArray("facts");
            for (Fact f : Fact.values()) {
                ObjectNode x = facts.addObject();
                x.put("fact", BesideWords.key(f));
                x.put("published", BesideWords.published(c.published, f));
                x.put("ours", BesideWords.ours(side, c.definition, f));
                x.put("match", BesideWords.match(side.facts.get(f)));
            }
        }
        return o;
    }

    private static ObjectNode published(PublishedTable t) {
        ObjectNode p = JsonNodes.object();
        p.put("file", t.file.toString());
        p.set("source", tree(t.source, "quote"));
        p.set("host", tree(t.host, "relationWhy").put("relation", t.host.relation.id));
        p.set("jvm", tree(t.jvm));
        p.set("load", tree(t.load, "warmupMessages").put("warmup", t.load.warmupMessages));
        p.set("definition", tree(t.definition).put("ours", DefinitionWords.label(t.definition.ours)));
        p.put("unit", t.unit.word);
        ObjectNode v = p.putObject("values");
        for (PublishedTable.PublishedValue x : t.values) {
            v.put(x.percentile.name(), x.given);
        }
        p.set("setup", JsonNodes.strings(t.setup));
        return p;
    }

    /** {@code part}'s fields as an object, in their order, but {@code left}. */
    private static ObjectNode tree(Object part, String... left) {
        ObjectNode n = MAPPER.valueToTree(part);
        return n.remove(Arrays.asList(left));
    }

    private static String placement(PublishedComparison.Placement p) {
        return p == PublishedComparison.Placement.CANNOT_TELL ? "cannotTell" : BesideWords.placement(p);
    }

    /** A ratio to three significant digits: 0.33, 0.000113 (a ratio far from 1 keeps its digits). */
    static double threeDigits(double r) {
        return Double.isNaN(r) || Double.isInfinite(r) || r == 0 ? r
                : new java.math.BigDecimal(r).round(new java.math.MathContext(3)).doubleValue();
    }
}
