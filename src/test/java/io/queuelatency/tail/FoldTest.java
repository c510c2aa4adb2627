package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.kernel.KernelEvents;
import io.queuelatency.kernel.KernelSource;
import io.queuelatency.kernel.KernelTrace;
import io.queuelatency.kernel.Names;
import io.queuelatency.measure.Channel.MessageReader;
import io.queuelatency.measure.Channel.MessageWriter;
import io.queuelatency.measure.Channel;
import io.queuelatency.measure.SlowMessages;
import io.queuelatency.measure.StallRecorder;
import io.queuelatency.measure.TailRecorders;
import io.queuelatency.measure.Watcher;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.Why;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The fold as a run drives it: sources ready, the window, seconds, the end; then what it found. */
class FoldTest {
    private static final long MS = 1_000_000;
    private static final long S = 1_000_000_000L;
    /** Why the kernel's events were not read, as the command gives it to the fold. */
    private static final String NOT_TRACED = "the kernel's events were not asked for (test)";

    private final StallRecorder producer = new StallRecorder(5_000, 1 << 10);
    private final StallRecorder consumer = new StallRecorder(5_000, 1 << 10);
    private final SlowMessages slow = new SlowMessages(1 << 10);
    /**
     * The time a fold may spend matching, in these tests: what they check is what matching finds, not that this host
     * matched a thousand messages within a run's 2 s (a busy CI host once matched 256; the budget is tested apart).
     */
    private static final long AS_LONG_AS_IT_TAKES = 600L * 1_000_000_000L;
    private final Histogram window = new Histogram(3_600_000_000_000L, 3);
    private long[] rolls = new long[0];
    private long[] blocks = new long[0];

    @Test
    void eachSlowMessageIsMatchedToWhatOverlappedItsFlight() {
        stall(producer, 10 * MS, 2 * MS);   // the producer's CPU taken away at 10 ms for 2 ms
        stall(consumer, 30 * MS, 3 * MS);   // the consumer's at 30 ms for 3 ms
        stall(producer, 90 * MS + 100_000, 10_000);
        producer.begin(110 * MS);
        producer.readAfterWrite(110 * MS + 500_000); // 500 us spent in a write: a page fault on the mapped file
        body(9_995);
        message(10 * MS, 12 * MS, 12 * MS + 300_000);      // sent late across the producer's stall
        message(29 * MS, 29 * MS, 33 * MS);                // in flight across the consumer's stall
        message(50 * MS, 50 * MS, 51 * MS);                // across the GC pause below
        message(70 * MS, 70 * MS + 200_000, 70 * MS + 900_000); // late, no stall seen
        // nothing found: the producer's 10 us stall is a sliver of it
        message(90 * MS, 90 * MS, 90 * MS + 800_000);
        message(110 * MS, 110 * MS + 500_000, 110 * MS + 600_000); // held up in the write
        List<JvmEvent> events =
                Arrays.asList(new JvmEvent("G1CollectForAllocation", 50 * MS + 100_000, 50 * MS + 900_000, 3_000),
                new JvmEvent("Cleanup", 200 * MS, 200 * MS + 10_000, 1_000));
        Tail tail = run(fold(events, true, null), 150 * MS, 10 * S);

        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertNotNull(p99);
        assertEquals(6, p99.matched, "the six slow messages lie beyond p99 of 10,001");
        assertEquals(p99.samples, p99.matched, "matched = beyond");
        assertEquals(1, p99.count(Tail.Cause.WRITE_STALL));
        assertEquals(1, p99.count(Tail.Cause.PRODUCER_STALL));
        assertEquals(1, p99.count(Tail.Cause.CONSUMER_STALL));
        assertEquals(1, p99.count(Tail.Cause.GC_PAUSE));
        assertEquals(0, p99.count(Tail.Cause.SAFEPOINT), "the Cleanup safepoint came after every flight");
        assertEquals(1, p99.count(Tail.Cause.PRODUCER_LATE));
        assertEquals(1, p99.count(Tail.Cause.NONE));
        assertEquals(1, p99.notJvm, "the late send is not the JVM's; the GC pause is, 'none' is nobody's, and the "
                + "untraced stalls may be the JVM's");
        assertEquals(-1, tail.notJvm(p99), "an untraced run cannot tell what is not the JVM's");
        assertEquals(3, p99.count(Why.NOT_TRACED), "untraced: the three stalls' causes are not known");
        assertEquals(1, p99.count(Why.GC_PAUSE));
        assertEquals(1, tail.operations.size(), "only the window's events: the Cleanup at 200 ms is after it");
        assertEquals(3, tail.producer.count);
        assertEquals(1, tail.producer.writeCount);
        assertEquals(10 * MS, tail.producer.largest.get(0).startAfterWindowStartNs,
                "the largest stall's start, from the window's start");
        assertEquals(TailEvidence.COUNTERS, tail.evidence.level);
        assertTrue(tail.evidence.detail.startsWith(NOT_TRACED + "; ") && tail.evidence.detail.contains("/proc"),
                "why not traced, then where the counters came from: " + tail.evidence.detail);
    }

