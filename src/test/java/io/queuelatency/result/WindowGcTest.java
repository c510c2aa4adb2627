package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * A GC pause in the window, judged by the rule the stored facts give: with a workload that allocates (it says so, or
 * its threads were seen to) the pause is latency and the run says which rule applied; without one it is a reason the
 * run is not valid, as it always was.
 */
class WindowGcTest {
    /** 1,000,000 measured messages (RunResultBuilder's window), 3 pauses of 12 ms in all. */
    private static RunResultBuilder gcInWindow() {
        RunResultBuilder b = new RunResultBuilder();
        b.gcCount = 3;
        b.gcTimeMs = 12;
        b.gcPauses.add(new WindowFacts.Pauses("G1 Young Generation", 3, 12, 6));
        return b;
    }

    @Test
    void aWorkloadThatSaysItAllocatesHasItsPausesCountedAsLatencyAndTheRunSaysSo() {
        RunResultBuilder b = gcInWindow();
        b.workload = "com.example.Garbage";
        b.workloadAllocates = true;
        RunResult r = b.build();
        assertTrue(r.valid(), r.validity.invalidReasons.toString());
        assertEquals(WindowGc.Applied.DECLARED, r.validity.gc.rule);
        assertEquals(Collections.singletonList(new Warning.GcCounted(3, 12, -1)),
                r.validity.warnings(Warning.Concern.GC_COUNTED));
        assertTrue(((Warning.GcCounted) r.validity.warnings(Warning.Concern.GC_COUNTED).get(0)).declared());
    }

    @Test
    void aWorkloadSeenToAllocateAboveTheThresholdHasItsPausesCountedWithItsBytesPerMessage() {
        RunResultBuilder b = gcInWindow();
        b.workload = "com.example.Quiet";
        b.workloadAllocates = false;
        b.producerAllocatedBytes = 700_000_000; // 700 B a message
        b.consumerAllocatedBytes = 300_000_000; // and 300
        RunResult r = b.build();
        assertTrue(r.valid(), r.validity.invalidReasons.toString());
        assertEquals(WindowGc.Applied.SEEN, r.validity.gc.rule);
        assertEquals(1_000, r.validity.gc.bytesPerMessage);
        assertEquals(Collections.singletonList(new Warning.GcCounted(3, 12, 1_000)),
                r.validity.warnings(Warning.Concern.GC_COUNTED));
    }

    @Test
    void aWorkloadAtTheThresholdOrUnseenIsNotAllocatingAndAPauseStillInvalidates() {
        RunResultBuilder at = gcInWindow();
        at.workload = "com.example.Quiet";
        at.workloadAllocates = false;
        at.producerAllocatedBytes = WindowGc.SEEN_BYTES_PER_MESSAGE * 1_000_000;
        RunResult r = at.build();
        assertEquals(WindowGc.SEEN_BYTES_PER_MESSAGE, r.validity.gc.bytesPerMessage);
        assertEquals(WindowGc.Applied.INVALIDATES, r.validity.gc.rule);
        assertEquals(Collections.singletonList(new Reason.GcInWindow(3, 12)), r.validity.invalidReasons);

        RunResultBuilder unknown = gcInWindow();
        unknown.workload = "com.example.Quiet";
        unknown.producerAllocatedBytes = -1;
        RunResult u = unknown.build();
        assertEquals(-1, u.validity.gc.bytesPerMessage, "neither thread's allocation counted");
        assertFalse(u.valid());
    }

    @Test
    void withoutAWorkloadNothingChangesHoweverMuchTheThreadsAllocated() {
        RunResultBuilder b = gcInWindow();
        b.producerAllocatedBytes = 5_000_000_000L;
        RunResult r = b.build();
        assertEquals(WindowGc.Applied.INVALIDATES, r.validity.gc.rule);
        assertEquals(Collections.singletonList(new Reason.GcInWindow(3, 12)), r.validity.invalidReasons);
        assertTrue(r.validity.warnings(Warning.Concern.GC_COUNTED).isEmpty());
    }

    @Test
    void anAllocatingWorkloadWithNoPauseInTheWindowIsValidWithNothingToSay() {
        RunResultBuilder b = new RunResultBuilder();
        b.workload = "com.example.Garbage";
        b.workloadAllocates = true;
        RunResult r = b.build();
        assertTrue(r.valid());
        assertEquals(WindowGc.Applied.DECLARED, r.validity.gc.rule);
        assertTrue(r.validity.warnings.isEmpty(), r.validity.warnings.toString());
    }

    @Test
    void otherRulesStillApplyToAnAllocatingWorkload() {
        RunResultBuilder b = gcInWindow();
        b.workload = "com.example.Garbage";
        b.workloadAllocates = true;
        b.achieved = 90_000;
        RunResult r = b.build();
        assertEquals(Collections.singletonList(new Reason.RateNotHeld(90_000, 100_000, 1.0, -1)),
                r.validity.invalidReasons);
    }

    @Test
    void bytesPerMessageTakeWhicheverThreadWasCounted() {
        assertEquals(100, WindowGc.perMessage(-1, 1_000, 10));
        assertEquals(100, WindowGc.perMessage(1_000, -1, 10));
        assertEquals(-1, WindowGc.perMessage(-1, -1, 10));
        assertEquals(-1, WindowGc.perMessage(1_000, 1_000, 0));
    }

    @Test
    void theWindowsPausesAddUpAcrossCollectorsWithTheLongestOfAll() {
        RunResultBuilder b = gcInWindow();
        b.gcPauses.add(new WindowFacts.Pauses("G1 Concurrent GC", 1, 2, 2));
        b.gcPauses.add(new WindowFacts.Pauses("G1 Old Generation", 1, 40, -1));
        long[] totals = b.build().window.pauseTotals();
        assertEquals(5, totals[0]);
        assertEquals(54, totals[1]);
        assertEquals(6, totals[2], "the longest told; a collector whose notifications did not come says nothing");
    }
}
