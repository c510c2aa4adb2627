package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.result.FloorCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;

/**
 * floor.json: one floor cell of a matrix, written by the floor's JVM when it has measured; its JVM and floor mapped
 * as result.json maps a run's.
 */
final class FloorCellJson {
    private static final String KIND = "floor";

    private FloorCellJson() {
    }

    static void write(Path file, FloorCell c) throws IOException {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(KIND, FloorCell.SCHEMA_VERSION));
        o.put("startedAt", c.startedAt);
        o.put("finishedAt", c.finishedAt);
        o.set("jvm", ResultJson.jvm(c.jvm));
        o.put("producerCpu", c.producerCpu);
        o.put("consumerCpu", c.consumerCpu);
        o.put("ratePerSecond", c.rate);
        o.set("floor", ResultJson.floor(c.floor));
        JsonNodes.write(file, o);
    }

    static FloorCell read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        o.schemaVersion(KIND, FloorCell.SCHEMA_VERSION);
        FloorCell.Builder b = new FloorCell.Builder();
        b.startedAt = o.optStr("startedAt");
        b.finishedAt = o.optStr("finishedAt");
        b.jvm = ResultJson.jvm(o.child("jvm"), Collections.<String>emptyList());
        b.producerCpu = o.integer("producerCpu");
        b.consumerCpu = o.integer("consumerCpu");
        b.rate = o.lng("ratePerSecond");
        b.floor = ResultJson.floor(o.child("floor"));
        return b.build();
    }
}
