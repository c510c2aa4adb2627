package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Reason;
import io.queuelatency.result.Warning;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The words result.json stores for each kind of reason and warning: they are the files' contract, so each is
 * compared whole; and a stored setup warning read back is the kind that says it.
 */
class RunWordsTest {
    @Test
    void eachReasonIsOneLineWithItsNumbers() {
        assertEquals("more than 1024 gaps in the sequence: counts are lower bounds",
                RunWords.text(Reason.gapsOverflowed(1024)));
        assertEquals("the run failed: the disk filled", RunWords.text(Reason.failed("the disk filled")));
        assertEquals("stopped early: 700000 of 1500000 messages sent",
                RunWords.text(Reason.stoppedEarly(700_000, 1_500_000)));
        assertEquals("messages not delivered intact: 5 lost, 1 duplicated, 2 out of order, 3 corrupted",
                RunWords.text(Reason.notIntact(5, 1, 2, 3)));
        assertEquals("rate not held: achieved 97000.0 msg/s, target 100000 (tolerance 1.0%)",
                RunWords.text(Reason.rateNotHeld(97_000, 100_000, 1.0)));
        assertEquals("2 GC(s) in the measured window (11 ms)", RunWords.text(Reason.gcInWindow(2, 11)));
        assertEquals("2 GC(s) in the measured window (11 ms); the run failed: boom",
                RunWords.joinedReasons(Arrays.asList(Reason.gcInWindow(2, 11), Reason.failed("boom"))));
    }

    @Test
    void eachWarningIsOneLineWithItsNumbers() {
        assertEquals("4 latencies above 3600000000000 ns recorded as that maximum",
                RunWords.text(Warning.clampedHigh(4, 3_600_000_000_000L)));
        assertEquals("2 negative latencies (clock went backwards?) recorded as 0",
                RunWords.text(Warning.clampedNegative(2)));
        assertEquals("the producer fell up to 8.538 ms behind its schedule (69467 messages sent late); the "
                + "intended-time latency includes that delay",
                RunWords.text(Warning.producerBehind(8_538_000, 69_467)));
        assertEquals("consumer not pinned to CPU 3: java.lang.UnsatisfiedLinkError: no affinity",
                RunWords.text(Warning.pinFailed("consumer", 3, "java.lang.UnsatisfiedLinkError: no affinity")));
        assertEquals("could not remove the queue directory /dev/shm/q",
                RunWords.text(Warning.queueNotRemoved("/dev/shm/q")));
        assertEquals("there is no /dev/shm: the queue lives in /tmp, which may be a disk",
                RunWords.text(Warning.noDevShm("/tmp")));
        assertEquals("20-byte messages have no room for the actual send time: only the intended latency is measured",
                RunWords.text(Warning.noRoomForSendTime(20, Definition.ACTUAL)));
        assertEquals("28-byte messages have no room for the in-queue send time: the intended and actual latencies are "
                + "measured", RunWords.text(Warning.noRoomForSendTime(28, Definition.IN_QUEUE)));
        assertEquals(SHORT_WARMUP, RunWords.text(Warning.shortWarmup(500_000, 1_048_576, "FAST_DAILY", 12)));
    }

    /** As reports/example's cells store it. */
    private static final String SHORT_WARMUP = "the warm-up (500,000 messages) ends before the queue's first index "
            + "array is full (1,048,576 messages at FAST_DAILY): the window is the first to take Chronicle's path to "
            + "a new index array, and the JIT discards compiled code of both threads there (the tail block's jit: "
            + "line names it); a warm-up of 12 s or more avoids it";

    @Test
    void aStoredSetupWarningIsReadBackAsTheKindWhoseWordsItIs() {
        assertEquals(Warning.shortWarmup(500_000, 1_048_576, "FAST_DAILY", 12), StoredWarnings.read(SHORT_WARMUP));
        assertEquals(Warning.pinFailed("floor producer", 2, "its affinity is {0, 1} after setAffinity"),
                StoredWarnings.read("floor producer not pinned to CPU 2: its affinity is {0, 1} after setAffinity"));
        assertEquals(Warning.noRoomForSendTime(28, Definition.IN_QUEUE), StoredWarnings.read(RunWords.text(
                Warning.noRoomForSendTime(28, Definition.IN_QUEUE))));
        assertEquals(Warning.noDevShm("/var/tmp"),
                StoredWarnings.read("there is no /dev/shm: the queue lives in /var/tmp, which may be a disk"));
        assertEquals(Warning.queueNotRemoved("/dev/shm/q1"),
                StoredWarnings.read("could not remove the queue directory /dev/shm/q1"));
        for (CpuPair.Relation r : new CpuPair.Relation[] {CpuPair.Relation.SMT_SIBLINGS, CpuPair.Relation.ACROSS_L3,
                CpuPair.Relation.ACROSS_SOCKETS}) {
            Warning apart = Warning.cpuPairApart(2, 18, r);
            assertEquals(apart, StoredWarnings.read(RunWords.text(apart)), r.id);
        }
    }

    @Test
    void aLineNoKindSaysStaysTheStoredWordsSoAReportWritesItAsItWas() {
        String older = "the warm-up (500,000 messages) ends before the queue's first index array is full (1,048,576 "
                + "messages at FAST_DAILY): a warm-up of 12 s or more avoids it";
        assertEquals(Warning.stored(older), StoredWarnings.read(older),
                "the form matches, its words are another release's");
        assertEquals(Warning.stored("something a later release warns of"),
                StoredWarnings.read("something a later release warns of"));
        assertEquals("something a later release warns of",
                RunWords.text(StoredWarnings.read("something a later release warns of")));
    }
}
