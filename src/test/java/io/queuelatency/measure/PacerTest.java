package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PacerTest {
    @Test
    void scheduleIsStartPlusIndexTimesInterval() {
        Pacer pacer = new Pacer(new SteppingClock(0, 1), 1_000, 100_000);
        assertEquals(1_000, pacer.intendedTime(0));
        assertEquals(11_000, pacer.intendedTime(1));
        assertEquals(1_000 + 10_000L * 1_000_000, pacer.intendedTime(1_000_000));
    }

    @Test
    void scheduleDoesNotDriftWhenTheIntervalIsNotWholeNanoseconds() {
        Pacer pacer = new Pacer(new SteppingClock(0, 1), 0, 3); // 333,333,333.3 ns apart
        assertEquals(333_333_333L, pacer.intendedTime(1));
        assertEquals(1_000_000_000L, pacer.intendedTime(3));
        assertEquals(3_600_000_000_000L, pacer.intendedTime(3 * 3600), "an hour of slots ends exactly on the hour");
    }

    @Test
    void scheduleIsExactForEveryRateAndDurationTheOptionsAllow() {
        long rate = 10_000_000; // the highest --rate, for the longest --duration (24 h) plus warm-up (24 h)
        Pacer pacer = new Pacer(new SteppingClock(0, 1), 1_000, rate);
        long lastOfTwoDays = 2 * 86_400L * rate - 1; // 1.7e12 messages: i * 1e9 would overflow a long at 9.2e9
        assertEquals(1_000 + 2 * 86_400_000_000_000L - 100, pacer.intendedTime(lastOfTwoDays));
        assertEquals(1_000 + 9_223_372_036_850L * 100, pacer.intendedTime(9_223_372_036_850L),
                "past where i * 1e9 overflowed");
        Pacer odd = new Pacer(new SteppingClock(0, 1), 0, 7_777_777);
        long i = 1_234_567_890_123L;
        assertEquals(new java.math.BigInteger(Long.toString(i)).multiply(java.math.BigInteger.valueOf(1_000_000_000L))
                .divide(java.math.BigInteger.valueOf(7_777_777)).longValueExact(), odd.intendedTime(i),
                "floor(i * 1e9 / rate), exactly");
    }

    @Test
    void awaitSpinsUntilTheSlotAndReturnsTheTimeItGotThere() {
        SteppingClock clock = new SteppingClock(0, 7);
        Pacer pacer = new Pacer(clock, 0, 1_000);
        long reached = pacer.awaitTime(1_000_000);
        assertTrue(reached >= 1_000_000 && reached < 1_000_007, "reached " + reached);
    }

    @Test
    void aLateCallerIsNotHeldBackToCatchUp() {
        SteppingClock clock = new SteppingClock(5_000_000, 1);
        Pacer pacer = new Pacer(clock, 0, 1_000);
        assertEquals(5_000_001, pacer.awaitTime(pacer.intendedTime(1)), "past its slot, it returns at once");
    }

    @Test
    void rateMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new Pacer(new SteppingClock(0, 1), 0, 0));
    }
}
