package io.queuelatency.wings.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.cli.UsageError;
import io.queuelatency.matrix.MatrixRunner;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.text.Units;
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
        assertEquals(12, auto.cells.size(), "the plan is not cut");
        assertTrue(e.getMessage().contains("--share 1/2") && e.getMessage().contains("--runs N"), e.getMessage());
        UsageError none =
                assertThrows(UsageError.class, () -> FleetPlan.keepShare(plan(4), new MatrixPlan.Share(5, 5)));
        assertTrue(none.getMessage().startsWith("--share 5/5 ") && none.getMessage().contains(" 4 ")
                && !none.getMessage().contains("\n"), "the share and the plan's 4 rounds: " + none.getMessage());
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
        int[] rounds = {2, 2, 1, 1};
        long longestNs = 0;
        for (int k = 1; k <= 4; k++) {
            MatrixPlan share = plan(6);
            FleetPlan.keepShare(share, new MatrixPlan.Share(k, 4));
            assertEquals(2 * rounds[k - 1], share.cells.size(), "the 6 rounds as 2, 2, 1, 1 per host: host " + k);
            longestNs = Math.max(longestNs, MatrixRunner.estimateNs(share, share.cells));
        }
        MatrixPlan first = plan(6);
        FleetPlan.keepShare(first, new MatrixPlan.Share(1, 4));
        assertEquals(MatrixRunner.estimateNs(first, first.cells), longestNs, "the longest share: host 1's 4 cells");
        assertTrue(out.contains(" " + Units.minutes(longestNs) + " "), "split: the longest share's time: " + out);
        MatrixPlan whole = plan(6);
        long wholeNs = MatrixRunner.estimateNs(whole, whole.cells);
        assertTrue(wholeNs > longestNs, "not split takes longer");
        assertTrue(out.contains(" " + Units.minutes(wholeNs) + " "), "not split: the whole plan's time: " + out);
        assertTrue(out.contains(Units.minutes(wholeNs * 4)), "not split: 4 hosts' machine time: " + out);
    }
}
