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
        JsonNodes.write(file, o.setAll((ObjectNode) Binding.tree(c)));
    }

    static FloorCell read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        o.schemaVersion(KIND, FloorCell.SCHEMA_VERSION);
        FloorCell.Builder b = o.as(FloorCell.Builder.class);
        b.jvm = ResultJson.jvm(o.child("jvm"), Collections.<String>emptyList());
        b.floor = ResultJson.floor(o.child("floor"));
        return b.build();
    }
}
