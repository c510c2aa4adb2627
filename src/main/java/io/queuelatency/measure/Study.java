package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.RunResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One measurement: a producer and a consumer thread, each pinned, joined by a {@link Channel}; the calling
 * thread monitors. Once a second it moves the recorders' interval histograms to the .hlog, lets the channel
 * do its upkeep, and shows progress; it also ends the run, on every path:
 * <pre>
 *   producer (CPU A) ──► channel ──► consumer (CPU B)          monitor (this thread)
 *   warm-up: messages 0 .. W-1                 measured window: messages W .. W+N-1
 *   |---------- warmupNs ----------|------------------- durationNs -------------------|
 *   start                      measureStart                                          end
 * </pre>
 * <ul>
 *   <li>normally: the consumer has every message, or the producer is done and 2 s pass (what is missing is lost);</li>
 *   <li>a thread that dies (an exception, a full disk) or a channel that reports a problem: the run fails at once;</li>
 *   <li>a consumer that receives nothing for 5 s while messages are due, or a producer still sending 10 s after the
 *       schedule's end: the run fails;</li>
 *   <li>a stop request (SIGTERM) at any phase: both loops stop;</li>
 *   <li>a thread that does not stop within 5 s of being asked: the run fails and the thread is abandoned.</li>
 * </ul>
 * Which phase a message belongs to follows from its sequence number, not from a flag between threads.
 * The clock, the monitor's pause and the pinning are injected, so tests drive every path with fakes.
 */
