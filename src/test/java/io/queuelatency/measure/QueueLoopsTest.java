package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Definition;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The producer's and consumer's loop bodies over a real Chronicle Queue, driven in lockstep by one test
 * thread with a deterministic clock, so each latency is known exactly.
 */
class QueueLoopsTest {
    private static final long RATE = 100_000; // 10 us apart
    private static final long STEP_NS = 10;   // every clock read takes 10 ns

    @TempDir
    Path dir;
    private SingleChronicleQueue queue;

    @BeforeEach
    void openQueue() {
        queue = SingleChronicleQueueBuilder.binary(dir.toFile()).build();
    }

    @AfterEach
    void closeQueue() {
        queue.close();
    }

    @Test
    void aRollIsTimedByTheProducersFirstWriteIntoTheNewCycle() {
        net.openhft.chronicle.core.time.SetTimeProvider queueTime =
                new net.openhft.chronicle.core.time.SetTimeProvider(0);
        try (SingleChronicleQueue secondly = SingleChronicleQueueBuilder.binary(dir.resolve("secondly").toFile())
                .rollCycle(net.openhft.chronicle.queue.rollcycles.TestRollCycles.TEST_SECONDLY).timeProvider(queueTime)
                .build()) {
            SteppingClock clock = new SteppingClock(0, STEP_NS);
            ChronicleChannel.QueueEvents events = new ChronicleChannel.QueueEvents();
            Channel.MessageWriter writer =
                    ChronicleChannel.writer(secondly.createAppender(), new MessageLayout(256, null), clock, events,
                    ChronicleChannel.WriteMark.NONE, null);
            long[] sent = new long[6];
            for (int i = 0; i < sent.length; i++) {
                if (i == 2 || i == 4) {
                    queueTime.advanceMillis(1_000); // the queue's clock enters the next one-second cycle
                }
                sent[i] = writer.write(i, clock.nanoTime(), clock.nanoTime());
            }
            assertEquals(java.util.Arrays.toString(new long[] {sent[2], sent[4]}),
                    java.util.Arrays.toString(events.rolls()),
                    "two rolls, each at the send time of the first message in its cycle; the first cycle "
                    + "opened the queue, no roll");
            assertEquals(0, events.newBlocks().length, "a few messages fill no block");
        }
    }

    @Test
    void aNewBlockIsTimedByTheProducersFirstWriteIntoIt() {
        long block = 64 << 10;
        try (SingleChronicleQueue small =
                SingleChronicleQueueBuilder.binary(dir.resolve("small").toFile()).blockSize(block).build()) {
            SteppingClock clock = new SteppingClock(0, STEP_NS);
            ChronicleChannel.QueueEvents events = new ChronicleChannel.QueueEvents();
            ChronicleChannel.WriteAddress mark = new ChronicleChannel.WriteAddress(); // as with --pretouch
            Channel.MessageWriter writer = ChronicleChannel.writer(small.createAppender(), new MessageLayout(256, null),
                    clock, events, mark, null);
            java.util.Set<Long> sent = new java.util.HashSet<>();
            // 2,000 x 260 B, about 520 KB: a few blocks of 64 KiB or more (Chronicle sizes its chunks itself)
            int messages = 2_000;
            long lastAddress = 0;
            for (int i = 0; i < messages; i++) {
                sent.add(writer.write(i, clock.nanoTime(), clock.nanoTime()));
                org.junit.jupiter.api.Assertions.assertNotEquals(lastAddress, mark.address.get(),
                        "the pre-toucher's mark moves with every write");
                lastAddress = mark.address.get();
            }
            long[] blocks = events.newBlocks();
            assertTrue(blocks.length >= 3 && blocks.length <= 8,
                    "a new block every 64-128 KiB written: " + java.util.Arrays.toString(blocks));
            for (int i = 0; i < blocks.length; i++) {
                assertTrue(sent.contains(blocks[i]), "each is a message's send time: " + blocks[i]);
                assertTrue(i == 0 || blocks[i] > blocks[i - 1], "in time order");
            }
            assertEquals(0, events.rolls().length, "no roll");
        }
    }

