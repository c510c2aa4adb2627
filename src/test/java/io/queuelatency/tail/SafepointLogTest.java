package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
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
    void jdk9To12TheStoppedTotalGivesTheStopEndingAtItsLine() {
        List<JvmEvent> events = SafepointLog.parse(Arrays.asList(
                "[100000ns] Entering safepoint region: RevokeBias",
                "[180000ns] Leaving safepoint region",
                "[180001ns] Total time for which application threads were stopped: 0.0000900 seconds, Stopping threads "
                + "took: 0.0000150 seconds"));
        assertEquals(1, events.size());
        assertEquals("RevokeBias", events.get(0).operation);
        assertEquals(90_001, events.get(0).startNs, "its line's stamp less the 90 us stopped: before the entering");
        assertEquals(180_001, events.get(0).endNs);
        assertEquals(15_000, events.get(0).reachingNs);
        assertEquals(90_000, events.get(0).stoppedNs);
    }

    @Test
    void jdk11sRealLinesGiveTheTimeTheThreadsWereStopped() throws Exception {
        List<JvmEvent> events = SafepointLog.parse(fixture("openjdk-11-run1.log"));
        assertEquals(2, events.size());
        JvmEvent deopt = events.get(0);
        assertEquals("Deoptimize", deopt.operation);
        assertEquals(255_300, deopt.stoppedNs);
        assertEquals(13_314_946_939_237L - 255_300, deopt.startNs);
        assertEquals(13_314_946_939_237L, deopt.endNs);
        assertEquals(13_500, deopt.reachingNs);
        assertEquals(111_200, events.get(1).stoppedNs);
    }

    @Test
    void jdk21sLeavingIsNotTimeTheThreadsWereStopped() throws Exception {
        // openjdk-21-run3 of reports/example: Cleanup safepoints whose leaving took milliseconds on 2 CPUs
        List<JvmEvent> events = SafepointLog.parse(fixture("openjdk-21-run3.log"));
        assertEquals(4, events.size());
        JvmEvent cleanup = events.get(2);
        assertEquals("Cleanup", cleanup.operation);
        assertEquals(14_147_544_040_208L - 2_352_783, cleanup.startNs, "the whole event, as logged");
        assertEquals(14_147_544_040_208L, cleanup.endNs);
        assertEquals(105_236, cleanup.reachingNs);
        assertEquals(2_352_783 - 2_119_025, cleanup.stoppedNs, "total less leaving");
        assertEquals(105_236 + 126_528 + 1_994, cleanup.stoppedNs, "= reaching + cleanup + at safepoint");
        assertEquals(cleanup.startNs + 233_758, cleanup.stoppedEndNs());
        assertEquals(2_464_216 - 2_286_388, events.get(0).stoppedNs);
        assertEquals(166_943 - 22_324, events.get(1).stoppedNs);
        assertEquals(3_284_989 - 3_170_120, events.get(3).stoppedNs);
    }

    @Test
    void jdk25sLinesWithoutCleanupAndWithThreadsAreReadAlike() throws Exception {
        List<JvmEvent> events = SafepointLog.parse(fixture("graalvm-ce-25-run2.log"));
        assertEquals(2, events.size());
        assertEquals("CollectForMetadataAllocation", events.get(0).operation);
        assertEquals(11_924_386, events.get(0).endNs - events.get(0).startNs);
        assertEquals(11_924_386 - 1_622_439, events.get(0).stoppedNs);
        assertEquals(106_532 + 10_195_415, events.get(0).stoppedNs);
        assertEquals(2_475_680 - 13_044, events.get(1).stoppedNs);
    }

    @Test
    void jdk17LogsNoLeavingTheWholeEventStoppedTheThreads() throws Exception {
        List<JvmEvent> events = SafepointLog.parse(fixture("openjdk-17-run1.log"));
        assertEquals(1, events.size());
        assertEquals(18_649_092, events.get(0).endNs - events.get(0).startNs);
        assertEquals(18_649_092, events.get(0).stoppedNs);
    }

    @Test
    void aLiveReaderSeesTheEventCompletedByItsLaterLine() throws Exception {
        SafepointLog.Reader r = new SafepointLog.Reader();
        List<String> lines = fixture("openjdk-11-run1.log");
        for (String line : lines.subList(0, 3)) {
            r.line(line);
        }
        assertEquals(1, r.events.size());
        int changes = r.changes;
        r.line(lines.get(3));
        assertEquals(1, r.events.size());
        assertTrue(r.changes > changes, "the feed re-reads the spans when an event changed in place");
        assertEquals(255_300, r.events.get(0).stoppedNs);
    }

    @Test
    void theSpansTheFoldMatchesAgainstEndWhenTheThreadsWereReleased() throws Exception {
        JvmEvent cleanup = SafepointLog.parse(fixture("openjdk-21-run3.log")).get(2);
        JvmSpans spans = new JvmSpans();
        spans.set(Arrays.asList(cleanup));
        long start = cleanup.startNs;
        assertEquals(233_758, spans.overlap(start, start + 1_000_000, false), "only the stop");
        assertEquals(0, spans.overlap(start + 300_000, cleanup.endNs, false), "the leaving stopped no thread");
    }

    private static List<String> fixture(String name) throws Exception {
        return Files.readAllLines(Paths.get("src/test/resources/safepoints", name), StandardCharsets.UTF_8);
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
