package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class MedianRatioTest {
    @Test
    void theRankSumsDistributionCountsTheOrderingsExactly() {
        // 4 and 4 runs: 70 orderings; U = 0 in one, U = 1 in one, U = 2 in two
        MedianRatio.UDistribution u = MedianRatio.UDistribution.of(4, 4);
        assertEquals(1 / 70.0, u.cdf(0), 1e-12);
        assertEquals(2 / 70.0, u.cdf(1), 1e-12);
        assertEquals(4 / 70.0, u.cdf(2), 1e-12);
        assertEquals(0.5 + 4 / 70.0, u.cdf(8), 1e-12); // 8 the middle, P(U = 8) = 8 / 70: P(U <= 8) = (1 + 8 / 70) / 2
        assertEquals(1, u.cdf(16), 1e-12);
        // 3 and 5: 56 orderings, symmetric about 7.5
        MedianRatio.UDistribution v = MedianRatio.UDistribution.of(3, 5);
        assertEquals(0.5, v.cdf(7), 1e-12);
    }

    @Test
    void theRatioIsTheMedianOfEveryRunToRunRatio() {
        double[] a = {100, 200, 400};
        double[] b = {100, 100};
        // ratios 1, 1, 2, 2, 4, 4: the median is 2
        assertEquals(2, MedianRatio.of(a, b, 0.5, 0.05).ratio, 1e-9);
        // 4 runs each, every one of a below every one of b: at 2 / 70 the interval is the least to the most ratio
        double[] quick = {100, 101, 102, 103};
        double[] slow = {200, 210, 220, 230};
        MedianRatio t = MedianRatio.of(quick, slow, 2 / 70.0, 0.05);
        assertEquals(100 / 230.0, t.low, 1e-9);
        assertEquals(103 / 200.0, t.high, 1e-9);
        assertEquals(1 - 2 / 70.0, t.confidence, 1e-12);
        assertEquals(MedianRatio.Decision.FIRST_FASTER, t.outcome);
        assertEquals(2 / 70.0, t.pValue, 1e-12);
    }

    @Test
    void runsThatCannotReachTheLevelGiveNoIntervalAndSayHowManyWould() {
        double[] quick = {100, 101, 102};
        double[] slow = {200, 210, 220};
        MedianRatio t = MedianRatio.of(quick, slow, 0.05, 0.05); // 3 and 3: 2 / 20 = 10% at best
        assertFalse(t.reached());
        assertTrue(Double.isNaN(t.low) && Double.isNaN(t.high));
        assertEquals(MedianRatio.Decision.CANNOT_TELL, t.outcome);
        assertEquals(4, MedianRatio.runsToReach(0.05));
        assertTrue(t.runsNeeded >= 4, "runs needed " + t.runsNeeded);
        // 55 pairs at 4 percentiles at 5%: 2 / C(2n, n) <= 0.05 / 220 from 8 runs each (6 each reach only 0.22%)
        assertEquals(8, MedianRatio.runsToReach(0.05 / 220));
    }

    @Test
    void theDecidingLevelIsTheLeastLevelAtWhichTheIntervalDecides() {
        Random r = new Random(5);
        for (int i = 0; i < 200; i++) {
            double[] a = logNormal(r, 6, 1000, 0.2);
            double[] b = logNormal(r, 7, 1000 * (1 + r.nextDouble() / 2), 0.2);
            double level = MedianRatio.decidingLevel(a, b, 0.05);
            if (level >= 1) {
                assertEquals(MedianRatio.Decision.CANNOT_TELL, MedianRatio.of(a, b, 0.999, 0.05).outcome);
                continue;
            }
            assertTrue(MedianRatio.of(a, b, level, 0.05).outcome != MedianRatio.Decision.CANNOT_TELL);
            assertEquals(MedianRatio.Decision.CANNOT_TELL, MedianRatio.of(a, b, level * 0.999, 0.05).outcome);
        }
    }

    @Test
    void aRatioInsideTheMarginWithATightIntervalIsEquivalent() {
        double[] a = {1000, 1001, 1002, 1003, 1004, 1005};
        double[] b = {1010, 1011, 1012, 1013, 1014, 1015};
        assertEquals(MedianRatio.Decision.EQUIVALENT, MedianRatio.of(a, b, 0.05, 0.05).outcome);
    }

    /**
     * The level holds where the runs are not log-normal: two modes as this host's p50 falls (a quarter near 0.6 us,
     * the rest near 1.37 us) and heavy tails (a log-Cauchy), 2,000 nulls of 8 runs each at 5%: the false "faster"
     * rate within the binomial allowance (5% of 2,000: at most 126 but once in a thousand).
     */
    @Test
    void theLevelHoldsOnTwoModesAndHeavyTails() {
        Random r = new Random(11);
        DoubleSupplier twoModes = () -> (r.nextDouble() < 0.26 ? 612 : 1371) * Math.exp(0.13 * r.nextGaussian());
        DoubleSupplier heavy = () -> 1000 * Math.exp(0.2 * Math.tan(Math.PI * (r.nextDouble() - 0.5)));
        for (DoubleSupplier draw : new DoubleSupplier[] {twoModes, heavy}) {
            int wrong = 0;
            for (int i = 0; i < 2000; i++) {
                MedianRatio t = MedianRatio.of(draws(draw, 8), draws(draw, 8), 0.05, 0.05);
                wrong += t.outcome == MedianRatio.Decision.FIRST_FASTER
                        || t.outcome == MedianRatio.Decision.SECOND_FASTER ? 1 : 0;
            }
            assertTrue(wrong <= 126, wrong + " false verdicts of 2,000");
        }
    }

    private static double[] draws(DoubleSupplier d, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = d.getAsDouble();
        }
        return v;
    }

    private static double[] logNormal(Random r, int n, double median, double sigma) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = median * Math.exp(sigma * r.nextGaussian());
        }
        return v;
    }
}
