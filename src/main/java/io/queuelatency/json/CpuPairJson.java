package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.CpuPair;

/** {@code host.cpuPair} of result.json (run/6) and {@code cpuPair} of environment.json. */
public final class CpuPairJson {
    private CpuPairJson() {
    }

    public static ObjectNode write(CpuPair p) {
        ObjectNode o = JsonNodes.object();
        o.put("producerCpu", p.producerCpu);
        o.put("consumerCpu", p.consumerCpu);
        o.put("relation", p.relation.id);
        o.put("smtSiblings", p.smtSiblings);
        o.put("sharedL2", p.sharedL2);
        o.put("sharedL3", p.sharedL3);
        o.put("samePackage", p.samePackage);
        o.put("sameNumaNode", p.sameNumaNode);
        o.put("producerIsolated", p.producerIsolated);
        o.put("consumerIsolated", p.consumerIsolated);
        o.put("producerNohzFull", p.producerNohzFull);
        o.put("consumerNohzFull", p.consumerNohzFull);
        o.put("chosenBy", p.chosenBy.id);
        o.put("why", p.why);
        return o;
    }

    public static CpuPair read(JsonNodes n) {
        CpuPair.Relation relation = CpuPair.Relation.byId(n.str("relation"));
        CpuPair.ChosenBy chosenBy = CpuPair.ChosenBy.byId(n.str("chosenBy"));
        if (relation == null || chosenBy == null) {
            throw new StoredFileException(n.file(), "cpuPair: unknown relation or chooser: " + n.str("relation")
                    + ", " + n.str("chosenBy"));
        }
        CpuPair.Builder b = new CpuPair.Builder();
        b.producerCpu = n.integer("producerCpu");
        b.consumerCpu = n.integer("consumerCpu");
        b.relation = relation;
        b.smtSiblings = n.optBool("smtSiblings");
        b.sharedL2 = n.optBool("sharedL2");
        b.sharedL3 = n.optBool("sharedL3");
        b.samePackage = n.optBool("samePackage");
        b.sameNumaNode = n.optBool("sameNumaNode");
        b.producerIsolated = n.bool("producerIsolated", false);
        b.consumerIsolated = n.bool("consumerIsolated", false);
        b.producerNohzFull = n.bool("producerNohzFull", false);
        b.consumerNohzFull = n.bool("consumerNohzFull", false);
        b.chosenBy = chosenBy;
        b.why = n.optStr("why");
        return b.build();
    }
}
