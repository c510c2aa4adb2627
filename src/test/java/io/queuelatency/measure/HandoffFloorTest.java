package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Warning;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The bare hand-off, on an injected clock that both threads read: every message measured once or counted as lapped,
 * never early. Whether the consumer keeps up is the scheduler's business on a busy host (a consumer descheduled for
 * the ring's 1024 messages is lapped), so the tests assert what holds either way.
 */
class HandoffFloorTest {
    /** A clock shared by two threads: every read is 20 ns after the last. */
    private static final class TickingClock implements NanoClock {
        private final AtomicLong now = new AtomicLong();

        @Override
        public long nanoTime() {
            return now.addAndGet(20);
        }
    }

    @Test
    void everyMeasuredHandOffIsRecordedOrCountedAsLappedAndNoneArrivesBeforeItsSlotOrItsSend() throws Exception {
        HandoffFloor floor = new HandoffFloor(new TickingClock(), (role, cpu) -> null);
        floor.run(100_000, 2_000, 3_000, 0, 1);
        long recorded = floor.intended.getTotalCount();
        assertTrue(recorded <= 3_000, "the warm-up's are not recorded: " + recorded);
        assertTrue(recorded + floor.overwritten >= 3_000,
                "none is lost: " + recorded + " recorded, " + floor.overwritten + " lapped");
        assertTrue(recorded > 0, "the consumer measured");
        assertEquals(recorded, floor.actual.getTotalCount(), "both definitions of each message");
        assertTrue(floor.intended.getMinValue() >= floor.actual.getMinValue(),
                "from the slot is never shorter than from the send");
        assertTrue(floor.intended.getMaxValue() < 100_000_000,
                "no hand-off waits anywhere near a second: " + floor.intended.getMaxValue());
        assertTrue(floor.clockReadNs > 0 && floor.histogramRecordNs > 0, "the harness's own costs are measured");
        assertNull(floor.failure);
    }

    @Test
    void aPinThatDoesNotTakeIsTheFloorsWarningAndTheHandOffStillRuns() throws Exception {
        HandoffFloor floor = new HandoffFloor(new TickingClock(),
                (role, cpu) -> role.equals("floor consumer") ? new Warning.PinFailed(role, cpu, "no affinity here")
                        : null);
        floor.run(100_000, 100, 500, 0, 3);
        assertEquals(new Warning.PinFailed("floor consumer", 3, "no affinity here"), floor.failure);
        assertTrue(floor.intended.getTotalCount() + floor.overwritten >= 500, "the hand-off ran");
    }
}