    @Test
    void aProducerStallShowsInTheIntendedTimeLatencyAndNotInTheActualTimeOne() {
        SteppingClock clock = new SteppingClock(0, STEP_NS);
        LatencyRecorder recorder = new LatencyRecorder(0, false);
        MessageLayout layout = new MessageLayout(256, null);
        Producer producer = new Producer(writer(queue.createAppender(), layout, clock),
                new Pacer(clock, 1_000, RATE), 0, 2_000, null);
        Consumer consumer = new Consumer(ChronicleChannel.reader(queue.createTailer(), layout, clock), recorder, 2_000);

        for (long i = 0; i < 2_000; i++) {
            if (i == 1_000) {
                clock.stall(1_000_000); // the producer loses 1 ms before sending message 1000
            }
            producer.sendOne(i);
            assertTrue(consumer.pollOnce());
        }

        Histogram intended = recorder.window(Definition.INTENDED).getIntervalHistogram();
        Histogram actual = recorder.window(Definition.ACTUAL).getIntervalHistogram();
        Histogram inQueue = recorder.window(Definition.IN_QUEUE).getIntervalHistogram();
        assertEquals(2_000, intended.getTotalCount());
        assertTrue(intended.getMaxValue() >= 980_000,
                "the stall began ~10 us before its slot, so it waited ~990 us: " + intended.getMaxValue());
        long delayed = intended.getCountBetweenValues(10_000, Long.MAX_VALUE);
        assertTrue(delayed >= 90 && delayed <= 101, "the stall delays the ~100 messages due in it: " + delayed);
        assertTrue(actual.getMaxValue() < 1_000, "from the actual send, nothing waited: " + actual.getMaxValue());
        assertEquals(2_000, inQueue.getTotalCount());
        assertTrue(inQueue.getMaxValue() < actual.getMaxValue(), "in-queue starts later, inside the write");
        assertTrue(producer.maxLagNs() >= 980_000 && producer.lateSends() >= 90);
        assertEquals(0, consumer.checker().lostAtEnd(2_000));
        assertEquals(0, consumer.corrupted());
    }

    @Test
    void theActualSendTimeIsTheClockReadThatEndedTheWaitAndTheInQueueOneIsReadInsideTheWrite() {
        SteppingClock clock = new SteppingClock(0, STEP_NS);
        MessageLayout layout = new MessageLayout(256, null);
        long start = 1_000;
        Producer producer = new Producer(writer(queue.createAppender(), layout, clock),
                new Pacer(clock, start, RATE), 0, 1, null);
        producer.sendOne(0); // reads 10, 20, ... until 1,000, the slot; then the write reads 1,010 inside
        long[] got = new long[6];
        assertTrue(ChronicleChannel.reader(queue.createTailer(), layout, clock)
                .poll((received, handled, seq, intended, actual, inQueue, intact) -> {
            got[0] = received;
            got[1] = intended;
            got[2] = actual;
            got[3] = inQueue;
            got[4] = intact ? 1 : 0;
            got[5] = handled;
        }));
        assertEquals(start, got[1], "intended: the slot");
        assertEquals(start, got[2], "actual: the read that found the slot due, immediately before the write call");
        assertEquals(start + STEP_NS, got[3], "in-queue: the next read, inside the write, once the body is filled");
        assertEquals(start + 2 * STEP_NS, got[0], "received: the consumer's first read");
        assertEquals(start + 3 * STEP_NS, got[5], "handled: the consumer's next read, once the copy is checked");
        assertEquals(1, got[4]);
    }

    @Test
    void probesTimeTheOpeningTheFillAndTheHandlingEachByOneClockStep() {
        SteppingClock clock = new SteppingClock(0, STEP_NS);
        MessageLayout layout = new MessageLayout(256, null);
        Probes probes = new Probes(0);
        LatencyRecorder recorder = new LatencyRecorder(0, true);
        Producer producer = new Producer(ChronicleChannel.writer(queue.createAppender(), layout, clock,
                new ChronicleChannel.QueueEvents(), ChronicleChannel.WriteMark.NONE, probes),
                new Pacer(clock, 1_000, RATE), 0, 10, null);
        Consumer consumer = new Consumer(ChronicleChannel.reader(queue.createTailer(), layout, clock), recorder, 10);
        consumer.probe(probes);
        for (long i = 0; i < 10; i++) {
            producer.sendOne(i);
            assertTrue(consumer.pollOnce());
        }
        java.util.Map<io.queuelatency.result.Stage, Histogram> stages = probes.window();
        for (io.queuelatency.result.Stage s : stages.keySet()) {
            assertEquals(10, stages.get(s).getTotalCount(), s.id);
            assertEquals(STEP_NS, stages.get(s).getMaxValue(), s.id + ": one clock read after the last");
        }
        assertEquals(3, stages.size(), "open, fill and handle; the hand-off is the in-queue latency");
        Histogram actual = recorder.window(Definition.ACTUAL).getIntervalHistogram();
        assertEquals(3 * STEP_NS, actual.getMaxValue(), "actual: the probe's read, the in-queue read, the receipt");
        assertEquals(10, recorder.window(Definition.HANDLED).getIntervalHistogram().getTotalCount());
    }

