package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProfiledRunsTest {
    @Test
    void profiledRunsCountOnlyWhereTheirMedianLiesWithinTheOthersRange() {
        assertTrue(ProfiledRuns.within(new double[] {510, 530, 900}, new double[] {480, 520, 560}));
        assertTrue(ProfiledRuns.within(new double[] {480}, new double[] {480, 560}), "the bounds belong to it");
        assertFalse(ProfiledRuns.within(new double[] {600, 610}, new double[] {480, 520, 560}));
        assertFalse(ProfiledRuns.within(new double[] {470}, new double[] {480, 520}));
        assertFalse(ProfiledRuns.within(new double[] {500}, new double[0]), "no unprofiled run: no range to lie in");
    }
}
