package io.queuelatency.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void acceptsTheUnitsPeopleWrite() {
        assertEquals(500_000_000L, Durations.parseNanos("500ms"));
        assertEquals(10_000_000_000L, Durations.parseNanos("10s"));
        assertEquals(120_000_000_000L, Durations.parseNanos("2m"));
        assertEquals(1_800_000_000_000L, Durations.parseNanos("30m"));
        assertEquals(3_600_000_000_000L, Durations.parseNanos("1h"));
        assertEquals(0L, Durations.parseNanos("0s"));
    }

    @Test
    void refusesABareNumberAndUnknownUnits() {
        for (String bad : new String[] {"10", "10x", "1.5s", "-1s", "", "s", "10 s"}) {
            assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos(bad), bad);
        }
    }
}
