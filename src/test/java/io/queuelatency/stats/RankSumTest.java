package io.queuelatency.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rank-sum test against values computed elsewhere (R's wilcox.test, SciPy's mannwhitneyu, every split counted). */
class RankSumTest {
    @Test
    void theExactTestGivesRsValueForItsOwnExample() {
        // R, ?wilcox.test: W = 35, one-sided p 0.1272, so two-sided 0.2544 (SciPy, method='exact': 0.254412...)
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        RankSum t = RankSum.of(x, y);
        assertTrue(t.exact);
        assertEquals(0.2544122544, t.p, 1e-9);
        assertEquals(t.p, RankSum.of(y, x).p, 1e-12, "the same test either way round");
    }

    @Test
    void twoSamplesApartGiveTheSmallestPTheirSizesAllow() {
        assertEquals(0.1, RankSum.of(new double[] {1, 2, 3}, new double[] {4, 5, 6}).p, 1e-12);
        assertEquals(0.1, RankSum.smallestP(3, 3), 1e-12);
        assertEquals(1.0 / 3, RankSum.smallestP(2, 2), 1e-12, "2 and 2 floor cells: nothing below 33%");
        assertEquals(1.0 / 3, RankSum.of(new double[] {10, 11}, new double[] {30, 33}).p, 1e-12);
        assertEquals(2.0 / 70, RankSum.smallestP(4, 4), 1e-12);
        assertEquals(2.0 / 12870, RankSum.smallestP(8, 8), 1e-15);
        assertEquals(1, RankSum.smallestP(1, 1), 1e-12, "one value each: no test at all");
    }

    @Test
    void tiesTakeTheirMeanRankAndEverySplitIsCounted() {
        // every one of the C(11, 5) = 462 splits of the mean ranks enumerated (Python, itertools): 62 lie as far from
        // the rank sum's mean as 21.5 does from 30 (SciPy's permutation_test doubles the smaller tail instead: 0.1255)
        RankSum t = RankSum.of(new double[] {1, 2, 2, 3, 5}, new double[] {2, 3, 4, 4, 6, 7});
        assertEquals(62.0 / 462, t.p, 1e-12);
        assertEquals(1, RankSum.of(new double[] {5, 5, 5}, new double[] {5, 5}).p, 1e-12, "all tied: no difference");
        assertEquals(1, RankSum.of(new double[] {1, 2, 3}, new double[] {3, 2, 1}).p, 1e-12, "the same values");
    }

    @Test
    void manyValuesTakeTheNormalApproximationWithTheTiesCorrection() {
        // SciPy mannwhitneyu(u, v, method='asymptotic', use_continuity=True): U = 521.5, p = 0.058408982946...
        double[] u = {0.3, 0.8, 0.3, -1.3, 0.9, 0.4, -0.5, 0.6, 0.4, 0.3, 0.0, 0.5, -0.7, -0.2, -0.5, 0.6, 0.0, -0.3,
            -0.8, -0.3, 0.0, -0.3, 1.3, 1.0, -2.7, -1.9, -0.2, -0.4, 0.2, 0.2, 2.1, -1.1, -0.4, 2.0, 0.6, 0.7, -0.5,
            -1.6, 0.2, 0.1};
        double[] v = {-0.7, -0.2, 0.4, -0.4, 0.4, 0.6, 0.5, 0.0, 1.1, 1.4, 0.8, -0.3, 1.2, 0.0, 1.4, -0.6, 1.4, 0.5,
            -0.7, 0.2, 0.6, 0.8, -0.5, -0.6, 0.7, 0.0, 0.7, 1.3, -1.1, 0.8, 1.7, 0.2, -0.3, 1.3, 0.8};
        RankSum t = RankSum.of(u, v);
        assertFalse(t.exact, "75 values: over " + RankSum.EXACT_UP_TO);
        assertEquals(0.0584089829, t.p, 1e-9);
    }
}
