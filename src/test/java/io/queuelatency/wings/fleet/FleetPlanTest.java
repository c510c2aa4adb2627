package io.queuelatency.wings.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.cli.UsageError;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A matrix split between hosts of one fingerprint (--share K/N): each host's rounds, their floor cells numbered as
 * the whole plan's, the refusals; and what a plan takes on N hosts (--plan --hosts N).
 */
class FleetPlanTest {
    private static final long MINUTE = 60_000_000_000L;

    /** Two JVMs, {@code runs} rounds of 30-minute windows, with the host's floor in cells of its own. */
    private static MatrixPlan plan(int runs) {
        MatrixPlan plan = new MatrixPlan();
        plan.settings = Settings.DEFAULTS.toBuilder().runs(runs).durationNs(30 * MINUTE).build();
        for (String id : new String[] {"jdk-a", "jdk-b"}) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = id;
            j.available = true;
            j.warmupNs = plan.settings.warmupNs;
            plan.jvms.add(j);
        }
        for (int run = 1; run <= runs; run++) {
            for (MatrixPlan.PlannedJvm j : plan.jvms) {
                plan.cells.add(new CellId(j.id, run));
            }
        }
        plan.hostFloor = new MatrixPlan.HostFloorPlan();
        return plan;
    }

    @Test
    void aShareRunsEveryNthRoundUnderItsOwnRunNumbersWithItsFloorCellsNumberedAsTheWholePlans() {
        MatrixPlan plan = plan(6);
        assertEquals(Arrays.asList(1, 2, 3, 4, 5, 6, 7), plan.floorCellNumbers(), "before round 1 and after each");
        FleetPlan.keepShare(plan, new FleetPlan.ShareConverter().convert("2/4"));
        TreeSet<Integer> runs = new TreeSet<>();
        for (CellId c : plan.cells) {
            runs.add(c.run);
        }
        assertEquals(new TreeSet<>(Arrays.asList(2, 6)), runs);
        assertEquals(4, plan.cells.size());
        assertEquals(Arrays.asList(2, 3, 7), plan.floorCellNumbers(), "before round 2, after rounds 2 and 6");
        assertEquals(2, plan.share.part);
        assertEquals(4, plan.share.of);
    }

    @Test
    void aShareOfRunsAutoOrWithNoRoundOrMisspeltIsOneLine() {
        MatrixPlan auto = plan(6);
        auto.auto = new MatrixPlan.AutoPlan();
        UsageError e = assertThrows(UsageError.class,
                () -> FleetPlan.keepShare(auto, new MatrixPlan.Share(1, 2)));
        assertTrue(e.getMessage().startsWith("--share 1/2 splits a fixed number of runs: --runs auto decides"),
                e.getMessage());
        UsageError none =
                assertThrows(UsageError.class, () -> FleetPlan.keepShare(plan(4), new MatrixPlan.Share(5, 5)));
        assertEquals("--share 5/5 leaves this host no round of the 4 the plan has: split it between at most 4 hosts",
                none.getMessage());
        for (String wrong : new String[] {"3", "0/2", "3/2", "a/b", "1/2/3"}) {
            assertThrows(picocli.CommandLine.TypeConversionException.class,
                    () -> new FleetPlan.ShareConverter().convert(wrong), wrong);
        }
    }

    @Test
    void thePlanOnFourHostsIsItsLongestShareSplitAndTheWholePlanNot() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FleetPlan.print(new PrintStream(bytes, true, "UTF-8"), plan(6), 4);
        String out = bytes.toString("UTF-8");
        assertTrue(out.contains("the 6 rounds as 2, 2, 1, 1 per host: about "), out);
        assertTrue(out.contains("(the longest share: 4 cells and its floor cells)"), out);
        assertTrue(out.contains("fingerprints that differ, not split: each host runs the whole plan"), out);
    }
}
