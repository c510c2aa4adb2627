package io.queuelatency.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import java.io.IOException;
import java.nio.file.Path;

/**
 * matrix.json: a {@link MatrixPlan} read and written field by field as Jackson binds it, but for its settings, which
 * are the one configuration type: those are written and read by name ({@link SettingsJson#PLAN_SETTINGS}).
 */
public final class MatrixPlanJson {
    private static final String SETTINGS = "settings";
    private static final ObjectMapper PLAN = JsonNodes.MAPPER.copy().registerModule(new SimpleModule()
            .addSerializer(Settings.class, new StdSerializer<Settings>(Settings.class) {
                private static final long serialVersionUID = 1L;

                @Override
                public void serialize(Settings s, JsonGenerator out, SerializerProvider provider) throws IOException {
                    out.writeTree(SettingsJson.plan(s));
                }
            }));

    private MatrixPlanJson() {
    }

    /** The plan of a matrix directory; a broken matrix.json is one line naming it and what is wrong. */
    public static MatrixPlan read(Path file) {
        JsonNodes root = JsonNodes.read(file);
        root.schemaVersion("matrix", MatrixPlan.SCHEMA_VERSION);
        Settings settings = SettingsJson.plan(root.child(SETTINGS));
        ObjectNode rest = ((ObjectNode) root.raw()).deepCopy();
        rest.remove(SETTINGS);
        try {
            MatrixPlan plan = PLAN.treeToValue(rest, MatrixPlan.class);
            plan.settings = settings;
            return plan;
        } catch (JsonProcessingException e) {
            throw new StoredFileException(file, "not a matrix plan (" + e.getOriginalMessage() + ")");
        }
    }

    public static void write(MatrixPlan plan, Path file) throws IOException {
        JsonNodes.write(file, PLAN.valueToTree(plan));
    }
}
