package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Settings;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfiledRunsTest {
    @Test
    void profiledRunsCountOnlyWhereTheirMedianLiesWithinTheIntervalOfTheOthersMedian() {
        assertTrue(ProfiledRuns.within(new double[] {510, 530, 900}, new double[] {480, 520, 560}));
        assertTrue(ProfiledRuns.within(new double[] {480}, new double[] {480, 560}), "the bounds belong to it");
        assertFalse(ProfiledRuns.within(new double[] {600, 610}, new double[] {480, 520, 560}));
        assertFalse(ProfiledRuns.within(new double[] {470}, new double[] {480, 520}));
        assertFalse(ProfiledRuns.within(new double[] {500}, new double[0]), "no unprofiled run: no range to lie in");
        // 14 unprofiled runs (the example's C1-only actual p99): the median's interval is from the 3rd to the 12th
        // run, not the whole range, so a profiled median inside the range but beyond the 12th run is outside
        double[] unprofiled = {7827, 9967, 12703, 14447, 14783, 15039, 17967, 19999, 21759, 26735, 28719, 88767,
            184063, 264447};
        double[] profiled = {44127, 45663, 47519, 48159, 48191, 49759, 455679};
        assertTrue(Estimate.median(profiled) < 88767, "its median within the interval");
        assertFalse(ProfiledRuns.within(profiled, unprofiled), "but six of seven above eleven of fourteen: a shift");
        assertFalse(ProfiledRuns.within(new double[] {100_000, 120_000}, unprofiled), "in the range, not the interval");
        assertTrue(ProfiledRuns.within(new double[] {12703, 88767}, unprofiled), "its bounds belong to it");
        assertFalse(ProfiledRuns.within(new double[] {12000, 12500}, unprofiled));
    }

    @Test
    void theRuleReadsEveryLatencyMeasuredSoASamplesCostInTheActualTailKeepsTheProfiledRunsApart() {
        MatrixPlan plan = plan("a", "b");
        List<MatrixData.Cell> cells = new ArrayList<>();
        for (int run = 1; run <= 6; run++) {
            boolean profiled = run % 2 == 0;
            for (MatrixPlan.PlannedJvm j : plan.jvms) {
                // the intended latency within the unprofiled runs' range, the actual p99 x4 where profiled
                long actualP99 = j.id.equals("b") && profiled ? 40_000 : 9_000 + run * 100;
                cells.add(cell(plan, j, run, profiled, 1_000 + run * 10, 20_000 + run * 100, actualP99));
            }
        }
        ProfiledRuns kept = ProfiledRuns.judge(SyntheticRounds.inMemory(plan, cells));
        assertFalse(kept.count);
        assertEquals(1, kept.outside.size(), "the intended latency and the actual p50 within");
        assertEquals("b", kept.outside.get(0).jvm.id);
        assertEquals(Definition.ACTUAL, kept.outside.get(0).definition);
        assertEquals(Percentile.P99, kept.outside.get(0).percentile);

        cells.replaceAll(c -> c.jvm.id.equals("b") && c.id.run % 2 == 0
                ? cell(plan, c.jvm, c.id.run, true, 1_000 + c.id.run * 10, 20_000 + c.id.run * 100, 9_300) : c);
        ProfiledRuns counted = ProfiledRuns.judge(SyntheticRounds.inMemory(plan, cells));
        assertTrue(counted.any && counted.count);
        assertTrue(counted.outside.isEmpty());
    }

    private static MatrixPlan plan(String... ids) {
        MatrixPlan plan = new MatrixPlan();
        plan.runId = "profiled";
        plan.settings = Settings.builder().floorNs(0).runs(6).build();
        for (String id : ids) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = id;
            j.label = id;
            j.available = true;
            plan.jvms.add(j);
        }
        return plan;
    }

    private static MatrixData.Cell cell(MatrixPlan plan, MatrixPlan.PlannedJvm jvm, int run, boolean profiled,
                                        long p50, long p99, long actualP99) {
        RunResultBuilder b = new RunResultBuilder();
        b.latency.put(Definition.INTENDED, latency(Definition.INTENDED, p50, p99));
        b.latency.put(Definition.ACTUAL, latency(Definition.ACTUAL, p50, actualP99));
        if (profiled) {
            Profile p = new Profile();
            p.slowLimit = "p99";
            b.profile = p;
        }
        CellId id = new CellId(jvm.id, null, null, run);
        CellOutcome outcome = new CellOutcome(id, CellOutcome.Status.VALID, 0, null, 10, Collections.emptyList());
        return new MatrixData.Cell(id, jvm, new MatrixData.Slice(plan.settings.size, plan.settings.rate),
                Paths.get("/nonexistent"), outcome, b.build());
    }

    private static Latency latency(Definition d, long p50, long p99) {
        Map<Percentile, Latency.Value> values = new LinkedHashMap<>();
        values.put(Percentile.P50, new Latency.Value(Percentile.P50, p50, 500_000));
        values.put(Percentile.P99, new Latency.Value(Percentile.P99, p99, 10_000));
        return new Latency(d, 1_000_000, 100, p50, p99 * 2, values);
    }
}
