package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WindowProbeTest {
    @Test
    void concurrentCyclesAreNotCountedAsPausesButEveryPauseIs() {
        // The beans' names as JDK 21 (generational ZGC), 25 (Shenandoah) and G1 report them.
        for (String cycles : new String[] {"ZGC Cycles", "ZGC Minor Cycles", "ZGC Major Cycles", "Shenandoah Cycles"}) {
            assertFalse(WindowProbe.isPause(cycles), cycles);
        }
        for (String pauses : new String[] {"ZGC Pauses", "ZGC Minor Pauses", "ZGC Major Pauses", "Shenandoah Pauses",
            "G1 Young Generation", "G1 Old Generation", "G1 Concurrent GC", "PS Scavenge", "Copy",
            "MarkSweepCompact"}) {
            assertTrue(WindowProbe.isPause(pauses), pauses);
        }
        WindowProbe start = new WindowProbe();
        start.gcCounts.put("ZGC Major Cycles", 3L);
        start.gcCounts.put("ZGC Major Pauses", 9L);
        WindowProbe end = new WindowProbe();
        end.gcCounts.put("ZGC Major Cycles", 5L);
        end.gcCounts.put("ZGC Major Pauses", 9L);
        assertEquals(0, end.gcCountSince(start), "two concurrent cycles, no pause: the window holds no GC pause");
        end.gcCounts.put("ZGC Major Pauses", 12L);
        assertEquals(3, end.gcCountSince(start));
    }
}
