package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.store.MatrixFiles;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report of --runs auto: the level spent over its looks, each JVM's runs, and why the rounds ended. */
class AutoRunsReportTest {
    @TempDir
    Path dir;

    @Test
    void theReportTestsAtTheLevelOfItsLooksAndSaysHowTheRoundsEnded() throws Exception {
        new MatrixFixture().jvm("a", 1.0, 1.03, 0.97, 1.01).jvm("b", 2.0, 2.06, 1.94).write(dir);
        Path file = dir.resolve(MatrixFiles.MATRIX_JSON);
        MatrixPlan plan = MatrixPlanJson.read(file);
        plan.settings = plan.settings.toBuilder().runs(null).build();
        plan.auto = new MatrixPlan.AutoPlan();
        plan.auto.timeBudgetNs = 600_000_000_000L;
        plan.auto.looks.addAll(Arrays.asList(3, 4, 6));
        plan.auto.end = MatrixPlan.AutoPlan.RoundsEnd.TIME_BUDGET;
        plan.auto.looksTaken = 2;
        plan.auto.rounds = 4;
        plan.auto.spentNs = 550_000_000_000L;
        plan.auto.wallNs = 590_000_000_000L;
        MatrixPlanJson.write(plan, file);
        MatrixReport.write(dir);

        JsonNode summary =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals(3, summary.path("looks").asInt());
        double lookAlpha = io.queuelatency.decide.AutoRuns.alphaAt(plan, 4);
        assertEquals(lookAlpha, summary.path("familyAlpha").asDouble(), 1e-15, "the share of 5% spent at this look");
        assertEquals(lookAlpha / summary.path("comparisons").asInt(), summary.path("alphaPerComparison").asDouble(),
                1e-15);
        assertEquals(4, summary.path("auto").path("runs").path("a").asInt());
        assertEquals(3, summary.path("auto").path("runs").path("b").asInt());
        assertEquals("TIME_BUDGET", summary.path("auto").path("end").asText());
        assertEquals(4, summary.path("auto").path("rounds").asInt());
        assertEquals(590_000_000_000L, summary.path("auto").path("wallNs").asLong(), "the time the budget counted");
        assertEquals(550_000_000_000L, summary.path("auto").path("spentNs").asLong(), "the cells' own");
        io.queuelatency.decide.Analysis a = new io.queuelatency.decide.Analysis(
                io.queuelatency.decide.MatrixData.load(dir), io.queuelatency.decide.Analysis.DEFAULT_MARGIN);
        for (io.queuelatency.decide.PairVerdict v : a.verdicts) {
            if (v.test != null) {
                assertTrue(v.test.alpha >= lookAlpha / a.comparisons - 1e-15, "Holm: no test below the look's / m");
                assertTrue(v.test.alpha <= lookAlpha + 1e-15, "nor above the look's share");
            }
        }
        for (JsonNode j : summary.path("jvms")) {
            assertEquals("a".equals(j.path("id").asText()) ? 4 : 3, j.path("runsCounted").asInt(),
                    "each JVM's runs: " + j.path("id").asText());
        }
        assertEquals(2, summary.path("jvms").size());
    }
}
