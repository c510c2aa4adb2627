package io.queuelatency.wings.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Budget;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** The capacity figure draws each step where what decided it puts it: a step that did not hold, never within. */
class SaturationTest {
    @Test
    void aStepThatDidNotHoldIsDrawnAtOrAboveItsBudgetAndAHeldOneAtItsHighestRun() {
        Capacity c = new Capacity(MatrixData.load(Paths.get("reports/capacity-example")));
        Budget b = c.plan.budgets.get(0);
        int notHeld = 0;
        for (Capacity.JvmBracket j : c.jvms) {
            for (CapacitySearch.Step s : j.steps) {
                double at = Saturation.marked(s, b);
                long highest = 0;
                for (CapacitySearch.JudgedRun r : s.runs) {
                    highest = r.counted ? Math.max(highest, r.valueNs(b).orElse(0)) : highest;
                }
                if (s.outcome == CapacitySearch.StepOutcome.HELD) {
                    assertEquals(highest, at, 0, j.jvm.id + " at " + s.rate + ": the highest run decides");
                    assertTrue(at <= b.limitNs, j.jvm.id + " at " + s.rate);
                } else if (!Double.isNaN(at)) {
                    notHeld++;
                    assertTrue(at >= b.limitNs, j.jvm.id + " at " + s.rate + " did not hold, drawn at " + at);
                    // its highest counted run, not a mean of its runs (35.3 and 7.61 ms against 20 ms once read 16.4)
                    assertEquals(Math.max(highest, b.limitNs), at, 0, j.jvm.id + " at " + s.rate);
                }
            }
        }
        assertTrue(notHeld >= 2, "the example has steps that did not hold: " + notHeld);
    }
}
