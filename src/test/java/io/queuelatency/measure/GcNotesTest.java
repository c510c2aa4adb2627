package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.WindowFacts;
import org.junit.jupiter.api.Test;

/** The collectors' own account of their pauses: each collection by its number, the window's by the probes' counts. */
class GcNotesTest {
    @Test
    void theLongestIsOfTheCollectionsBetweenTheTwoCountsOnly() {
        GcNotes notes = GcNotes.listen();
        notes.stop(); // noted by hand below, not by this JVM's collections
        notes.note("PS Scavenge", 5, 30);
        notes.note("PS Scavenge", 6, 7);
        notes.note("PS Scavenge", 7, 2);
        long now = System.currentTimeMillis();
        assertEquals(7, notes.longest("PS Scavenge", 5, 7, now), "the 6th and the 7th, not the 5th");
        assertEquals(30, notes.longest("PS Scavenge", 4, 7, now));
        assertEquals(-1, notes.longest("PS Scavenge", 7, 9, now), "none noted");
        assertEquals(-1, notes.longest("PS MarkSweep", 0, 1, now));
    }

    @Test
    void thisJvmsCollectionsAreNotedWithTheirDurations() {
        GcNotes notes = GcNotes.listen();
        try {
            Thread me = Thread.currentThread();
            WindowProbe before = WindowProbe.take(me, me, 0, 0);
            System.gc();
            WindowProbe after = WindowProbe.take(me, me, 0, 0);
            WindowFacts w = StudyOutcome.jvmWindow(before, after, notes, null);
            assertFalse(w.gcPauses.isEmpty(), w.gcCountByCollector.toString());
            for (WindowFacts.Pauses p : w.gcPauses) {
                assertEquals((long) w.gcCountByCollector.get(p.collector), p.count, p.toString());
                assertTrue(p.longestMs >= 0, "its notification came: " + p);
            }
            assertEquals(w.gcCount, w.pauseTotals()[0]);
        } finally {
            notes.stop();
        }
    }
}
