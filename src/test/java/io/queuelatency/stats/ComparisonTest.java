package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.measure.LatencyRecorder;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    @Test
    void clearlyDifferentRunsGiveAVerdictWithItsSize() {
        Comparison c = Comparison.ofRuns(new double[] {700, 710, 720}, new double[] {1000, 1010, 1020});
        assertEquals(Comparison.Outcome.FIRST_FASTER, c.outcome);
        assertEquals(0.703, c.ratio, 0.001); // Welch on the logs, 3.6 df: the ratio of geometric means in [0.683, 0.724]
        assertTrue(c.high < 1);
        assertEquals("openjdk-17 is faster than openjdk-11 by 30% [28%, 32%]", c.sentence("openjdk-17", "openjdk-11"));
        assertEquals(Comparison.Outcome.SECOND_FASTER, Comparison.ofRuns(new double[] {1000, 1010, 1020}, new double[] {700, 710, 720}).outcome);
    }

    @Test
    void clearlyEqualRunsAreNoSignificantDifference() {
        Comparison c = Comparison.ofRuns(new double[] {500, 520, 510}, new double[] {510, 500, 520});
        assertEquals(Comparison.Outcome.NO_SIGNIFICANT_DIFFERENCE, c.outcome);
        assertTrue(c.sentence("a", "b").startsWith("no significant difference (a/b 1.00 ["), c.sentence("a", "b"));
    }

    @Test
    void aBorderlineDifferenceWithinTheSpreadIsNotCalled() {
        // Means 110 vs 125, but the runs overlap: some resamples put A above B.
        Comparison c = Comparison.ofRuns(new double[] {100, 110, 120}, new double[] {115, 125, 135});
        assertEquals(Comparison.Outcome.NO_SIGNIFICANT_DIFFERENCE, c.outcome);
        assertTrue(c.low < 1 && c.high > 1, c.low + " " + c.high);
    }

    @Test
    void singleRunsAreFasterOnlyWhenTheirIntervalsDoNotOverlap() {
        QuantileInterval low = median(1000, 0);
        QuantileInterval high = median(1000, 600);
        QuantileInterval near = median(1000, 20);
        assertEquals(Comparison.Outcome.FIRST_FASTER, Comparison.ofSingleRuns(low, high).outcome);
        assertEquals(Comparison.Outcome.NO_SIGNIFICANT_DIFFERENCE, Comparison.ofSingleRuns(low, near).outcome);
        assertEquals(Comparison.BY_ORDER_STATISTICS, Comparison.ofSingleRuns(low, near).method);
    }

    @Test
    void tooFewSamplesBeyondThePercentileIsSaidSo() {
        Histogram h = LatencyRecorder.newHistogram();
        for (int v = 1; v <= 100; v++) {
            h.recordValue(v);
        }
        QuantileInterval p9999 = QuantileInterval.of(h, 99.99);
        Comparison c = Comparison.ofSingleRuns(p9999, p9999);
        assertEquals(Comparison.Outcome.TOO_FEW_SAMPLES, c.outcome);
        assertTrue(c.sentence("a", "b").startsWith("too few samples"));
    }

    private static QuantileInterval median(int n, int shift) {
        Histogram h = LatencyRecorder.newHistogram();
        for (int v = 1; v <= n; v++) {
            h.recordValue(v + shift);
        }
        return QuantileInterval.of(h, 50);
    }
}
