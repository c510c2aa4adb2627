package io.queuelatency.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixPlannerTest {
    @TempDir
    Path tmp;

    @Test
    void variantsMultiplyTheEntriesAndAVariantAJdkRefusesIsNotApplicableWithWhy() throws Exception {
        Path root = tmp.resolve("jdks");
        FakeJdks.openjdk(root.resolve("openjdk-8"), 8);
        FakeJdks.openjdk(root.resolve("openjdk-21"), 21);
        MatrixConfig config = MatrixConfigParser.parse("m.yaml", new StringReader("settings:\n  runs: 2\n"
                + "variants:\n  - id: g1\n    jvmOptions: [-XX:+UseG1GC]\n  - id: zgc\n    jvmOptions: [-XX:+UseZGC]\n"
                + "jvms:\n  - id: openjdk-8\n    major: 8\n  - id: openjdk-21\n    major: 21\n"));
        JdkDiscovery discovery = new JdkDiscovery(Collections.singletonList(root));
        List<ResolvedJvm> resolved = MatrixPlanner.resolve(config, discovery, new GraalCompiler(tmp, false), null);
        MatrixPlan plan = MatrixPlanner.plan(config, resolved, "test", "tool", (home, options) ->
                home.endsWith("openjdk-8") && options.contains("-XX:+UseZGC") ? "Unrecognized VM option 'UseZGC'"
                : null);
        assertEquals(Arrays.asList("openjdk-8_g1", "openjdk-8_zgc", "openjdk-21_g1", "openjdk-21_zgc"),
                Arrays.asList(plan.jvms.stream().map(j -> j.id).toArray()));
        MatrixPlan.PlannedJvm zgc8 = plan.jvm("openjdk-8_zgc");
        assertFalse(zgc8.available);
        assertEquals("not applicable: openjdk-8 does not take variant zgc (-XX:+UseZGC): "
                + "Unrecognized VM option 'UseZGC'", zgc8.unavailable);
        MatrixPlan.PlannedJvm zgc21 = plan.jvm("openjdk-21_zgc");
        assertTrue(zgc21.available && zgc21.jvmOptions.contains("-XX:+UseZGC") && "zgc".equals(zgc21.variant)
                && "openjdk-21".equals(zgc21.entry));
        assertEquals("openjdk-21 (zgc)", zgc21.label);
        assertEquals(Arrays.asList(new CellId("openjdk-8_g1", 1), new CellId("openjdk-21_g1", 1),
                new CellId("openjdk-21_zgc", 1),
                new CellId("openjdk-8_g1", 2), new CellId("openjdk-21_g1", 2), new CellId("openjdk-21_zgc", 2)),
                plan.cells,
                "interleaved, the not-applicable one left out");
    }
}
