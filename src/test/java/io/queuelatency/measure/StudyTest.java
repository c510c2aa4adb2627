package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.store.IntervalLog;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitoring loop's every exit path, driven by a fake clock that the monitor's pause alone moves on, once the
 * threads have caught up with it, over a fake channel in memory: the run ends, and says why, on every path.
 * 1,000 msg/s, 1 s of warm-up and 2 s measured: 3,000 messages.
 */
@Timeout(60)
class StudyTest {
    private static final long RATE = 1_000;
    private static final long TOTAL = 3_000;

    @TempDir
    Path tmp;

    private final FakeClock clock = new FakeClock();
    private final FakePause pause = new FakePause(clock);
    private Study study;

    @Test
    void aRunEndsWhenTheConsumerHasEveryMessage() throws Exception {
        StudyOutcome o = run(new FakeChannel(clock));
        assertEquals("COMPLETE", o.ending);
        assertNull(o.failure);
        assertFalse(o.stoppedEarly);
        assertEquals(TOTAL, o.messages.sent);
        assertEquals(TOTAL, o.messages.received);
        assertEquals(0, o.messages.lost);
        for (io.queuelatency.result.Definition d : io.queuelatency.result.Definition.of(false)) {
            assertEquals(2_000, o.histograms.get(d).getTotalCount(), "the measured window's messages only: " + d.id);
        }
    }

    private static final String PROBLEM = "the queue's filesystem is nearly full";

    /** The failure is one line naming the thread and what stopped it (its exception, or how long it waited). */
    private static void assertNamed(String failure, String thread, String what) {
        assertTrue(failure.contains(thread) && failure.contains(what) && !failure.contains("\n"),
                thread + ", " + what + ": " + failure);
    }

