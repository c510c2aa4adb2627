package io.queuelatency.wings.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Budget;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.words.HostWords;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * summary.json of a capacity search: every bracket, step, run and verdict summary.md shows, for scripts and CI gates.
 */
final class CapacityJson {
    static final String SCHEMA = "queue-latency/capacity/1";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CapacityJson() {
    }

    static ObjectNode render(Capacity c) {
        HostFindings check = c.data.hostCheck();
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        o.put("runId", c.data.plan.runId);
        o.put("tool", c.data.plan.tool);
        o.put("hostVerdict", check == null ? null : HostWords.grade(check.grade));
        o.put("hostHeadline", check == null ? null : HostWords.headline(check));
        o.put("definition", "intended: from the scheduled send time to the consumer's read");
        ArrayNode budgets = o.putArray("budgets");
        for (Budget b : c.plan.budgets) {
            budgets.addObject().put("percentile", b.percentile().name()).put("limitNs", b.limitNs);
        }
        ObjectNode search = o.putObject("search");
        search.put("size", c.data.plan.settings.size);
        search.put("startRate", c.data.plan.settings.rate);
        search.put("minRate", c.plan.minRate);
        search.put("maxRate", c.plan.maxRate);
        search.put("factor", c.plan.factor);
        search.put("resolution", c.plan.resolution);
        search.put("runsPerStep", MatrixPlan.fixedRuns(c.data.plan.settings));
        search.put("warmupNs", c.data.plan.settings.warmupNs);
        search.put("durationNs", c.data.plan.settings.durationNs);
        search.put("timeLimitNs", c.plan.timeLimitNs);
        search.put("cellSeconds", Math.round(c.cellSeconds));
        ArrayNode jvms = o.putArray("jvms");
        for (Capacity.JvmBracket j : c.jvms) {
            jvms.add(jvm(c, j));
        }
        ArrayNode verdicts = o.putArray("verdicts");
        String text = CapacityWords.budgets(c.plan.budgets);
        for (Capacity.HigherCapacity v : c.verdicts) {
            verdicts.addObject().put("higher", v.higher.jvm.id).put("lower", v.lower.jvm.id)
                    .put("heldRate", v.higher.bracket.held)
                    .put("notHeldRate", v.lower.bracket.broke).put("text", CapacityWords.higher(v, text));
        }
        return o;
    }

    private static ObjectNode jvm(Capacity c, Capacity.JvmBracket j) {
        ObjectNode n = MAPPER.<ObjectNode>valueToTree(j.jvm).retain("id", "label", "vendor", "version", "warmupNs");
        n.put("heldRate", j.bracket.held > 0 ? j.bracket.held : null);
        n.put("notHeldRate", j.bracket.broke > 0 ? j.bracket.broke : null);
        CapacitySearch.Step broke = j.bracket.broke > 0 ? j.step(j.bracket.broke) : null;
        ArrayNode by = n.putArray("brokeBy");
        if (broke != null) {
            for (CapacitySearch.JudgedRun b : broke.brokeBy()) {
                by.add(CapacityWords.brokeBy(b));
            }
        }
        n.put("end", j.end == null ? null : CapacityWords.end(j.end));
        n.put("cutShort", j.cut);
        n.put("notRunRate", j.notRun > 0 ? j.notRun : null);
        ArrayNode steps = n.putArray("steps");
        for (CapacitySearch.Step s : j.steps) {
            ObjectNode step = steps.addObject();
            step.put("rate", s.rate);
            step.put("outcome", s.outcome.name().toLowerCase(Locale.ROOT));
            ArrayNode runs = step.putArray("runs");
            for (CapacitySearch.JudgedRun r : s.runs) {
                ObjectNode run = runs.addObject();
                run.put("cell", r.cell);
                run.put("counted", r.counted);
                run.put("held", r.counted && r.held);
                run.put("brokeBy", CapacityWords.brokeBy(r));
                run.put("why", CapacityWords.run(r));
                ObjectNode values = run.putObject("valuesNs");
                for (Budget b : c.plan.budgets) {
                    OptionalLong v = r.valueNs(b);
                    values.put(b.percentile().name(), v.isPresent() ? (Long) v.getAsLong() : null);
                }
            }
        }
        return n;
    }
}
