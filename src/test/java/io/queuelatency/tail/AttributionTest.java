package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.queuelatency.measure.SlowMessages;
import io.queuelatency.measure.StallRecorder;
import io.queuelatency.measure.StudyOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import java.util.Arrays;
import java.util.Collections;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class AttributionTest {
    private static final long MS = 1_000_000;

    @Test
    void eachSlowMessageIsMatchedToWhatOverlappedItsFlight() {
        StallRecorder producer = new StallRecorder(5_000, 16);
        StallRecorder consumer = new StallRecorder(5_000, 16);
        stall(producer, 10 * MS, 2 * MS);   // the producer's CPU taken away at 10 ms for 2 ms
        stall(consumer, 30 * MS, 3 * MS);   // the consumer's at 30 ms for 3 ms
        stall(producer, 90 * MS + 100_000, 10_000);
        producer.begin(110 * MS);
        producer.readAfterWrite(110 * MS + 500_000); // 500 us spent in a write: a page fault on the mapped file
        SlowMessages slow = new SlowMessages(128);
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (long i = 0; i < 9_995; i++) {
            h.recordValue(500); // the body: fast, never kept
        }
        slow.offer(10 * MS, 12 * MS, 12 * MS + 300_000);      // sent late across the producer's stall
        slow.offer(29 * MS, 29 * MS, 33 * MS);                // in flight across the consumer's stall
        slow.offer(50 * MS, 50 * MS, 51 * MS);                // across the GC pause below
        slow.offer(70 * MS, 70 * MS + 200_000, 70 * MS + 900_000); // late, no stall seen
        slow.offer(90 * MS, 90 * MS, 90 * MS + 800_000);      // nothing found: the producer's 10 us stall is a sliver of it
        slow.offer(110 * MS, 110 * MS + 500_000, 110 * MS + 600_000); // held up in the write
        for (long latency : new long[] {2_300_000, 4_000_000, 1_000_000, 900_000, 800_000, 600_000}) {
            h.recordValue(latency);
        }
        StudyOutcome.Tail t = new StudyOutcome.Tail(0, 10_000, producer, consumer, slow, new long[0], new long[0]);
        Tail tail = Attribution.of(t, Latency.of(Definition.INTENDED, h),
                Arrays.asList(new JvmEvent("G1CollectForAllocation", 50 * MS + 100_000, 50 * MS + 900_000, 3_000),
                        new JvmEvent("Cleanup", 200 * MS, 200 * MS + 10_000, 1_000)),
                "test", true, 150 * MS);

        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertNotNull(p99);
        assertEquals(6, p99.matched, "the six slow messages lie beyond p99 of 10,001");
        assertEquals(1, p99.count(Tail.Cause.WRITE_STALL));
        assertEquals(1, p99.count(Tail.Cause.PRODUCER_STALL));
        assertEquals(1, p99.count(Tail.Cause.CONSUMER_STALL));
        assertEquals(1, p99.count(Tail.Cause.GC_PAUSE));
        assertEquals(0, p99.count(Tail.Cause.SAFEPOINT), "the Cleanup safepoint came after every flight");
        assertEquals(1, p99.count(Tail.Cause.PRODUCER_LATE));
        assertEquals(1, p99.count(Tail.Cause.NONE));
        assertEquals(0, p99.count(Tail.Cause.QUEUE_ROLL), "no cycle started in the window");
        assertEquals(4, p99.notJvm, "the stalls and the late send are not the JVM's; the GC pause is, and 'none' is nobody's");
        assertEquals(1, tail.operations.size(), "only the window's events: the Cleanup at 200 ms is after it");
        assertEquals(3, tail.producer.count);
        assertEquals(1, tail.producer.writeCount);
        assertEquals(10 * MS, tail.producer.largest.get(0).startAfterWindowStartNs, "the largest stall's start, from the window's start");
    }

    @Test
    void withoutJvmEventsNoSafepointIsNamedAndTheStallsStillAre() {
        StallRecorder producer = new StallRecorder(5_000, 4);
        StallRecorder consumer = new StallRecorder(5_000, 4);
        stall(consumer, 5 * MS, MS);
        SlowMessages slow = new SlowMessages(16);
        slow.offer(5 * MS, 5 * MS, 6 * MS);
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < 999; i++) {
            h.recordValue(400);
        }
        h.recordValue(MS);
        Tail tail = Attribution.of(new StudyOutcome.Tail(0, 10_000, producer, consumer, slow, new long[0], new long[0]), Latency.of(Definition.INTENDED, h),
                Collections.<JvmEvent>emptyList(), "not recorded: JDK 8", false, 10 * MS);
        assertEquals(1, tail.beyond(Percentile.P99).count(Tail.Cause.CONSUMER_STALL));
        assertEquals(0, tail.beyond(Percentile.P99).count(Tail.Cause.SAFEPOINT));
    }

    @Test
    void aStallAcrossARollOrANewBlockIsTheQueuesAndOneBesideThemIsNot() {
        StallRecorder producer = new StallRecorder(5_000, 8);
        StallRecorder consumer = new StallRecorder(5_000, 8);
        for (long at : new long[] {20 * MS, 40 * MS, 60 * MS}) {
            producer.begin(at);
            producer.readAfterWrite(at + 800_000); // 800 us in a write: at 20 ms it rolled, at 40 ms it mapped a new block
        }
        SlowMessages slow = new SlowMessages(16);
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < 997; i++) {
            h.recordValue(400);
        }
        for (long at : new long[] {20 * MS, 40 * MS, 60 * MS}) {
            slow.offer(at, at + 800_000, at + 900_000);
            h.recordValue(900_000);
        }
        // each timed by the write's own send time, which returned once the roll or the mapping was done
        long[] rolls = {20 * MS + 800_000};
        long[] newBlocks = {40 * MS + 800_000};
        Tail tail = Attribution.of(new StudyOutcome.Tail(0, 10_000, producer, consumer, slow, rolls, newBlocks),
                Latency.of(Definition.INTENDED, h), Collections.<JvmEvent>emptyList(), "test", true, 100 * MS);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(3, p99.matched);
        assertEquals(1, p99.count(Tail.Cause.QUEUE_ROLL));
        assertEquals(1, p99.count(Tail.Cause.QUEUE_BLOCK));
        assertEquals(1, p99.count(Tail.Cause.WRITE_STALL), "the ordinary write's stall stays 'in write'");
        assertEquals(3, p99.notJvm);
        assertArrayEquals(newBlocks, tail.newBlocksNs);
    }

    @Test
    void aQueueEventIsFoundInAStallByItsTime() {
        long[] events = {100, 200, 300};
        assertTrue(Attribution.contains(events, 150, 200), "at the stall's end");
        assertTrue(Attribution.contains(events, 100, 120), "at its start");
        assertFalse(Attribution.contains(events, 201, 299), "between two");
        assertFalse(Attribution.contains(events, 301, 400), "after the last");
        assertFalse(Attribution.contains(new long[0], 0, 1_000), "none");
    }

        private static void stall(StallRecorder s, long atNs, long lengthNs) {
        s.begin(atNs);
        s.read(atNs + lengthNs);
    }
}
