package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured JVM's side of the producer's JVM (--topology processes), against shell scripts that say its lines:
 * ready with its thread's id, the start it is given, its counts read back, and a JVM that ends without them.
 */
@Timeout(30)
class RemoteProducerTest {
    @TempDir
    Path tmp;

    private RemoteProducer script(String sh) {
        return new RemoteProducer(Arrays.asList("sh", "-c", sh), tmp.resolve("producer.log"),
                io.queuelatency.launch.MeasuredJvm::pidOf);
    }

    @Test
    void theCountsLineReadsBackAsWritten() {
        Map<String, Long> by = new LinkedHashMap<>();
        by.put("G1 Young Generation", 2L);
        by.put("ZGC Cycles", 1L);
        SentCounts c = new SentCounts(300_000, 1_000, 2_000, 8_060_000, 34_339,
                new SentCounts.ProducerWindow(2, 11, 776, by, new long[] {5_000, 6_000}, new long[0]));
        SentCounts back = SentCounts.parse(c.line());
        assertEquals(Arrays.asList(300_000L, 1_000L, 2_000L, 8_060_000L, 34_339L, 2L, 11L, 776L), Arrays.asList(
                back.sent, back.windowStartNs, back.lastMeasuredSendNs, back.maxLagNs, back.lateSends,
                back.window.gcPauses, back.window.gcTimeMs, back.window.allocatedBytes));
        assertEquals(by, back.window.byCollector);
        assertArrayEquals(new long[] {5_000, 6_000}, back.window.rolls);
        assertArrayEquals(new long[0], back.window.newBlocks);
        assertNull(SentCounts.parse("end\t1\t2"), "too few");
        assertNull(SentCounts.parse(c.line().replace("\t2000\t", "\tx\t")), "not a number");
        assertNull(SentCounts.parse("ready 12"));
    }

    @Test
    void itIsReadyWithItsThreadsIdIsGivenTheStartAndEndsWithItsCounts() throws Exception {
        Path heard = tmp.resolve("heard");
        String end = new SentCounts(10, 1, 2, 3, 4, new SentCounts.ProducerWindow(0, 0, -1,
                Collections.emptyMap(), new long[] {7}, new long[0])).line();
        RemoteProducer r = script("echo a library speaks; echo 'ready 4242 no affinity here'; read go; "
                + "echo \"$go\" > " + heard + "; printf '" + end.replace("\t", "\\t") + "\\n'; read exit; "
                + "echo \"$exit\" >> " + heard);
        assertEquals(Integer.valueOf(4242), r.start());
        assertEquals("no affinity here", r.pinFailure);
        r.go(123_456_789L);
        SentCounts counts = r.awaitEnd();
        assertEquals(10, counts.sent);
        assertEquals(4, counts.lateSends);
        assertArrayEquals(new long[] {7}, RemoteProducer.queueChanges(() -> counts.window).cycleStarts(),
                "the tail's rolls are the producer's JVM's");
        assertArrayEquals(new long[0], RemoteProducer.queueChanges(() -> null).newBlocks(), "none yet");
        r.close();
        r.close();
        List<String> lines = Files.readAllLines(heard, StandardCharsets.UTF_8);
        assertEquals(Arrays.asList(ProducerSide.GO + " 123456789", ProducerSide.EXIT), lines);
    }

    @Test
    void aJvmThatEndsWithoutItsCountsSaysItsPidExitCodeAndLastWords() throws Exception {
        RemoteProducer r = script("echo 'ready 7'; read go; echo 'its last words' >&2; exit 3");
        assertEquals(Integer.valueOf(7), r.start());
        r.go(1);
        assertNull(r.awaitEnd());
        String why = r.whyEnded();
        assertFalse(why.contains("\n"), why);
        assertEquals(Arrays.asList((int) r.pid(), 3), Lines.numbers(why));
        assertTrue(why.endsWith(": its last words"), why);
        r.close();
        RemoteProducer failed = script("echo 'failed IOException: no queue'; read exit");
        assertNull(failed.start(), "a failure before it was ready");
        assertTrue(failed.whyEnded().endsWith(": IOException: no queue"), failed.whyEnded());
        failed.close();
    }

    @Test
    void closedBeforeItStartedItNeverStarts() throws Exception {
        RemoteProducer r = script("echo 'ready 1'");
        r.close();
        assertNull(r.start());
        assertEquals(-1, r.pid());
    }
}
