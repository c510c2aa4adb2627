package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Reason;
import io.queuelatency.result.Warning;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The words result.json stores for each kind of reason and warning: one line naming the kind's values, and read back
 * as the kind that says it (the committed examples, rebuilt byte for byte, hold the words themselves).
 */
class RunWordsTest {
    @Test
    void eachReasonIsOneLineWithItsNumbers() {
        names(RunWords.text(new Reason.GapsOverflowed(1024)), "1024");
        names(RunWords.text(new Reason.RunFailed("the disk filled")), ": the disk filled");
        names(RunWords.text(new Reason.StoppedEarly(700_000, 1_500_000)), " 700000 ", " 1500000 ");
        assertEquals(Arrays.asList(5, 1, 2, 3), Lines.numbers(RunWords.text(new Reason.NotIntact(5, 1, 2, 3))),
                "lost, duplicated, out of order, corrupted");
        names(RunWords.text(new Reason.RateNotHeld(97_000, 100_000, 1.0, -1)), " 97000.0 ", " 100000 ", "1.0%");
        assertEquals(Arrays.asList(9_800, 100_000, 3_593),
                Lines.numbers(RunWords.brief(new Reason.RateNotHeld(9_800, 100_000, 1.0, 3_593)).replace(",", "")),
                "handled, target, never read");
        assertEquals(Arrays.asList(2, 11), Lines.numbers(RunWords.text(new Reason.GcInWindow(2, 11))), "GCs, ms");
        assertEquals(RunWords.text(new Reason.GcInWindow(2, 11)) + "; " + RunWords.text(new Reason.RunFailed("boom")),
                RunWords.joinedReasons(Arrays.asList(new Reason.GcInWindow(2, 11), new Reason.RunFailed("boom"))));
    }

    @Test
    void eachWarningIsOneLineWithItsNumbersAndIsReadBackAsItsKind() {
        names(RunWords.text(new Warning.ClampedHigh(4, 3_600_000_000_000L)), "4 ", " 3600000000000 ns ");
        assertEquals(Arrays.asList(2, 0), Lines.numbers(RunWords.text(new Warning.ClampedNegative(2))),
                "how many, as 0");
        names(RunWords.text(new Warning.ProducerBehind(8_538_000, 69_467)), " 8.538 ms ", "(69467 ");
        for (Warning w : new Warning[] {
            new Warning.PinFailed("consumer", 3, "java.lang.UnsatisfiedLinkError: no affinity"),
            new Warning.QueueNotRemoved("/dev/shm/q"), new Warning.NoDevShm("/tmp"),
            new Warning.NoRoomForSendTime(20, Definition.ACTUAL),
            new Warning.NoRoomForSendTime(28, Definition.IN_QUEUE),
            new Warning.ShortWarmup(500_000, 1_048_576, "FAST_DAILY", 12), new Warning.ProducerStallsElsewhere()}) {
            assertEquals(w, StoredWarnings.read(RunWords.text(w)), RunWords.text(w));
        }
        names(RunWords.text(new Warning.PinFailed("consumer", 3, "java.lang.UnsatisfiedLinkError: no affinity")),
                "consumer ", " 3: java.lang.UnsatisfiedLinkError: no affinity");
        names(RunWords.text(new Warning.NoDevShm("/tmp")), "/dev/shm", " /tmp");
        names(RunWords.text(new Warning.NoRoomForSendTime(28, Definition.IN_QUEUE)), "28-byte ",
                DefinitionWords.label(Definition.IN_QUEUE));
        names(RunWords.text(new Warning.ShortWarmup(500_000, 1_048_576, "FAST_DAILY", 12)), "(500,000 ", "(1,048,576 ",
                " FAST_DAILY)", " 12 s ");
    }

    /** {@code text} is one line naming each of {@code values}. */
    private static void names(String text, String... values) {
        assertFalse(text.contains("\n"), text);
        for (String v : values) {
            assertTrue(text.contains(v), v + " in " + text);
        }
    }

    /** As reports/example's cells store it. */
    private static final String SHORT_WARMUP = "the warm-up (500,000 messages) ends before the queue's first index "
            + "array is full (1,048,576 messages at FAST_DAILY): the window is the first to take Chronicle's path to "
            + "a new index array, and the JIT discards compiled code of both threads there (the tail block's jit: "
            + "line names it); a warm-up of 12 s or more avoids it";

    @Test
    void aStoredSetupWarningIsReadBackAsTheKindWhoseWordsItIs() {
        assertEquals(new Warning.ShortWarmup(500_000, 1_048_576, "FAST_DAILY", 12), StoredWarnings.read(SHORT_WARMUP));
        assertEquals(new Warning.PinFailed("floor producer", 2, "its affinity is {0, 1} after setAffinity"),
                StoredWarnings.read("floor producer not pinned to CPU 2: its affinity is {0, 1} after setAffinity"));
        assertEquals(new Warning.NoRoomForSendTime(28, Definition.IN_QUEUE), StoredWarnings.read(RunWords.text(
                new Warning.NoRoomForSendTime(28, Definition.IN_QUEUE))));
        assertEquals(new Warning.NoDevShm("/var/tmp"),
                StoredWarnings.read("there is no /dev/shm: the queue lives in /var/tmp, which may be a disk"));
        assertEquals(new Warning.QueueNotRemoved("/dev/shm/q1"),
                StoredWarnings.read("could not remove the queue directory /dev/shm/q1"));
        for (CpuPair.Relation r : new CpuPair.Relation[] {CpuPair.Relation.SMT_SIBLINGS, CpuPair.Relation.ACROSS_L3,
                CpuPair.Relation.ACROSS_SOCKETS}) {
            Warning apart = new Warning.CpuPairApart(2, 18, r);
            assertEquals(apart, StoredWarnings.read(RunWords.text(apart)), r.id);
        }
    }

    @Test
    void aLineNoKindSaysStaysTheStoredWordsSoAReportWritesItAsItWas() {
        String older = "the warm-up (500,000 messages) ends before the queue's first index array is full (1,048,576 "
                + "messages at FAST_DAILY): a warm-up of 12 s or more avoids it";
        assertEquals(new Warning.StoredWarning(older), StoredWarnings.read(older),
                "the form matches, its words are another release's");
        assertEquals(new Warning.StoredWarning("something a later release warns of"),
                StoredWarnings.read("something a later release warns of"));
        String later = "something a later release warns of";
        assertEquals(later, RunWords.text(StoredWarnings.read(later)), "written back as it was read");
    }
}
