package io.queuelatency.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.MatrixPlan;
import java.io.IOException;
import java.nio.file.Path;

/** matrix.json: a {@link MatrixPlan} read and written field by field as Jackson binds it. */
public final class MatrixPlanJson {
    private MatrixPlanJson() {
    }

    /** The plan of a matrix directory; a broken matrix.json is one line naming it and what is wrong. */
    public static MatrixPlan read(Path file) {
        JsonNodes.read(file).schemaVersion("matrix", MatrixPlan.SCHEMA_VERSION);
        try {
            return JsonNodes.MAPPER.readValue(file.toFile(), MatrixPlan.class);
        } catch (JsonProcessingException e) {
            throw new StoredFileException(file, "not a matrix plan (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new StoredFileException(file, "cannot be read: " + e.getMessage());
        }
    }

    public static void write(MatrixPlan plan, Path file) throws IOException {
        JsonNodes.write(file, JsonNodes.MAPPER.valueToTree(plan));
    }
}
