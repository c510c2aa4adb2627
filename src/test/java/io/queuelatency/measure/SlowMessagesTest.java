package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SlowMessagesTest {
    @Test
    void keepsEveryMessageAtOrAboveTheFloorWithItsTimesInArrivalOrder() {
        SlowMessages slow = new SlowMessages(128);
        slow.offer(0, 0, SlowMessages.MIN_FLOOR_NS - 1);
        slow.offer(1_000, 1_005, 1_000 + SlowMessages.MIN_FLOOR_NS);
        slow.offer(5_000, 5_100, 9_000);
        assertEquals(2, slow.size());
        assertEquals(1_000, slow.intendedAt(0));
        assertEquals(1_005, slow.writtenAt(0));
        assertEquals(3_000, slow.receivedAt(0));
        assertEquals(9_000, slow.receivedAt(1));
    }

    @Test
    void theFloorMovesButNeverBelowTheMinimum() {
        SlowMessages slow = new SlowMessages(128);
        slow.setFloor(10);
        assertEquals(SlowMessages.MIN_FLOOR_NS, slow.floorNs());
        slow.setFloor(50_000);
        slow.offer(0, 0, 49_999);
        slow.offer(0, 0, 50_000);
        assertEquals(1, slow.size());
    }

    @Test
    void aFullRingOverwritesItsOldestAndKeepsArrivalOrder() {
        SlowMessages slow = new SlowMessages(8);
        for (int i = 0; i < 9; i++) {
            slow.offer(i * 100_000L, i * 100_000L, i * 100_000L + 10_000);
            slow.offer(i * 100_000L + 1, 0, i * 100_000L + 2); // fast: written, never kept
        }
        assertEquals(7, slow.size(), "the capacity less the slot being written");
        assertEquals(9, slow.seen());
        assertEquals(2, slow.overwritten());
        assertEquals(200_000, slow.intendedAt(2), "the oldest kept, at index overwritten()");
        assertEquals(800_000, slow.intendedAt(8), "the newest");
        assertEquals(810_000, slow.receivedAt(8), "its times intact after the fast message written behind it");
    }

    @Test
    void theCapacityIsAPowerOfTwo() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new SlowMessages(3));
    }
}