    @Test
    void lateSendsAfterAStallAreThatStallsNotLateForNoReason() {
        // the producer stopped for 3 ms: the messages due meanwhile go out late, one after another
        stall(producer, 10 * MS, 3 * MS);
        body(200_000);
        long interval = 10_000;
        for (long k = 0; k < 1_000; k++) {
            long intended = 10 * MS + k * interval;
            // catching up 1 us a message: the last 700 were due after the stall had ended
            long written = 13 * MS + k * 9_000;
            message(intended, written, written + 2_000);
        }
        Tail tail = run(fold(Collections.<JvmEvent>emptyList(), true, null), 100 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(p99.samples, p99.matched);
        assertEquals(0, p99.count(Tail.Cause.PRODUCER_LATE), "each late send follows the stall's chain");
        assertEquals(p99.matched, p99.count(Tail.Cause.PRODUCER_STALL));
    }

    @Test
    void aConsumersStallDoesNotExplainTheProducersLateSendsThatFollow() {
        stall(consumer, 10 * MS, 3 * MS); // only the consumer stopped
        body(200_000);
        for (long k = 0; k < 500; k++) {
            // a rate whose interval is not whole: the schedule's gaps are 10,001 or 10,002
            long intended = 10 * MS + k * 10_001;
            long written = intended + 20_000; // each sent 20 us late, for no stall of the producer
            message(intended, written, Math.max(written + 2_000, 13 * MS + k * 100));
        }
        Fold f = new Fold(null, JvmEventFeed.of(Collections.<JvmEvent>emptyList(), true), null, "test")
                .matchingWithin(AS_LONG_AS_IT_TAKES, AS_LONG_AS_IT_TAKES);
        StudyConfig config = config(100 * MS);
        config.settings = Settings.builder().rate(99_990).size(256).warmupNs(0).durationNs(100 * MS).build();
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config));
        f.windowStarts(0);
        f.ended(10 * S);
        Tail.Beyond p99 = f.result(Latency.of(Definition.INTENDED, window), "test", true, null).beyond(Percentile.P99);
        assertEquals(p99.samples, p99.matched);
        assertTrue(p99.count(Tail.Cause.CONSUMER_STALL) > 0);
        assertEquals(p99.matched,
                p99.count(Tail.Cause.CONSUMER_STALL) + p99.count(Tail.Cause.PRODUCER_LATE) + p99.count(Tail.Cause.NONE),
                "the late sends after the consumer's stall are not the consumer's");
        assertTrue(p99.count(Tail.Cause.PRODUCER_LATE) > 0, "late for no stall of the producer");
    }

    @Test
    void aStallLongerThanTheFoldsMemoryKeepsItsSwitchOut() {
        // The consumer (tid 20) is switched out at 1 s and back in at 5 s: folds in between must not forget when it
        // left.
        body(999);
        message(1 * S, 1 * S, 5 * S + 1_000);
        FakeKernel k = new FakeKernel();
        Fold f = fold(Collections.<JvmEvent>emptyList(), true, k);
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config(10 * S)));
        f.windowStarts(0);
        k.events.add(1 * S, 1, KernelEvents.SWITCH, 20, 999, k.name("stress"));
        for (long t = 1 * S; t < 5 * S; t += 200 * MS) {
            k.events.add(t + 100 * MS, 1, KernelEvents.TIMER_ENTRY, 999, 0, -1); // the hog's own ticks meanwhile
            k.events.add(t + 100 * MS + 5_000, 1, KernelEvents.TIMER_EXIT, 999, 0, -1);
        }
        f.second(4 * S); // a fold while the stall goes on (not yet recorded by the thread): the trace has reached 4.9 s
        stall(consumer, 1 * S, 4 * S);
        k.events.add(5 * S, 1, KernelEvents.SWITCH, 999, 20, k.name("consumer"));
        f.ended(10 * S);
        Tail tail = f.result(Latency.of(Definition.INTENDED, window), "test", true, null);
        assertEquals(1, tail.beyond(Percentile.P99).count(Why.PREEMPTED), "named by its switch-out, 4 s before");
        assertEquals(1, tail.consumer.byWhy.get(Why.PREEMPTED).count);
    }

    @Test
    void aStallIsNotNamedBeforeTheKernelsEventsHaveReachedIt() {
        stall(consumer, 30 * MS, 2 * MS);
        body(999);
        message(30 * MS, 30 * MS, 32 * MS + 5_000);
        FakeKernel k = new FakeKernel();
        Fold f = fold(Collections.<JvmEvent>emptyList(), true, k);
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config(100 * MS)));
        f.windowStarts(0);
        k.events.add(10 * MS, 1, KernelEvents.TIMER_ENTRY, 20, 0, -1); // the reader has got this far only
        f.second(1 * S);
        k.events.add(30 * MS, 1, KernelEvents.SWITCH, 20, 999, k.name("stress"));
        k.events.add(32 * MS, 1, KernelEvents.SWITCH, 999, 20, k.name("consumer"));
        f.ended(2 * S);
        Tail tail = f.result(Latency.of(Definition.INTENDED, window), "test", true, null);
        assertEquals(1, tail.beyond(Percentile.P99).count(Why.PREEMPTED),
                "named once its events came, not 'not seen' before");
    }

    @Test
    void aStallAcrossARollOrANewBlockIsTheQueuesAndOneBesideThemIsNot() {
        for (long at : new long[] {20 * MS, 40 * MS, 60 * MS}) {
            producer.begin(at);
            // 800 us in a write: at 20 ms it rolled, at 40 ms it mapped a new block
            producer.readAfterWrite(at + 800_000);
        }
        body(997);
        for (long at : new long[] {20 * MS, 40 * MS, 60 * MS}) {
            message(at, at + 800_000, at + 900_000);
        }
        rolls = new long[] {20 * MS + 800_000};
        blocks = new long[] {40 * MS + 800_000};
        Tail tail = run(fold(Collections.<JvmEvent>emptyList(), true, null), 100 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(3, p99.matched);
        assertEquals(1, p99.count(Tail.Cause.QUEUE_ROLL));
        assertEquals(1, p99.count(Tail.Cause.QUEUE_BLOCK));
        assertEquals(1, p99.count(Tail.Cause.WRITE_STALL), "the ordinary write's stall stays 'in write'");
        assertEquals(1, p99.count(Why.QUEUE_ROLL));
        assertEquals(1, p99.count(Why.QUEUE_BLOCK));
        assertEquals(2, p99.notJvm, "the roll and the block are the queue's; the untraced stall may be the JVM's");
        assertArrayEquals(blocks, tail.newBlocksNs);
    }

    @Test
    void theKernelsEventsNameEachStallAndWhoTookTheCpu() {
        // CPU 1 (the consumer's, tid 20): at 30 ms "stress" (pid 999) runs for 2 ms; at 60 ms the tick; at 80 ms
        // nothing seen.
        stall(consumer, 30 * MS, 2 * MS);
        stall(consumer, 60 * MS, 20_000);
        stall(consumer, 80 * MS, 500_000);
        body(9_997);
        message(30 * MS - 10_000, 30 * MS - 10_000, 32 * MS + 5_000);
        message(60 * MS, 60 * MS, 60 * MS + 30_000);
        message(80 * MS, 80 * MS, 80 * MS + 510_000);
        FakeKernel k = new FakeKernel();
        int stress = k.name("stress");
        k.events.add(30 * MS, 1, KernelEvents.SWITCH, 20, 999, stress);
        k.events.add(32 * MS, 1, KernelEvents.SWITCH, 999, 20, k.name("consumer"));
        k.events.add(60 * MS + 1_000, 1, KernelEvents.TIMER_ENTRY, 20, 0, -1);
        k.events.add(60 * MS + 19_000, 1, KernelEvents.TIMER_EXIT, 20, 0, -1);
        Tail tail = run(fold(Collections.<JvmEvent>emptyList(), true, k), 100 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(3, p99.matched);
        assertEquals(1, p99.count(Why.PREEMPTED));
        assertEquals(1, p99.count(Why.TIMER_TICK));
        assertEquals(1, p99.count(Why.NOT_SEEN));
        assertEquals(Long.valueOf(1), p99.preemptedBy.get("stress"));
        assertEquals(TailEvidence.KERNEL_TRACE, tail.evidence.level);
        assertEquals("stress", tail.evidence.preemptors.get(0).command);
        assertFalse(tail.evidence.preemptors.get(0).jvm);
        assertEquals(3, tail.consumer.byWhy.values().stream().mapToLong(t -> t.count).sum());
        assertTrue(k.stopped, "the trace is stopped at the end");
    }

    @Test
    void aLongWaitInTheKernelWithAShortSafepointInsideIsTheWaitsNotNone() {
        // The producer (tid 10, CPU 0) goes to sleep in the kernel at 10 ms for 400 ms (a lock: the mapping of a cycle
        // file being released); a 5 ms safepoint comes and goes meanwhile. The message it was writing is 400 ms late:
        // "waited".
        stall(producer, 10 * MS, 400 * MS);
        stall(consumer, 600 * MS, 2 * MS);
        body(999);
        message(10 * MS, 410 * MS, 410 * MS + 5_000);
        // a consumer stall at a 2 ms safepoint: the safepoint's, counted once
        message(600 * MS, 600 * MS, 602 * MS + 5_000);
        FakeKernel k = new FakeKernel();
        k.events.add(10 * MS, 0, KernelEvents.SWITCH_SLEEP, 10, 0, k.name("swapper/0"));
        k.events.add(410 * MS, 0, KernelEvents.SWITCH, 0, 10, k.name("producer"));
        k.events.add(600 * MS, 1, KernelEvents.SWITCH_SLEEP, 20, 0, k.name("swapper/1"));
        k.events.add(602 * MS, 1, KernelEvents.SWITCH, 0, 20, k.name("consumer"));
        List<JvmEvent> events = Arrays.asList(new JvmEvent("Cleanup", 200 * MS, 205 * MS, 1_000),
                new JvmEvent("Cleanup", 600 * MS, 602 * MS, 1_000));
        Tail tail = run(fold(events, true, k), 1_000 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(2, p99.matched);
        assertEquals(1, p99.count(Why.WAITED), "the 400 ms wait is the wait's own");
        assertEquals(1, p99.count(Why.SAFEPOINT), "the wait at a safepoint is the safepoint's");
        assertEquals(0, p99.count(Why.NONE));
    }

    @Test
    void aThreadAsleepFromACollectionsStartUntilLongAfterItsStopIsTheCollections() {
        // openjdk-21_g1-run1 of the collectors' example: the consumer, allocating, sets off a young collection and
        // sleeps in the kernel from 80 us before the pause until 9.1 ms later, though the log's stop lasted 2 ms.
        stall(consumer, 100 * MS - 80_000, 9_100_000);
        body(998);
        message(100 * MS - 90_000, 100 * MS - 90_000, 109 * MS);  // in flight across the stop
        message(105 * MS, 105 * MS, 109 * MS + 30_000);            // in flight only after it, the consumer still asleep
        FakeKernel k = new FakeKernel();
        k.events.add(100 * MS - 80_000, 1, KernelEvents.SWITCH_SLEEP, 20, 0, k.name("swapper/1"));
        k.events.add(109 * MS + 20_000, 1, KernelEvents.SWITCH, 0, 20, k.name("consumer"));
        List<JvmEvent> events = Collections.singletonList(
                new JvmEvent("G1CollectForAllocation", 100 * MS, 104 * MS + 500_000, 100_000, 2 * MS));
        Tail tail = run(fold(events, true, k), 200 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(2, p99.matched);
        assertEquals(2, p99.count(Why.GC_PAUSE), "both messages waited on the collection: " + p99.why);
        assertEquals(0, p99.count(Why.WAITED));
        assertEquals(0, p99.notJvm, "none is the host's");
        assertEquals(1, tail.consumer.byWhy.get(Why.GC_PAUSE).count, "the stall is named for the collection");
    }

    @Test
    void aMessageInFlightOnlyWhileTheJvmLeftASafepointIsNotTheSafepoints() {
        body(9_998);
        long at = 200 * MS;
        // openjdk-21-run3's Cleanup (reports/example): 2.35 ms logged, the threads stopped for its first 234 us
        List<JvmEvent> events = Collections.singletonList(new JvmEvent("Cleanup", at, at + 2_352_783, 105_236,
                233_758));
        message(at, at, at + 240_000); // across the stop
        message(at + 500_000, at + 500_000, at + 2_300_000); // within the leaving, the threads running again
        Tail tail = run(fold(events, true, null), 1_000 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(2, p99.matched);
        assertEquals(1, p99.count(Tail.Cause.SAFEPOINT));
        assertEquals(1, p99.count(Tail.Cause.NONE));
        assertEquals(2_352_783, tail.events.get(0).lengthNs);
        assertEquals(233_758, tail.events.get(0).stoppedNs);
        assertEquals(2_352_783, tail.operations.get(0).maxNs, "the operations keep the JVM's own totals");
    }

    @Test
    void whereTheJvmsEventsComeAtTheEndMessagesAreHeldBackUntilThen() {
        stall(producer, 50 * MS, MS);
        stall(consumer, 50 * MS, MS);
        body(999);
        message(50 * MS, 51 * MS, 51 * MS + 5_000);
        List<JvmEvent> events =
                Collections.singletonList(new JvmEvent("G1CollectForAllocation", 50 * MS, 51 * MS, 2_000));
        Fold f = fold(events, false, null); // JDK 8: a flight recording, read at the end
        Tail tail = run(f, 100 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(1, p99.count(Tail.Cause.GC_PAUSE), "matched once the recording was read");
        assertEquals(0, tail.evidence.matchedWithoutJvmEvents);
    }

    @Test
    void aQueueEventIsFoundInAStallByItsTime() {
        long[] events = {100, 200, 300};
        assertTrue(SlowMessageMatcher.contains(events, 150, 200), "at the stall's end");
        assertTrue(SlowMessageMatcher.contains(events, 100, 120), "at its start");
        assertFalse(SlowMessageMatcher.contains(events, 201, 299), "between two");
        assertFalse(SlowMessageMatcher.contains(events, 301, 400), "after the last");
        assertFalse(SlowMessageMatcher.contains(new long[0], 0, 1_000), "none");
    }

    @Test
    void aFoldOutOfTimePassesTheRestOverAndCountsThemNotMatched() {
        stall(producer, 10 * MS, 2 * MS);
        body(100_000);
        for (long k = 0; k < 200; k++) {
            message(10 * MS + k * 10_000, 12 * MS, 12 * MS + 300_000); // the producer's stall delays them all
        }
        Tail tail = run(fold(Collections.<JvmEvent>emptyList(), true, null).matchingWithin(-1, -1), 150 * MS, 10 * S);
        Tail.Beyond p99 = tail.beyond(Percentile.P99);
        assertEquals(200, p99.samples);
        assertEquals(0, p99.matched,
                "no time to match: none matched, none guessed (with time, all are: the first test)");
        assertEquals(200, tail.overwritten, "each passed over is counted as not matched");
    }

    @Test
    void aCauseExplainsASampleWhenItCoversHalfOrWithOthersATenth() {
        assertEquals(1, SlowMessageMatcher.explained(new long[] {500, 0}, 1_000), "half");
        assertEquals(0, SlowMessageMatcher.explained(new long[] {400, 0}, 1_000), "less than half alone");
        assertEquals(3, SlowMessageMatcher.explained(new long[] {300, 200}, 1_000),
                "together half, each a tenth or more");
        assertEquals(1, SlowMessageMatcher.explained(new long[] {450, 90}, 1_000), "the one below a tenth is left out");
    }

    @Test
    void withNoCpuForTheToolNothingIsMatchedInTheWindowUntilItHasEnded() {
        stall(producer, 10 * MS, 2 * MS);
        body(9_998);
        message(10 * MS, 12 * MS, 12 * MS + 300_000);
        message(2 * S, 2 * S, 2 * S + 400_000);
        Fold f = fold(Collections.<JvmEvent>emptyList(), true, null);
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config(5 * S, -1)));
        f.windowStarts(0);
        for (long t = 1 * S; t <= 5 * S; t += S) {
            f.second(t);
            assertEquals(0, f.matchedSoFar(), "only the rings' room is checked in the window, at " + t);
        }
        f.ended(6 * S);
        assertEquals(2, f.matchedSoFar(), "after the window, every one");
        Tail.Beyond p99 = f.result(Latency.of(Definition.INTENDED, window), "test", true, null).beyond(Percentile.P99);
        assertEquals(p99.samples, p99.matched);
        assertEquals(1, p99.count(Tail.Cause.PRODUCER_STALL));
    }

    @Test
    void withACpuOfItsOwnTheFoldMatchesAsTheWindowGoes() {
        stall(producer, 10 * MS, 2 * MS);
        body(9_999);
        message(10 * MS, 12 * MS, 12 * MS + 300_000);
        Fold f = fold(Collections.<JvmEvent>emptyList(), true, null);
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config(5 * S, 2)));
        f.windowStarts(0);
        f.second(1 * S);
        assertEquals(1, f.matchedSoFar(), "folded a second later, on the tool's own CPU");
        f.ended(6 * S);
        assertEquals(1, f.matchedSoFar(), "and not again");
    }

    @Test
    void pastTheHighWaterMarkTheFoldFoldsInTheWindowAndCountsEachMessageOnce() {
        // a ring of 1,024: more than half of it waiting is past the mark
        body(100_000);
        for (long k = 0; k < 600; k++) {
            message(k * MS, k * MS, k * MS + 50_000);
        }
        Fold f = fold(Collections.<JvmEvent>emptyList(), true, null);
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config(5 * S, -1)));
        f.windowStarts(0);
        f.second(1 * S);
        assertEquals(600, f.matchedSoFar(), "past the mark: folded in the window all the same, up to 200 ms ago");
        for (long k = 600; k < 700; k++) {
            message(k * MS, k * MS, k * MS + 50_000);
        }
        f.second(2 * S);
        assertEquals(600, f.matchedSoFar(), "caught up, the fold waits again");
        f.ended(6 * S);
        Tail.Beyond p99 = f.result(Latency.of(Definition.INTENDED, window), "test", true, null).beyond(Percentile.P99);
        assertEquals(700, p99.matched, "each once");
        assertEquals(p99.samples, p99.matched);
    }

    @Test
    void theWarmUpsMessagesAreMatchedForTheJitButNeverCountedInTheWindow() {
        stall(producer, 500 * MS, 2 * MS);
        for (long k = 0; k < 300; k++) {
            slow.offer(500 * MS + k * 10_000, 502 * MS, 502 * MS + 300_000); // the warm-up's, before 1 s
        }
        body(9_999);
        message(1 * S + 10 * MS, 1 * S + 10 * MS, 1 * S + 10 * MS + 400_000); // the window's one, nothing explains it
        Fold f = fold(Collections.<JvmEvent>emptyList(), true, null);
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20, config(5 * S, -1)));
        f.second(900 * MS); // the warm-up's fold: matches its messages into counts of their own
        f.windowStarts(1 * S);
        f.ended(7 * S);
        assertEquals(1, f.matchedSoFar());
        Tail.Beyond p99 = f.result(Latency.of(Definition.INTENDED, window), "test", true, null).beyond(Percentile.P99);
        assertEquals(1, p99.matched);
        assertEquals(0, p99.count(Tail.Cause.PRODUCER_STALL), "not one of the warm-up's 300");
        assertEquals(1, p99.count(Tail.Cause.NONE));
    }

    @Test
    void theKernelsBufferHoldsTheWindowTwiceOverWithinItsBounds() {
        Watcher.Sources s = new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20,
                config(100 * S, -1));
        // 100,000 msg/s of 256 B: 128 KiB/s + 6,250 pages/s of 48 B = 431,072 B/s, for 110 s, twice
        assertEquals(2 * 431_072L * 110 / 1024, KernelFeed.heldBufferKb(s));
    }

    /** A run of the fold over what the recorders hold: window from 0 for {@code durationNs}, one second, the end. */
    private Tail run(Fold f, long windowEndNs, long nowNs) {
        f.ready(new Watcher.Sources(new TailRecorders(producer, consumer, slow), channel(), 10, 20,
                config(windowEndNs)));
        f.windowStarts(0);
        f.second(nowNs / 2);
        f.ended(nowNs);
        return f.result(Latency.of(Definition.INTENDED, window), "test", true, null);
    }

    private Fold fold(List<JvmEvent> events, boolean live, FakeKernel kernel) {
        Fold.Tracer tracer = kernel == null ? null : (cpus, tids, kb) -> new KernelTrace.Start(kernel, null);
        return new Fold(null, JvmEventFeed.of(events, live), tracer, NOT_TRACED)
                .matchingWithin(AS_LONG_AS_IT_TAKES, AS_LONG_AS_IT_TAKES);
    }

    private static StudyConfig config(long durationNs) {
        return config(durationNs, -1);
    }

    /** {@code toolCpu} -1: the tool has no CPU of its own, and the fold waits for the window's end. */
    private static StudyConfig config(long durationNs, int toolCpu) {
        Settings asked = Settings.builder().rate(100_000).size(256).warmupNs(0).durationNs(durationNs).build();
        StudyConfig c = new StudyConfig();
        c.settings = asked;
        c.pinnedConsumerCpu = 1;
        c.cpuChoice = "test";
        c.toolCpu = toolCpu;
        return c;
    }

    private void body(int n) {
        for (int i = 0; i < n; i++) {
            window.recordValue(500); // fast, never kept
        }
    }

    private void message(long intended, long written, long received) {
        slow.offer(intended, written, received);
        window.recordValue(received - intended);
    }

    private static void stall(StallRecorder s, long atNs, long lengthNs) {
        s.begin(atNs);
        s.read(atNs + lengthNs);
    }

    private Channel channel() {
        return new Channel() {
            @Override
            public MessageWriter openWriter() {
                throw new UnsupportedOperationException();
            }

            @Override
            public MessageReader openReader() {
                throw new UnsupportedOperationException();
            }

            @Override
            public String housekeep() {
                return null;
            }

            @Override
            public long[] cycleStarts() {
                return rolls.clone();
            }

            @Override
            public long[] newBlocks() {
                return blocks.clone();
            }

            @Override
            public void close() {
            }
        };
    }

    /** Kernel events handed in by the test. */
    private static final class FakeKernel implements KernelSource {
        final KernelEvents events = new KernelEvents(1 << 10);
        final Names names = new Names();
        boolean stopped;

        @Override
        public KernelEvents events() {
            return events;
        }

        @Override
        public Names names() {
            return names;
        }

        int name(String command) {
            byte[] b = command.getBytes(StandardCharsets.UTF_8);
            return names.intern(b, 0, b.length);
        }

        @Override
        public long lost() {
            return 0;
        }

        @Override
        public String failure() {
            return null;
        }

        @Override
        public int readerTid() {
            return -1;
        }

        @Override
        public String stop() {
            stopped = true;
            return null;
        }
    }
}