public final class Study {
    static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);
    static final long READY_TIMEOUT_MS = 30_000;
    static final long STOP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    static final long NO_PROGRESS_NS = TimeUnit.SECONDS.toNanos(5);
    static final long OVERRUN_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long START_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /** The window's own p95 guides which slow messages are kept once it rests on this many samples. */
    private static final long SLOW_FLOOR_MIN_SAMPLES = 20_000;
    /** The last full GC before the window comes between 1.5 and 0.5 s before it, on a warm-up of at least this. */
    private static final long GC_BEFORE_WINDOW_MIN_WARMUP_NS = TimeUnit.SECONDS.toNanos(2);

    /** Pins the calling thread; returns null, or why it did not take. */
    public interface Pinning {
        String pin(String role, int cpu);
    }

    private final StudyConfig config;
    private final NanoClock clock;
    private final Pause pause;
    private final Pinning pinning;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean stopRequested;
    private volatile boolean stopping;
    private volatile boolean running;
    private volatile Producer producer;
    private volatile Consumer consumer;
    private volatile boolean producerEnded;
    private volatile boolean consumerEnded;
    private volatile String failure;
    private final String[] pinWarnings = new String[2];

    public Study(StudyConfig config, NanoClock clock, Pause pause, Pinning pinning) {
        this.config = config;
        this.clock = clock;
        this.pause = pause;
        this.pinning = pinning;
    }

    /** On the system clock, pinning with Chronicle's affinity library. */
    public static Study of(StudyConfig config) {
        return new Study(config, NanoClock.SYSTEM, Pause.system(), ThreadPinning::pinCurrentThread);
    }

    /** From another thread (a shutdown hook): ends the run early; {@link #awaitFinished} tells when it has. */
    public void requestStop() {
        stopRequested = true;
        stopLoops();
    }

    private void stopLoops() {
        stopping = true;
        Producer p = producer;
        if (p != null) {
            p.stop();
        }
        Consumer c = consumer;
        if (c != null) {
            c.stop();
        }
        pause.wake();
    }

    /** The first failure wins; the loops stop and the monitor wakes at once. */
    private void fail(String why) {
        synchronized (this) {
            if (failure == null) {
                failure = why;
            }
        }
        stopLoops();
    }

    /** Waits for a run under way to end; at once when none has started (and then none will: see run). */
    public boolean awaitFinished(long timeout, TimeUnit unit) throws InterruptedException {
        return !running || finished.await(timeout, unit);
    }

    /** Runs the study over {@code channel}, appending intervals to {@code log}. */
    public StudyOutcome run(Channel channel, IntervalLog log, PrintStream progressOut) throws InterruptedException {
        running = true; // before reading stopRequested: a stop either sees this run or this run sees the stop
        try {
            if (stopRequested) {
                throw new InterruptedException("stopped before the study started");
            }
            return measure(channel, log, new Progress(progressOut, config.quiet));
        } finally {
            finished.countDown();
        }
    }

    private StudyOutcome measure(Channel channel, IntervalLog log, Progress progress) throws InterruptedException {
        LatencyRecorder recorder = new LatencyRecorder(config.warmupMessages());
        long total = config.totalMessages();
        StallRecorder producerStalls = config.attribution ? new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY) : null;
        StallRecorder consumerStalls = config.attribution ? new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY) : null;
        SlowMessages slow = config.attribution ? new SlowMessages(SlowMessages.DEFAULT_CAPACITY) : null;
        CountDownLatch ready = new CountDownLatch(2);
        CountDownLatch go = new CountDownLatch(1);
        // The threads outlive their loops until the end probe is taken: a dead thread has no allocation counter.
        CountDownLatch probed = new CountDownLatch(1);
        long[] startNs = new long[1];

        Thread producerThread = new Thread(() -> {
            try {
                pinWarnings[0] = pinning.pin("producer", config.producerCpu);
                if (producerStalls != null) {
                    producerStalls.calibrate(clock); // on its own CPU, before its loop: what a clock read costs there
                }
                Channel.MessageWriter writer = channel.openWriter();
                ready.countDown();
                if (!await(go) || stopping) {
                    return;
                }
                Producer p = new Producer(writer, new Pacer(clock, startNs[0], config.ratePerSecond), config.warmupMessages(), total,
                        producerStalls);
                producer = p;
                if (!stopping) {
                    p.run();
                }
            } finally {
                producerEnded = true;
            }
            await(probed);
        }, "producer");
        Thread consumerThread = new Thread(() -> {
            try {
                pinWarnings[1] = pinning.pin("consumer", config.consumerCpu);
                if (consumerStalls != null) {
                    consumerStalls.calibrate(clock);
                }
                Consumer c = new Consumer(channel.openReader(), recorder, total);
                if (consumerStalls != null) {
                    c.attribute(clock, consumerStalls, slow);
                }
                consumer = c;
                ready.countDown();
                if (await(go) && !stopping) {
                    c.run();
                }
            } finally {
                consumerEnded = true;
            }
            await(probed);
        }, "consumer");
        for (Thread t : new Thread[] {producerThread, consumerThread}) {
            t.setDaemon(true); // a thread stuck in the queue must not keep the JVM alive once the run has given up on it
            t.setUncaughtExceptionHandler((thread, e) -> fail("the " + thread.getName() + " thread died: " + describe(e)));
            t.start();
        }

        for (long waited = 0; !ready.await(100, TimeUnit.MILLISECONDS) && failure == null && !stopping; waited += 100) {
            if (waited >= READY_TIMEOUT_MS) {
                fail("the producer and consumer threads were not ready after " + READY_TIMEOUT_MS / 1000 + " s");
            }
        }
        // Start from an empty young generation: startup garbage (class loading, Chronicle's set-up) is
        // collected now, not in the measured window. The threads are waiting, so nothing is timed.
        System.gc();
        startNs[0] = clock.nanoTime() + START_DELAY_NS;
        long start = startNs[0];
        long measureStart = start + config.warmupNs;
        go.countDown(); // publishes startNs[0] to both threads
        long end = measureStart + config.durationNs;

        Intervals intervals = new Intervals(recorder, log);
        WindowProbe atStart = null;
        boolean collectedBeforeWindow = config.warmupNs < GC_BEFORE_WINDOW_MIN_WARMUP_NS;
        long producerDoneNs = 0;
        long stoppingSinceNs = 0;
        long lastReceiptNs = start;
        long nextTickNs = start + config.reportIntervalNs;
        while (!consumerEnded) {
            long wakeNs = atStart == null ? Math.min(nextTickNs, measureStart) : nextTickNs;
            pause.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wakeNs - clock.nanoTime())));
            long now = clock.nanoTime();
            if (atStart == null && now >= measureStart) {
                atStart = WindowProbe.take(producerThread, consumerThread, config.producerCpu, config.consumerCpu);
                log.markWindowStart(System.currentTimeMillis() - TimeUnit.NANOSECONDS.toMillis(now - measureStart));
                if (slow != null) {
                    slow.setFloor(intervals.warmupIntended.getValueAtPercentile(50)); // until the window has a tail of its own
                }
            }
            if (stopping) {
                if (stoppingSinceNs == 0) {
                    stoppingSinceNs = now;
                } else if (now - stoppingSinceNs > STOP_TIMEOUT_NS) {
                    fail("the consumer thread did not stop within " + STOP_TIMEOUT_NS / 1_000_000_000L + " s of being asked");
                    break;
                }
            }
            if (now < nextTickNs) {
                continue;
            }
            nextTickNs += config.reportIntervalNs;
            if (!collectedBeforeWindow && now >= measureStart - TimeUnit.MILLISECONDS.toNanos(1500)) {
                // Empty the young generation once more while still in the warm-up, whose numbers are discarded:
                // a JIT that compiles in Java on this heap (Graal as a jar) can leave it nearly full, and the
                // window would then hold a GC. The producer catches the pause up at once, well before the window.
                System.gc();
                collectedBeforeWindow = true;
            }
            boolean warming = now < measureStart;
            long received = intervals.drain(warming);
            if (slow != null && !warming && intervals.intendedTotal.getTotalCount() >= SLOW_FLOOR_MIN_SAMPLES) {
                slow.setFloor(intervals.intendedTotal.getValueAtPercentile(95)); // keep about a twentieth: all beyond p99
            }
            String problem = channel.housekeep();
            if (problem != null) {
                fail(problem);
            }
            progress.update(now, warming ? "warm-up" : "measure", now - (warming ? start : measureStart),
                    warming ? config.warmupNs : config.durationNs, Math.max(0, end - now), received);
            if (received > 0) {
                lastReceiptNs = now;
            } else if (now - lastReceiptNs > NO_PROGRESS_NS && !stopping) {
                fail(String.format(Locale.ROOT, "the consumer received no message for %d s while the producer was sending",
                        NO_PROGRESS_NS / 1_000_000_000L));
            }
            if (producerDoneNs == 0 && producerEnded) {
                producerDoneNs = now;
            }
            if (producerDoneNs != 0 && now - producerDoneNs > DRAIN_TIMEOUT_NS) {
                stopLoops(); // what has not arrived 2 s after the last send is lost
            }
            if (!producerEnded && now - end > OVERRUN_NS && !stopping) {
                fail(String.format(Locale.ROOT, "the producer was still sending %d s after its schedule ended", OVERRUN_NS / 1_000_000_000L));
            }
        }
        stopLoops();
        for (long askedNs = clock.nanoTime(); !producerEnded; ) {
            if (clock.nanoTime() - askedNs > STOP_TIMEOUT_NS) {
                fail("the producer thread did not stop within " + STOP_TIMEOUT_NS / 1_000_000_000L + " s of being asked");
                break;
            }
            pause.sleep(1);
        }
        WindowProbe atEnd = WindowProbe.take(producerThread, consumerThread, config.producerCpu, config.consumerCpu);
        probed.countDown();
        // A thread whose loop ended leaves at once (and the handler of one that died has run when it has);
        // one that never stopped is left behind, a daemon, with a failure saying so.
        if (producerEnded) {
            producerThread.join(TimeUnit.NANOSECONDS.toMillis(STOP_TIMEOUT_NS));
        }
        if (consumerEnded) {
            consumerThread.join(TimeUnit.NANOSECONDS.toMillis(STOP_TIMEOUT_NS));
        }
        if (atStart == null) {
            atStart = atEnd;
        }
        progress.done();
        intervals.drainAll();
        return outcome(recorder, intervals, atStart, atEnd, measureStart, producerStalls, consumerStalls, slow, channel.cycleStarts(),
                channel.newBlocks());
    }

    /** "IOException: No space left on device", with the cause where the exception only wraps it. */
    static String describe(Throwable e) {
        String s = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        if (e instanceof InternalError && String.valueOf(e.getMessage()).contains("unsafe memory access")) {
            // HotSpot's answer to SIGBUS on a mapped file: on tmpfs, a page that could not be backed.
            s += " (a write into the memory-mapped queue failed: its filesystem is most likely full)";
        }
        Throwable cause = e.getCause();
        if (cause != null && cause != e && (e.getMessage() == null || !e.getMessage().contains(String.valueOf(cause.getMessage())))) {
            s += " (" + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()) + ")";
        }
        return s;
    }

    /** Waits for {@code latch}; false when interrupted (the thread then ends without measuring). */
    static boolean await(CountDownLatch latch) {
        try {
            latch.await();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private StudyOutcome outcome(LatencyRecorder recorder, Intervals intervals, WindowProbe atStart, WindowProbe atEnd,
                                 long measureStart, StallRecorder producerStalls, StallRecorder consumerStalls, SlowMessages slow, long[] cycleStarts,
                                 long[] newBlocks) {
        Producer p = producerEnded ? producer : null; // a producer that never stopped has no counts safe to read
        Consumer c = consumerEnded ? consumer : null;
        long warmup = config.warmupMessages();
        long measured = config.measuredMessages();
        long expected = config.totalMessages();
        long sent = p == null ? 0 : p.sent();
        SequenceChecker checker = c == null ? null : c.checker();
        RunResult.Messages messages = new RunResult.Messages(warmup, measured, expected, sent,
                checker == null ? 0 : checker.received(), checker == null ? sent : checker.lostAtEnd(sent),
                checker == null ? 0 : checker.duplicated(), checker == null ? 0 : checker.outOfOrder(),
                c == null ? 0 : c.corrupted(), recorder.clampedHigh(), recorder.clampedNegative(),
                checker != null && checker.gapOverflow());

        double achieved = 0;
        double deviation = 0;
        long maxLag = 0;
        long late = 0;
        if (p != null && measured > 1 && p.lastMeasuredSendNs() > p.windowStartNs()) {
            // From the window's scheduled start, so a late first send (caught up at once) does not inflate
            // the rate; a producer still behind at the end shows as a lower one.
            double intervalNs = 1e9 / config.ratePerSecond;
            achieved = (p.sent() - warmup) * 1e9 / (p.lastMeasuredSendNs() - p.windowStartNs() + intervalNs);
            deviation = 100.0 * (achieved - config.ratePerSecond) / config.ratePerSecond;
            maxLag = p.maxLagNs();
            late = p.lateSends();
        }
        RunResult.Rate rate = new RunResult.Rate(config.ratePerSecond, achieved, deviation, maxLag, late);

        Map<String, Long> byCollector = new LinkedHashMap<>();
        for (String name : atEnd.gcCounts.keySet()) {
            byCollector.put(name, atEnd.gcCounts.get(name) - atStart.gcCounts.getOrDefault(name, 0L));
        }
        RunResult.Window window = new RunResult.Window(atEnd.gcCountSince(atStart), atEnd.gcTimeMs - atStart.gcTimeMs, byCollector,
                WindowProbe.delta(atEnd.producerAllocated, atStart.producerAllocated),
                WindowProbe.delta(atEnd.consumerAllocated, atStart.consumerAllocated),
                atStart.heapUsed, atEnd.heapUsed, atEnd.heapMax, counts(atEnd.kernel.timerInterrupts, atStart.kernel.timerInterrupts),
                counts(atEnd.kernel.stealMs, atStart.kernel.stealMs));

        List<String> pins = new ArrayList<>();
        for (String warning : pinWarnings) {
            if (warning != null) {
                pins.add(warning);
            }
        }
        // The recorders are safe to read only from threads whose loops ended.
        StudyOutcome.Tail tail = producerStalls == null || p == null || c == null ? null
                : new StudyOutcome.Tail(measureStart, 1_000_000_000L / config.ratePerSecond, producerStalls, consumerStalls, slow,
                        cycleStarts, newBlocks);
        return new StudyOutcome(messages, rate, window, failure, stopRequested && sent < expected, pins, intervals.totals, tail);
    }

    private static long[] counts(long[] end, long[] start) {
        long[] d = new long[end.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = io.queuelatency.host.KernelCounters.delta(end[i], start[i]);
        }
        return d;
    }

    /** "Chronicle Queue 2026.4 (binary wire)", the version from the jar's Maven metadata. */
    public static String queueImplementation() {
        java.util.Properties p = new java.util.Properties();
        try (java.io.InputStream in = SingleChronicleQueue.class.getResourceAsStream(
                "/META-INF/maven/net.openhft/chronicle-queue/pom.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (java.io.IOException e) {
            // unknown below
        }
        return "Chronicle Queue " + p.getProperty("version", "(version unknown)") + " (binary wire)";
    }

    /** Moves interval histograms from the recorders to the log, recycling them, and sums the measured ones. */
    private static final class Intervals {
        /** The measured window's histogram of each definition, summed from its intervals. */
        final Map<Definition, Histogram> totals = new EnumMap<>(Definition.class);
        final Histogram intendedTotal;
        /** The warm-up's intended latencies drained so far. */
        final Histogram warmupIntended = LatencyRecorder.newHistogram();
        private final LatencyRecorder recorder;
        private final IntervalLog log;
        // [phase][definition], phase 0 warm-up and 1 window: each interval histogram is handed back to its recorder.
        private final Histogram[][] recycled = new Histogram[2][Definition.values().length];

        Intervals(LatencyRecorder recorder, IntervalLog log) {
            this.recorder = recorder;
            this.log = log;
            for (Definition d : Definition.values()) {
                totals.put(d, LatencyRecorder.newHistogram());
            }
            intendedTotal = totals.get(Definition.INTENDED);
        }

        /** Window ticks after which the warm-up's recorders are left alone: the last warm-up message has long arrived. */
        private static final int WARMUP_TICKS_IN_WINDOW = 3;
        private int windowTicks;

        /** Returns how many messages the consumer recorded in this interval. */
        long drain(boolean warmingUp) {
            long warm = 0;
            if (warmingUp || windowTicks++ < WARMUP_TICKS_IN_WINDOW) {
                warm = drainWarmup();
            }
            long measured = 0;
            for (Definition d : Definition.values()) {
                long n = move(1, d, recorder.window(d), d.tag(), totals.get(d));
                measured = d == Definition.INTENDED ? n : measured;
            }
            return warmingUp ? warm : measured + warm;
        }

        /** The last drain, after both threads stopped: everything, the warm-up's recorders too. */
        void drainAll() {
            drainWarmup();
            drain(false);
        }

        private long drainWarmup() {
            long warm = 0;
            for (Definition d : Definition.values()) {
                long n = move(0, d, recorder.warmup(d), d.warmupTag(), d == Definition.INTENDED ? warmupIntended : null);
                warm = d == Definition.INTENDED ? n : warm;
            }
            return warm;
        }

        private long move(int phase, Definition d, SingleWriterRecorder from, String tag, Histogram total) {
            Histogram interval = from.getIntervalHistogram(recycled[phase][d.ordinal()]);
            recycled[phase][d.ordinal()] = interval;
            long count = interval.getTotalCount();
            if (count > 0) {
                log.append(tag, interval);
                if (total != null) {
                    total.add(interval);
                }
            }
            return count;
        }
    }
}
