package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AcrossRunsTest {
    @Test
    void theIntervalIsStudentsTOnTheLogScaleAroundTheGeometricMean() {
        // logs of 90, 100, 110: mean 4.6018, s = 0.1004, t(0.975, 2) = 4.303: exp(4.6018 +- 0.2494)
        double[] ci = AcrossRuns.meanInterval(new double[] {90, 100, 110});
        assertArrayEquals(new double[] {77.668, 127.893}, ci, 0.01);
        assertEquals(99.666, AcrossRuns.mean(new double[] {90, 100, 110}), 0.001);
        assertTrue(AcrossRuns.meanInterval(new double[] {10, 1000, 100_000})[0] > 0, "never below zero");
        assertArrayEquals(new double[] {7, 7}, AcrossRuns.meanInterval(new double[] {7, 7, 7}), 1e-9);
    }

    @Test
    void tQuantilesMatchTheTableAndApproachTheNormal() {
        assertEquals(12.706, AcrossRuns.t975(1), 1e-9);
        assertEquals(2.228, AcrossRuns.t975(10), 1e-9);
        assertEquals(2.042, AcrossRuns.t975(30), 1e-9);
        assertEquals(1.984, AcrossRuns.t975(100), 0.002); // table: 1.984
        double between = AcrossRuns.t975(4.5);
        assertTrue(between < 2.776 && between > 2.571, "Welch's fractional df interpolates: " + between);
    }

    @Test
    void theRatioIntervalIsWelchsTest() {
        // Overlapping runs: Welch on the logs, t = 1.82 on 3.9 df, p = 0.15: the ratio's interval [0.723, 1.070] holds 1.
        double[] overlapping = AcrossRuns.ratioInterval(new double[] {100, 110, 120}, new double[] {115, 125, 135});
        assertArrayEquals(new double[] {0.7229, 1.0699}, overlapping, 0.001);
        // Means 710 and 1010 with the same spread: clearly below 1.
        double[] apart = AcrossRuns.ratioInterval(new double[] {700, 710, 720}, new double[] {1000, 1010, 1020});
        assertTrue(apart[1] < 1, apart[0] + " " + apart[1]);
    }

    @Test
    void moreRunsGiveANarrowerInterval() {
        double[] three = AcrossRuns.meanInterval(new double[] {90, 100, 110});
        double[] nine = AcrossRuns.meanInterval(new double[] {90, 100, 110, 90, 100, 110, 90, 100, 110});
        assertTrue(nine[1] - nine[0] < three[1] - three[0]);
    }
}
