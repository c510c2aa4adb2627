package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QueueSpaceTest {
    private static final long GIB = 1L << 30;
    private static final long RATE = 100_000;
    private static final int SIZE = 256;

    /** Why the cycle: one line opening with the setting, naming the run's size, the space there and what fits. */
    private static void assertNamed(String why, String opens, String... values) {
        assertTrue(why.startsWith(opens) && !why.contains("\n"), why);
        for (String v : values) {
            assertTrue(why.contains(v), v + " in " + why);
        }
    }

    @Test
    void aRunThatFitsWholeKeepsTheReferenceStudysDailyCycle() {
        QueueSpace.Choice c = QueueSpace.choose(RATE, SIZE, 115_000_000_000L, 23 * GIB);
        assertEquals("FAST_DAILY", c.cycle.toString());
        assertNamed(c.why, "auto: ", "(2.9 GiB)", " 23.0 GiB ");
    }

    @Test
    void aThirtyMinuteRunOnTwentyFourGibibytesTakesTheLongestCycleWhoseTwoCyclesFit() {
        // 45 GiB whole: more than the 21 GiB there, so FAST_DAILY (one cycle for the whole run) does not fit.
        long run = (15 + 30 * 60) * 1_000_000_000L;
        QueueSpace.Choice c = QueueSpace.choose(RATE, SIZE, run, 21 * GIB);
        assertEquals("FIVE_MINUTELY", c.cycle.toString(), c.why);
        assertTrue(c.neededBytes <= 21 * GIB && c.neededBytes > 14 * GIB,
                "two 5-minute cycles, about 15 GiB: " + c.neededBytes);
        assertNamed(c.why, "auto: ", "(45.3 GiB)", " 21.0 GiB ", "FIVE_MINUTELY", "(15.0 GiB)");
        assertEquals("MINUTELY", QueueSpace.choose(RATE, SIZE, run, 8 * GIB).cycle.toString());
    }

    @Test
    void nothingFitsWhenEvenTwoMinutelyCyclesDoNot() {
        assertNull(QueueSpace.choose(RATE, SIZE, 3_600_000_000_000L, 2 * GIB));
    }

    @Test
    void aCycleThatCannotHoldTheRateIsPassedOver() {
        // MINUTELY holds at most 2^26 messages a cycle: 10 M msg/s for a minute is 600 M.
        QueueSpace.Choice c = QueueSpace.choose(10_000_000, 16, 3_600_000_000_000L, 100 * GIB);
        assertTrue(c == null || !c.cycle.toString().equals("MINUTELY"));
    }

    @Test
    void onTmpfsTheQueueMayNotTakeTheMemoryTheRestOfTheHostNeeds() {
        assertEquals(20 * GIB, QueueSpace.roomBytes(20 * GIB, false, 5 * GIB, 24 * GIB), "a disk: its free space");
        long tmpfs = QueueSpace.roomBytes(23 * GIB, true, 21 * GIB, 24 * GIB);
        assertEquals(21 * GIB - 24 * GIB / 10, tmpfs, "memory available less a tenth of memory");
    }
}