    @Test
    void messagesOf24BytesRecordTheActualLatencyAndNoInQueueOne() {
        SteppingClock clock = new SteppingClock(0, STEP_NS);
        LatencyRecorder recorder = new LatencyRecorder(0, false);
        MessageLayout layout = new MessageLayout(24, null);
        Producer producer = new Producer(writer(queue.createAppender(), layout, clock),
                new Pacer(clock, 0, RATE), 0, 100, null);
        Consumer consumer = new Consumer(ChronicleChannel.reader(queue.createTailer(), layout, clock), recorder, 100);
        for (long i = 0; i < 100; i++) {
            producer.sendOne(i);
            consumer.pollOnce();
        }
        assertEquals(100, recorder.window(Definition.ACTUAL).getIntervalHistogram().getTotalCount());
        assertEquals(0, recorder.window(Definition.IN_QUEUE).getIntervalHistogram().getTotalCount());
        assertEquals(0, consumer.corrupted());
    }

    @Test
    void warmUpMessagesStayOutOfTheMeasuredHistograms() {
        SteppingClock clock = new SteppingClock(0, STEP_NS);
        LatencyRecorder recorder = new LatencyRecorder(300, false);
        MessageLayout layout = new MessageLayout(64, null);
        Producer producer = new Producer(writer(queue.createAppender(), layout, clock),
                new Pacer(clock, 0, RATE), 300, 1_000, null);
        Consumer consumer = new Consumer(ChronicleChannel.reader(queue.createTailer(), layout, clock), recorder, 1_000);
        for (long i = 0; i < 1_000; i++) {
            producer.sendOne(i);
            consumer.pollOnce();
        }
        assertEquals(300, recorder.warmup(Definition.INTENDED).getIntervalHistogram().getTotalCount());
        for (Definition d : Definition.of(false)) {
            assertEquals(700, recorder.window(d).getIntervalHistogram().getTotalCount(), d.id);
        }
    }

    @Test
    void theConsumerCatchesDroppedDuplicatedReorderedAndDamagedMessages() {
        MessageLayout layout = new MessageLayout(256, null);
        ExcerptAppender appender = queue.createAppender();
        for (long seq : new long[] {0, 1, 3, 3, 2, 4}) { // 2 late, 3 twice
            write(appender, layout, seq, true);
        }
        write(appender, layout, 5, false); // payload damaged
        SteppingClock clock = new SteppingClock(0, STEP_NS);
        Consumer consumer = new Consumer(ChronicleChannel.reader(queue.createTailer(), layout, clock),
                new LatencyRecorder(0, false), 7);
        while (consumer.pollOnce()) {
            // read all
        }
        SequenceChecker checker = consumer.checker();
        assertEquals(7, checker.received());
        assertEquals(1, checker.duplicated());
        assertEquals(1, checker.outOfOrder());
        assertEquals(1, consumer.corrupted());
        assertEquals(1, checker.lostAtEnd(7), "6 never came");
        assertFalse(consumer.pollOnce());
    }

    private static Channel.MessageWriter writer(ExcerptAppender appender, MessageLayout layout, NanoClock clock) {
        return ChronicleChannel.writer(appender, layout, clock, new ChronicleChannel.QueueEvents(),
                ChronicleChannel.WriteMark.NONE, null);
    }

    private static void write(ExcerptAppender appender, MessageLayout layout, long seq, boolean intact) {
        try (DocumentContext dc = appender.writingDocument()) {
            Bytes<?> bytes = dc.wire().bytes();
            MessageLayoutTest.write(layout, bytes, new long[] {seq, 0, 0, 0}, intact ? seq : seq + 1);
        }
    }
}
