package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class AutoRunsTest {
    private static MatrixPlan plan(int jvms, Integer... looks) {
        MatrixPlan plan = new MatrixPlan();
        plan.settings = Settings.builder().runs(null).build();
        for (int i = 0; i < jvms; i++) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = "j" + i;
            j.available = true;
            plan.jvms.add(j);
        }
        plan.auto = new MatrixPlan.AutoPlan();
        plan.auto.looks.addAll(Arrays.asList(looks));
        return plan;
    }

    @Test
    void fivePercentIsSpentOverTheLooksByThePocockTypeFunction() {
        // two JVMs, 4 comparisons: the increments of 5% ln(1 + (e - 1) t), 3.6% at 5 of 8 rounds, which 5 runs each
        // reach (2 / 252 = 0.79% <= 3.6% / 4); at 6 rounds 0.49%, which 6 runs each do not (0.22% > 0.12%), so the
        // last look holds it
        MatrixPlan two = plan(2, 5, 6, 8);
        double[] shares = AutoRuns.shares(two);
        double first = 0.05 * Math.log(1 + (Math.E - 1) * 5 / 8.0);
        assertArrayEquals(new double[] {first, 0, 0.05 - first}, shares, 1e-15);
        assertEquals(first, AutoRuns.alphaAt(two, 5), 1e-15);
        assertEquals(0, AutoRuns.alphaAt(two, 7), 1e-15, "between looks: the last look's share");
        double[] four = AutoRuns.shares(plan(2, 5, 6, 8, 12));
        assertEquals(0.05, four[0] + four[1] + four[2] + four[3], 1e-15, "the shares sum to 5%");
        assertEquals(5, AutoRuns.firstDecidingLook(two));
        assertEquals(0.05, AutoRuns.alphaAt(plan(2), 3), 1e-15, "no looks: the whole 5%");
    }

    @Test
    void aLookWhoseRunsCannotReachItsShareSpendsNothingAndTheNextLookHoldsIt() {
        // 11 JVMs, 220 comparisons: 5 and 6 runs each reach no share (2 / C(12, 6) = 0.22%); 8 runs reach 5% / 220
        MatrixPlan eleven = plan(11, 5, 6, 8);
        assertArrayEquals(new double[] {0, 0, 0.05}, AutoRuns.shares(eleven), 1e-15);
        assertEquals(8, AutoRuns.firstDecidingLook(eleven));
        MatrixPlan short11 = plan(11, 5);
        assertArrayEquals(new double[] {0.05}, AutoRuns.shares(short11), 1e-15, "no look can: the last holds all");
        assertEquals(0, AutoRuns.firstDecidingLook(short11));
    }
}
