package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.Budget;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.words.JvmWords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;

/** matrix.json: a field an older plan does not hold reads as the plan's default. */
public final class MatrixPlanJson {
    private static final String KIND = "matrix";

    private MatrixPlanJson() {
    }

    public static void write(MatrixPlan plan, Path file) throws IOException {
        JsonNodes.write(file, plan(plan));
    }

    private static ObjectNode plan(MatrixPlan plan) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(KIND, MatrixPlan.SCHEMA_VERSION));
        return o.setAll((ObjectNode) Binding.tree(plan));
    }

    public static MatrixPlan read(Path file) {
        JsonNodes root = JsonNodes.read(file);
        root.schemaVersion(KIND, 2, MatrixPlan.SCHEMA_VERSION); // matrix/1 is refused
        MatrixPlan plan = root.as(MatrixPlan.class);
        plan.settings = SettingsJson.plan(root.child("settings"));
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if ("C2 (HotSpot)".equals(j.compiler)) { // stored so before the options' compilers were read (C1 only)
                j.compiler = JvmWords.hotspotCompiler(j.jvmOptions);
            }
        }
        JsonNodes auto = root.optChild("auto");
        plan.auto = auto == null ? null : auto.as(MatrixPlan.AutoPlan.class);
        if (plan.auto != null) {
            int last = 0;
            for (int look : plan.auto.looks) {
                if (look <= last) {
                    throw new StoredFileException(file, "auto.looks: " + look + " is not a round after the last look");
                }
                last = look;
            }
        }
        JsonNodes capacity = root.optChild("capacity");
        for (JsonNodes b : capacity == null ? Collections.<JsonNodes>emptyList() : capacity.objects("budgets")) {
            plan.capacity.budgets.add(new Budget(b.percentile("percentile").value, b.lng("limitNs")));
        }
        JsonNodes share = root.optChild("share");
        plan.share = share == null ? null : new MatrixPlan.Share(share.integer("part"), share.integer("of"));
        return plan;
    }
}
