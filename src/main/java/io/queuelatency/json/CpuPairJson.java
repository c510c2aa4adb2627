package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.CpuPair;

/** {@code host.cpuPair} of result.json (run/6) and {@code cpuPair} of environment.json. */
public final class CpuPairJson {
    private CpuPairJson() {
    }

    public static ObjectNode write(CpuPair p) {
        return (ObjectNode) Binding.tree(p);
    }

    public static CpuPair read(JsonNodes n) {
        CpuPair.Relation relation = CpuPair.Relation.byId(n.str("relation"));
        CpuPair.ChosenBy chosenBy = CpuPair.ChosenBy.byId(n.str("chosenBy"));
        if (relation == null || chosenBy == null) {
            throw new StoredFileException(n.file(), "cpuPair: unknown relation or chooser: " + n.str("relation")
                    + ", " + n.str("chosenBy"));
        }
        return n.as(CpuPair.class);
    }
}
