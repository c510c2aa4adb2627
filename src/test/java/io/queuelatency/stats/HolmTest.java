package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class HolmTest {
    @Test
    void eachStepIsTestedAtTheFamilysLevelOverWhatIsLeftUntilOneFails() {
        // a family of 5 (two not tested): 0.004 <= 0.05/5 passes, 0.011 <= 0.05/4 passes, 0.02 > 0.05/3 fails,
        // and every later one is held to that failed step's level
        double[] levels = Holm.levels(new double[] {0.02, 0.004, 0.011}, 5, 0.05);
        assertArrayEquals(new double[] {0.05 / 3, 0.05 / 5, 0.05 / 4}, levels, 1e-15);
        double[] stuck = Holm.levels(new double[] {0.5, 0.02, 1}, 3, 0.05);
        assertArrayEquals(new double[] {0.05 / 3, 0.05 / 3, 0.05 / 3}, stuck, 1e-15);
    }
}
