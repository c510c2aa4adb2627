package io.queuelatency.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FlightsTest {
    @Test
    void overlappingFlightsMergeAndATimeIsInsideOrNot() {
        Flights f = new Flights();
        f.add(100, 200);
        f.add(150, 260); // overlaps the first: one covered span 100..260
        f.add(400, 450);
        assertEquals(3, f.messages());
        assertEquals(160 + 50, f.coveredNs());
        assertTrue(f.covers(100));
        assertTrue(f.covers(260));
        assertFalse(f.covers(261));
        assertFalse(f.covers(99));
        assertTrue(f.covers(425));
        assertFalse(f.covers(1000));
    }

    @Test
    void aMessageIsSampledWhenASampleFallsInsideItsOwnFlight() {
        Flights f = new Flights();
        f.add(100, 200);
        f.add(150, 260);
        f.add(400, 450);
        long[] samples = {120, 300, 451};
        assertEquals(1, f.sampled(samples, samples.length)); // 120 is in the first only; 300 and 451 in none
        long[] more = {210, 450};
        assertEquals(2, f.sampled(more, more.length)); // 210 in the second, 450 the third's end
    }

    @Test
    void growsPastItsFirstCapacity() {
        Flights f = new Flights();
        for (int i = 0; i < 5000; i++) {
            f.add(i * 10L, i * 10L + 5);
        }
        assertEquals(5000, f.messages());
        assertEquals(5000 * 5, f.coveredNs());
        assertTrue(f.covers(49_995));
        assertFalse(f.covers(49_996));
    }
}
