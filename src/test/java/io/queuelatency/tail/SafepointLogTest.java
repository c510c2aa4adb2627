package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SafepointLogTest {
    @Test
    void jdk13AndLaterOneLineAtTheEndGivesStartFromTheTotal() {
        List<JvmEvent> events = SafepointLog.parse(Arrays.asList(
                "[5000000000ns] Safepoint \"G1CollectForAllocation\", Time since last: 1000 ns, Reaching safepoint: "
                        + "2500 ns, Cleanup: 10 ns, At safepoint: 40000 ns, Total: 42510 ns",
                "[6000000000ns] Safepoint \"Cleanup\", Time since last: 999957490 ns, Reaching safepoint: 1200 ns, At "
                + "safepoint: 300 ns, Total: 1500 ns",
                "[6000000001ns] something else entirely"));
        assertEquals(2, events.size());
        JvmEvent gc = events.get(0);
        assertEquals("G1CollectForAllocation", gc.operation);
        assertEquals(5_000_000_000L - 42_510, gc.startNs);
        assertEquals(5_000_000_000L, gc.endNs);
        assertEquals(2_500, gc.reachingNs);
        assertTrue(gc.isGc());
        assertFalse(events.get(1).isGc());
    }

    @Test
    void jdk9To12EnteringAndLeavingStampTheStartAndTheEnd() {
        List<JvmEvent> events = SafepointLog.parse(Arrays.asList(
                "[100000ns] Entering safepoint region: RevokeBias",
                "[180000ns] Leaving safepoint region",
                "[180001ns] Total time for which application threads were stopped: 0.0000800 seconds, Stopping threads "
                + "took: 0.0000150 seconds"));
        assertEquals(1, events.size());
        assertEquals("RevokeBias", events.get(0).operation);
        assertEquals(100_000, events.get(0).startNs);
        assertEquals(180_000, events.get(0).endNs);
        assertEquals(15_000, events.get(0).reachingNs);
    }

    @Test
    void collectorsPausesAreGcAndOtherOperationsAreNot() {
        for (String op : new String[] {"G1CollectFull", "G1PauseRemark", "ParallelGCFailedAllocation",
                "GenCollectForAllocation",
                "ZMarkStart", "ZRelocateStartYoung", "ShenandoahInitMark", "CollectForMetadataAllocation"}) {
            assertTrue(JvmEvent.isGc(op), op);
        }
        for (String op : new String[] {"Cleanup", "RevokeBias", "ThreadDump", "HandshakeAllThreads", "Deoptimize",
                "ICBufferFull"}) {
            assertFalse(JvmEvent.isGc(op), op);
        }
    }
}
