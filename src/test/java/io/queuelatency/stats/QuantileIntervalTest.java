package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.measure.LatencyRecorder;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

class QuantileIntervalTest {
    @Test
    void ranksMatchTheExactBinomialTables() {
        // The textbook intervals for the median: n = 20 -> ranks 6 and 15; n = 100 -> ranks 40 and 61.
        assertArrayEquals(new long[] {6, 15}, QuantileInterval.ranks(20, 50));
        assertArrayEquals(new long[] {40, 61}, QuantileInterval.ranks(100, 50));
    }

    @Test
    void theRanksCoverTheQuantileWithAtLeast95PercentProbability() {
        for (long n : new long[] {20, 50, 100, 500}) {
            for (double p : new double[] {50, 90, 99}) {
                long[] r = QuantileInterval.ranks(n, p);
                if (r[1] > n) {
                    continue; // unbounded: covered by the next test
                }
                BinomialDistribution b = new BinomialDistribution(null, (int) n, p / 100);
                // P(X_(l) <= quantile <= X_(u)) = P(l <= B < u), B the count at or below the quantile
                double coverage = b.cumulativeProbability((int) r[1] - 1) - b.cumulativeProbability((int) r[0] - 1);
                assertTrue(coverage >= 0.95, "n=" + n + " p=" + p + " coverage " + coverage);
                assertTrue(coverage < 0.99, "n=" + n + " p=" + p + " not needlessly wide: " + coverage);
            }
        }
    }

    @Test
    void tenMillionSamplesBoundP99999ButThreeHundredThousandDoNot() {
        long[] big = QuantileInterval.ranks(10_000_000, 99.999);
        assertTrue(big[1] <= 10_000_000, "100 samples beyond: bounded, upper rank " + big[1]);
        assertTrue(big[0] >= 9_999_870 && big[0] <= 9_999_885, "lower rank " + big[0]);
        long[] small = QuantileInterval.ranks(300_000, 99.999);
        assertEquals(300_001, small[1], "3 samples beyond: no upper bound");
    }

    @Test
    void theNormalApproximationAgreesWithTheExactSumWhereTheyMeet() {
        // n*q = 500 is summed exactly; n*q = 501 is approximated: the ranks must not jump.
        long[] exact = QuantileInterval.ranks(1000, 50);
        long[] approx = QuantileInterval.ranks(1002, 50);
        assertTrue(Math.abs(exact[0] - approx[0]) <= 2 && Math.abs(exact[1] - approx[1]) <= 3,
                java.util.Arrays.toString(exact) + " vs " + java.util.Arrays.toString(approx));
    }

    @Test
    void valuesAreReadFromTheHistogramAtThoseRanks() {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v = 1; v <= 1000; v++) { // exact below 2048: value = rank
            h.recordValue(v);
        }
        QuantileInterval qi = QuantileInterval.of(h, 50);
        long[] r = QuantileInterval.ranks(1000, 50);
        assertEquals(500, qi.value);
        assertEquals(r[0], qi.low);
        assertEquals(r[1], qi.high);
        assertTrue(qi.bounded());
        QuantileInterval tail = QuantileInterval.of(h, 99.99);
        assertFalse(tail.bounded(), "p99.99 of 1000 samples has nothing beyond it");
    }
}
