package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MedianRatioTest {
    @Test
    void itReproducesBonettAndPricesPublishedExampleOfARatioOfMedians() {
        // The example of statpsych's ci.ratio.median2 (Bonett): medians 43 and 37, ratio 1.162162, 95% [0.927667,
        // 1.455933].
        double[] y1 = {36, 44, 47, 42, 49, 39, 46, 31, 33, 48};
        double[] y2 = {32, 39, 26, 35, 43, 27, 40, 37, 34, 29, 49, 42, 40};
        MedianRatio t = MedianRatio.of(y1, y2, 1, 0.05);
        assertEquals(1.162162, t.ratio, 1e-6);
        assertEquals(0.927667, t.low, 1e-6);
        assertEquals(1.455933, t.high, 1e-6);
        assertEquals(MedianRatio.Decision.CANNOT_TELL, t.outcome);
    }

    @Test
    void theRatioIsTheRatioOfTheTwoMediansTheTablesShowNotOfMeans() {
        double[] a = {400, 410, 1_400, 1_300, 390}; // bimodal: median 410, geometric mean ~640
        double[] b = {960, 970, 470, 1_050, 980};   // median 970
        MedianRatio t = MedianRatio.of(a, b, 1, 0.05);
        assertEquals(OverRuns.of(a).median / OverRuns.of(b).median, t.ratio, 1e-12);
        assertTrue(t.low <= t.ratio && t.ratio <= t.high);
    }

    @Test
    void moreComparisonsWidenTheIntervalAndTheVerdictFollowsIt() {
        double[] quick = {1.0, 1.05, 0.95, 1.02, 0.98};
        double[] slow = {1.3, 1.36, 1.24, 1.32, 1.28};
        MedianRatio one = MedianRatio.of(quick, slow, 1, 0.05);
        MedianRatio many = MedianRatio.of(quick, slow, 100, 0.05);
        assertTrue(many.high - many.low > one.high - one.low);
        for (MedianRatio t : new MedianRatio[] {one, many}) {
            assertEquals(t.high < 1, t.outcome == MedianRatio.Decision.FIRST_FASTER,
                    "the verdict is the interval's side of 1");
        }
    }

    @Test
    void theRunsNeededWouldNarrowTheIntervalToTheMargin() {
        double[] a = {1.0, 1.4, 0.7};
        double[] b = {1.1, 1.5, 0.8};
        MedianRatio t = MedianRatio.of(a, b, 3, 0.05);
        assertEquals(MedianRatio.Decision.CANNOT_TELL, t.outcome);
        assertTrue(t.runsNeeded > 3, "more than the runs there are: " + t.runsNeeded);
    }

    @Test
    void theConfidenceOfTheRunsIntervalIsExact() {
        assertEquals(0.75, OverRuns.confidenceOf(3), 1e-12);
        assertEquals(0.875, OverRuns.confidenceOf(4), 1e-12);
        assertEquals(0.9375, OverRuns.confidenceOf(5), 1e-12);
        assertEquals(0.96875, OverRuns.confidenceOf(6), 1e-12);
        assertEquals(6, OverRuns.runsFor(0.95));
    }

    @Test
    void theRunsThatWouldDecideAreTheFewerOfLeavingOneOutAndFittingTheMargin() {
        // openjdk-27 vs graalvm-ce-25 in the example: 2.19 [0.83, 5.77] at z = 3.32 (55 comparisons), 5 runs each.
        double z = 3.32;
        double se = (Math.log(5.77) - Math.log(0.83)) / 2 / z;
        double spread = 5 * se * se;
        assertEquals(8, MedianRatio.runsToDecide(Math.log(2.19), spread, z, Math.log(1.05), 6),
                "the interval leaves 1 out after 8 runs each");
        int equal = MedianRatio.runsToDecide(0, spread, z, Math.log(1.05), 6);
        assertEquals((int) Math.ceil(z * z * spread / (Math.log(1.05) * Math.log(1.05))), equal,
                "a ratio of 1 can only be found equivalent");
        assertEquals(6, MedianRatio.runsToDecide(Math.log(10), spread, z, Math.log(1.05), 6),
                "never fewer than one more run than there are");
    }
}