    @Test
    void aProducerThatThrowsEndsTheRunAtOnceAndNamesTheThreadAndTheError() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        channel.onWrite = seq -> {
            if (seq == 1_500) {
                throw new IllegalStateException("No space left on device");
            }
        };
        StudyOutcome o = run(channel);
        assertEquals("FAILED", o.ending);
        assertNamed(o.failure, "producer", "IllegalStateException: No space left on device");
        assertEquals(1_500, o.messages.sent, "its counts up to the failure are kept");
    }

    @Test
    void aConsumerThatDiesBeforeItStartsEndsTheRun() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        channel.readerFails = true;
        StudyOutcome o = run(channel);
        assertEquals("FAILED", o.ending);
        assertNamed(o.failure, "consumer", "IllegalStateException: no tailer");
    }

    @Test
    void aConsumerThatNeverSeesAMessageFailsAfterFiveSecondsWithoutOne() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        channel.deliver = false;
        StudyOutcome o = run(channel, 20_000_000_000L); // sending for longer than 5 s
        assertEquals("FAILED", o.ending);
        assertNamed(o.failure, "consumer", " 5 s ");
        assertEquals(0, o.messages.received);
    }

    @Test
    void aFillingDiskReportedByTheChannelStopsTheRunWithItsMessage() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        channel.onWrite = seq -> {
            if (seq == 1_200) {
                channel.problem = PROBLEM;
            }
        };
        StudyOutcome o = run(channel, 20_000_000_000L);
        assertEquals("FAILED", o.ending);
        assertEquals(PROBLEM, o.failure, "the channel's own line");
        assertTrue(o.messages.sent < 21_000, "stopped before the end: " + o.messages.sent);
    }

    @Test
    void aStuckThreadIsGivenUpOnAndTheRunEnds() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        CountDownLatch never = new CountDownLatch(1);
        channel.onWrite = seq -> {
            if (seq == 100) {
                try {
                    never.await(); // a write that never returns
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        StudyOutcome o = run(channel);
        assertEquals("STUCK", o.ending);
        assertNamed(o.failure, "consumer", " 5 s ");
        assertEquals(0, o.messages.sent, "a producer that never stopped has no counts to trust");
    }

    @Test
    void whatHasNotArrivedTwoSecondsAfterTheLastSendIsLostAndTheRunEndsDrained() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        channel.onWrite = seq -> {
            if (seq == TOTAL - 1) {
                channel.deliver = false; // the last message never arrives
            }
        };
        StudyOutcome o = run(channel);
        assertEquals("DRAINED", o.ending);
        assertNull(o.failure);
        assertEquals(TOTAL, o.messages.sent);
        assertEquals(1, o.messages.unread, "never reached; lost, as the consumer kept the rate (Validity)");
        assertEquals(0, o.messages.lost, "no gap");
    }

    @Test
    void aStopBeforeTheStudyStartsRunsNothing() {
        study = new Study(config(), clock, pause, (role, cpu) -> null);
        study.requestStop();
        assertThrows(InterruptedException.class, () -> study.run(new FakeChannel(clock), null, quiet()));
    }

    @Test
    void aStopWhileTheThreadsStartEndsTheRun() throws Exception {
        FakeChannel channel = new FakeChannel(clock);
        channel.onOpen = () -> study.requestStop();
        StudyOutcome o = run(channel);
        assertEquals("STOPPED", o.ending);
        assertNull(o.failure);
        assertTrue(o.stoppedEarly);
        assertEquals(0, o.messages.sent);
    }

    @Test
    void aStopInTheWarmUpOrTheWindowEndsTheRunAsStoppedEarly() throws Exception {
        for (long at : new long[] {500, 2_000}) {
            FakeChannel channel = new FakeChannel(clock);
            channel.onWrite = seq -> {
                if (seq == at) {
                    study.requestStop();
                }
            };
            StudyOutcome o = run(channel);
            assertEquals("STOPPED", o.ending, "at " + at);
            assertNull(o.failure, "at " + at);
            assertTrue(o.stoppedEarly, "at " + at);
            assertTrue(o.messages.sent <= at + 1 && o.messages.sent >= at, "at " + at + ": " + o.messages.sent);
        }
    }

    private StudyOutcome run(FakeChannel channel) throws Exception {
        return run(channel, 2_000_000_000L);
    }

    private StudyOutcome run(FakeChannel channel, long durationNs) throws Exception {
        study = new Study(config(durationNs), clock, pause, (role, cpu) -> null);
        try (IntervalLog log = new IntervalLog(tmp.resolve("latency-" + System.nanoTime() + ".hlog"), 0, "test")) {
            return study.run(channel, log, quiet());
        }
    }

    private static StudyConfig config() {
        return config(2_000_000_000L);
    }

    private static StudyConfig config(long durationNs) {
        Settings asked = Settings.builder().rate(RATE).size(64).warmupNs(1_000_000_000L).durationNs(durationNs)
                .blockSize(64 << 20).floorNs(0).quiet(true).attribution(true).build();
        StudyConfig c = new StudyConfig();
        c.settings = asked;
        c.pinnedConsumerCpu = 1;
        c.cpuChoice = "test";
        c.queueParent = java.nio.file.Paths.get("/tmp");
        c.chosenRollCycle = "MINUTELY";
        c.rollCycleChoice = "given";
        return c;
    }

    private static PrintStream quiet() {
        return new PrintStream(new java.io.ByteArrayOutputStream());
    }

    /**
     * Time moves only when the monitor waits ({@link FakePause}), and only once every other thread that reads the clock
     * has caught up with it: has ended, is blocked, or has read the current time {@value #IDLE_READS} times in a row
     * without a message between (the producer waits for one not yet due; the consumer finds the channel empty). The
     * measuring threads then never run ahead of the monitor, nor the monitor ahead of them, however long this host
     * leaves one of them off its CPU: every path below is decided by the schedule, not by the scheduler.
     */
    static final class FakeClock implements NanoClock {
        static final int IDLE_READS = 3;
        final AtomicLong now = new AtomicLong(1_000_000_000L);
        private final Map<Thread, Reads> readers = new ConcurrentHashMap<>();

        @Override
        public long nanoTime() {
            long t = now.get();
            readers.computeIfAbsent(Thread.currentThread(), k -> new Reads()).read(t);
            return t;
        }

        /** The calling thread wrote or read a message: it is busy, not waiting. */
        void busy() {
            Reads r = readers.get(Thread.currentThread());
            if (r != null) {
                r.inARow = 0;
            }
        }

        /** Whether every thread but {@code waiting} that reads this clock is done with the current time. */
        boolean caughtUp(Thread waiting) {
            long t = now.get();
            for (Map.Entry<Thread, Reads> e : readers.entrySet()) {
                Thread thread = e.getKey();
                boolean done = thread == waiting || thread.getState() != Thread.State.RUNNABLE
                        || e.getValue().idleAt(t);
                if (!done) {
                    return false;
                }
            }
            return true;
        }

        /** One thread's reads of the current time since its last message; written by it alone. */
        private static final class Reads {
            volatile long time = -1;
            volatile int inARow;

            void read(long t) {
                if (time != t) {
                    time = t;
                    inARow = 0;
                }
                inARow++;
            }

            boolean idleAt(long t) {
                return time == t && inARow >= IDLE_READS;
            }
        }
    }

    /**
     * The monitor's wait: once the other threads have caught up with the clock (a bound of 10 s real in case one
     * never does), it moves the clock on as far as the monitor asked.
     */
    static final class FakePause implements Pause {
        private static final long CATCH_UP_LIMIT_NS = 10_000_000_000L;
        private final FakeClock clock;

        FakePause(FakeClock clock) {
            this.clock = clock;
        }

        @Override
        public void sleep(long ms) {
            long giveUpAt = System.nanoTime() + CATCH_UP_LIMIT_NS;
            while (!clock.caughtUp(Thread.currentThread()) && System.nanoTime() - giveUpAt < 0) {
                LockSupport.parkNanos(50_000);
            }
            clock.now.addAndGet(ms * 1_000_000L);
        }

        @Override
        public void wake() {
        }
    }

    /** A channel in memory: what is written can be read, unless told otherwise. */
    static final class FakeChannel implements Channel {
        final ConcurrentLinkedQueue<long[]> messages = new ConcurrentLinkedQueue<>();
        volatile LongConsumer onWrite = seq -> { };
        volatile Runnable onOpen = () -> { };
        volatile boolean deliver = true;
        volatile boolean readerFails;
        volatile String problem;
        private final FakeClock clock;

        FakeChannel(FakeClock clock) {
            this.clock = clock;
        }

        @Override
        public MessageWriter openWriter() {
            onOpen.run();
            return (sequence, intendedNs, actualNs) -> {
                clock.busy();
                onWrite.accept(sequence);
                if (deliver) {
                    messages.add(new long[] {sequence, intendedNs, actualNs, actualNs + 100});
                }
                return actualNs + 100;
            };
        }

        @Override
        public MessageReader openReader() {
            if (readerFails) {
                throw new IllegalStateException("no tailer");
            }
            return receiver -> {
                long[] m = messages.poll();
                if (m == null) {
                    return false;
                }
                clock.busy();
                receiver.onMessage(m[1] + 500, m[1] + 600, m[0], m[1], m[2], m[3], true);
                return true;
            };
        }

        @Override
        public String housekeep() {
            return problem;
        }

        @Override
        public void close() {
        }
    }
}
