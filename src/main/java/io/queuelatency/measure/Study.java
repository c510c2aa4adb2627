package io.queuelatency.measure;

import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.Percentiles;
import io.queuelatency.result.RunResult;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One measurement: a producer and a consumer thread, each pinned, joined by a Chronicle Queue in the run's
 * own directory; this (the calling) thread monitors: once a second it moves the recorders' interval
 * histograms to the .hlog, deletes released queue cycles, samples the queue's footprint and shows progress.
 * <pre>
 *   warm-up: messages 0 .. W-1                 measured window: messages W .. W+N-1
 *   |---------- warmupNs ----------|------------------- durationNs -------------------|
 *   start                      measureStart                                          end
 * </pre>
 * Which phase a message belongs to follows from its sequence number, not from a flag between threads.
 */
public final class Study {
    private static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);
    private static final long START_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /** The last full GC before the window comes between 1.5 and 0.5 s before it, on a warm-up of at least this. */
    private static final long GC_BEFORE_WINDOW_MIN_WARMUP_NS = TimeUnit.SECONDS.toNanos(2);
    /** A run whose achieved rate is further than this from the target did not hold the rate. */
    public static final double RATE_TOLERANCE_PERCENT = 1.0;

    private final StudyConfig config;
    private final NanoClock clock = NanoClock.SYSTEM;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean stopRequested;
    private volatile boolean running;
    private volatile Producer producer;
    private volatile Consumer consumer;
    private volatile Throwable failure;
    private final String[] pinWarnings = new String[2];

    public Study(StudyConfig config) {
        this.config = config;
    }

    /** From another thread (a shutdown hook): ends the run early; {@link #awaitFinished} tells when it has. */
    public void requestStop() {
        stopRequested = true;
        Producer p = producer;
        if (p != null) {
            p.stop();
        }
        Consumer c = consumer;
        if (c != null) {
            c.stop();
        }
    }

    /** Waits for a run under way to end; at once when none has started (and then none will: see run). */
    public boolean awaitFinished(long timeout, TimeUnit unit) throws InterruptedException {
        return !running || finished.await(timeout, unit);
    }

    /**
     * Runs the study in {@code dir}, appending intervals to {@code log}, and fills the measured parts of
     * {@code result}. Returns the measured window's two histograms: intended, actual.
     */
    public Histogram[] run(QueueDirectory dir, IntervalLog log, RunResult result, PrintStream progressOut)
            throws InterruptedException {
        running = true; // before reading stopRequested: a stop either sees this run or this run sees the stop
        try {
            if (stopRequested) {
                throw new InterruptedException("stopped before the study started");
            }
            return measure(dir, log, result, new Progress(progressOut, config.quiet));
        } finally {
            finished.countDown();
        }
    }

    private Histogram[] measure(QueueDirectory dir, IntervalLog log, RunResult result, Progress progress)
            throws InterruptedException {
        MessageLayout layout = new MessageLayout(config.messageSize);
        LatencyRecorder recorder = new LatencyRecorder(config.warmupMessages());
        long total = config.totalMessages();
        CountDownLatch ready = new CountDownLatch(2);
        CountDownLatch go = new CountDownLatch(1);
        // The threads outlive their loops until the end probe is taken: a dead thread has no allocation counter.
        CountDownLatch probed = new CountDownLatch(1);
        long[] startNs = new long[1];

        SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir.queuePath().toFile())
                .rollCycle(RollCycleNames.byName(config.rollCycle))
                .blockSize(config.blockSize)
                .storeFileListener(dir::onReleased)
                .build();
        Thread producerThread = new Thread(() -> {
            pinWarnings[0] = ThreadPinning.pinCurrentThread("producer", config.producerCpu);
            ExcerptAppender appender = queue.createAppender();
            ready.countDown();
            if (!await(go)) {
                return;
            }
            Pacer pacer = new Pacer(clock, startNs[0], config.ratePerSecond);
            producer = new Producer(appender, layout, pacer, clock, config.warmupMessages(), total);
            if (!stopRequested) {
                producer.run();
            }
            await(probed);
        }, "producer");
        Thread consumerThread = new Thread(() -> {
            pinWarnings[1] = ThreadPinning.pinCurrentThread("consumer", config.consumerCpu);
            ExcerptTailer tailer = queue.createTailer();
            consumer = new Consumer(tailer, layout, clock, recorder, total);
            ready.countDown();
            if (await(go) && !stopRequested) {
                consumer.run();
            }
            await(probed);
        }, "consumer");
        for (Thread t : new Thread[] {producerThread, consumerThread}) {
            t.setUncaughtExceptionHandler((thread, e) -> failure = e);
            t.start();
        }

        if (!ready.await(30, TimeUnit.SECONDS) || failure != null) {
            requestStop(); // a thread could not start: let both fall through and report the failure
        }
        // Start from an empty young generation: startup garbage (class loading, Chronicle's set-up) is
        // collected now, not in the measured window. The threads are waiting, so nothing is timed.
        System.gc();
        startNs[0] = clock.nanoTime() + START_DELAY_NS;
        go.countDown(); // publishes startNs[0] to both threads
        long start = startNs[0];
        long measureStart = start + config.warmupNs;
        long end = measureStart + config.durationNs;

        Intervals intervals = new Intervals(recorder, log);
        WindowProbe atStart = null;
        boolean collectedBeforeWindow = config.warmupNs < GC_BEFORE_WINDOW_MIN_WARMUP_NS;
        long producerDoneNs = 0;
        long nextTickNs = start + config.reportIntervalNs;
        while (consumer == null || !consumer.finished()) {
            long wakeNs = atStart == null ? Math.min(nextTickNs, measureStart) : nextTickNs;
            long waitMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(wakeNs - clock.nanoTime()));
            Thread.sleep(waitMs);
            long now = clock.nanoTime();
            if (atStart == null && now >= measureStart) {
                atStart = WindowProbe.take(producerThread, consumerThread);
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
            long received = intervals.drain(now < measureStart);
            dir.deleteReleasedCycles();
            dir.sampleFootprint();
            boolean warming = now < measureStart;
            progress.update(now, warming ? "warm-up" : "measure", now - (warming ? start : measureStart),
                    warming ? config.warmupNs : config.durationNs, Math.max(0, end - now), received);
            if (producerDoneNs == 0 && producer != null && producer.finished()) {
                producerDoneNs = now;
            }
            if (stopRequested || failure != null || (producerDoneNs != 0 && now - producerDoneNs > DRAIN_TIMEOUT_NS)) {
                requestStop();
            }
        }
        while (producerThread.isAlive() && (producer == null || !producer.finished())) {
            requestStop();
            Thread.sleep(1);
        }
        WindowProbe atEnd = WindowProbe.take(producerThread, consumerThread);
        probed.countDown();
        producerThread.join();
        consumerThread.join();
        if (atStart == null) {
            atStart = atEnd;
        }
        progress.done();
        intervals.drain(false);
        dir.sampleFootprint();
        queue.close();
        dir.deleteReleasedCycles();

        fill(result, layout, recorder, atStart, atEnd, dir);
        return new Histogram[] {intervals.intendedTotal, intervals.actualTotal};
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

    private void fill(RunResult r, MessageLayout layout, LatencyRecorder recorder, WindowProbe atStart,
                      WindowProbe atEnd, QueueDirectory dir) {
        Producer p = producer;
        Consumer c = consumer;
        long total = config.totalMessages();
        RunResult.Messages m = r.messages;
        m.warmup = config.warmupMessages();
        m.measured = config.measuredMessages();
        m.expected = total;
        m.sent = p == null ? 0 : p.sent();
        if (c != null) {
            SequenceChecker checker = c.checker();
            m.received = checker.received();
            m.lost = checker.lostAtEnd(m.sent);
            m.duplicated = checker.duplicated();
            m.outOfOrder = checker.outOfOrder();
            m.corrupted = c.corrupted();
            if (checker.gapOverflow()) {
                r.invalidReasons.add("more than " + SequenceChecker.MAX_GAPS + " gaps in the sequence: counts are lower bounds");
            }
        }
        m.clampedHigh = recorder.clampedHigh();
        m.clampedNegative = recorder.clampedNegative();

        r.rate.targetPerSecond = config.ratePerSecond;
        if (p != null && m.measured > 1 && p.lastMeasuredSendNs() > p.windowStartNs()) {
            // From the window's scheduled start, so a late first send (caught up at once) does not inflate
            // the rate; a producer still behind at the end shows as a lower one.
            double intervalNs = 1e9 / config.ratePerSecond;
            long measuredSent = p.sent() - m.warmup;
            r.rate.achievedPerSecond = measuredSent * 1e9 / (p.lastMeasuredSendNs() - p.windowStartNs() + intervalNs);
            r.rate.achievedDeviationPercent = 100.0 * (r.rate.achievedPerSecond - config.ratePerSecond) / config.ratePerSecond;
            r.rate.maxSendLagNs = p.maxLagNs();
            r.rate.lateSends = p.lateSends();
        }

        RunResult.Window w = r.window;
        w.gcCount = atEnd.gcCountSince(atStart);
        w.gcTimeMs = atEnd.gcTimeMs - atStart.gcTimeMs;
        for (String name : atEnd.gcCounts.keySet()) {
            w.gcCountByCollector.put(name, atEnd.gcCounts.get(name) - atStart.gcCounts.getOrDefault(name, 0L));
        }
        w.producerAllocatedBytes = WindowProbe.delta(atEnd.producerAllocated, atStart.producerAllocated);
        w.consumerAllocatedBytes = WindowProbe.delta(atEnd.consumerAllocated, atStart.consumerAllocated);
        w.heapUsedAtStartBytes = atStart.heapUsed;
        w.heapUsedAtEndBytes = atEnd.heapUsed;
        w.heapMaxBytes = atEnd.heapMax;

        r.queue.path = dir.queuePath().toString();
        r.queue.peakFootprintBytes = dir.peakFootprintBytes();
        r.queue.deletedCycles = dir.deletedCycles();

        judge(r);
    }

    private void judge(RunResult r) {
        for (String warning : pinWarnings) {
            if (warning != null) {
                r.warnings.add(warning);
            }
        }
        RunResult.Messages m = r.messages;
        if (failure != null) {
            r.invalidReasons.add("the run failed: " + failure);
        }
        if (stopRequested && failure == null && m.sent < m.expected) {
            r.invalidReasons.add("stopped early: " + m.sent + " of " + m.expected + " messages sent");
        }
        if (m.lost + m.duplicated + m.outOfOrder + m.corrupted > 0) {
            r.invalidReasons.add(String.format(Locale.ROOT, "messages not delivered intact: %d lost, %d duplicated, %d out of order, %d corrupted",
                    m.lost, m.duplicated, m.outOfOrder, m.corrupted));
        }
        if (Math.abs(r.rate.achievedDeviationPercent) > RATE_TOLERANCE_PERCENT || r.rate.achievedPerSecond == 0) {
            r.invalidReasons.add(String.format(Locale.ROOT, "rate not held: achieved %.1f msg/s, target %d (tolerance %.1f%%)",
                    r.rate.achievedPerSecond, r.rate.targetPerSecond, RATE_TOLERANCE_PERCENT));
        }
        if (r.window.gcCount > 0) {
            r.invalidReasons.add(r.window.gcCount + " GC(s) in the measured window (" + r.window.gcTimeMs + " ms)");
        }
        if (m.clampedHigh > 0) {
            r.warnings.add(m.clampedHigh + " latencies above " + LatencyRecorder.HIGHEST_TRACKABLE_NS + " ns recorded as that maximum");
        }
        if (m.clampedNegative > 0) {
            r.warnings.add(m.clampedNegative + " negative latencies (clock went backwards?) recorded as 0");
        }
        if (r.rate.maxSendLagNs > TimeUnit.MILLISECONDS.toNanos(1)) {
            r.warnings.add(String.format(Locale.ROOT, "the producer fell up to %.3f ms behind its schedule (%d messages sent late); "
                    + "the intended-time latency includes that delay", r.rate.maxSendLagNs / 1e6, r.rate.lateSends));
        }
        r.valid = r.invalidReasons.isEmpty();
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
        final Histogram intendedTotal = LatencyRecorder.newHistogram();
        final Histogram actualTotal = LatencyRecorder.newHistogram();
        private final LatencyRecorder recorder;
        private final IntervalLog log;
        private final Histogram[] recycled = new Histogram[4];

        Intervals(LatencyRecorder recorder, IntervalLog log) {
            this.recorder = recorder;
            this.log = log;
        }

        /** Returns how many messages the consumer recorded in this interval. */
        long drain(boolean warmingUp) {
            long warm = move(0, recorder.warmupIntended(), "warmup-intended", null);
            move(1, recorder.warmupActual(), "warmup-actual", null);
            long measured = move(2, recorder.intended(), "intended", intendedTotal);
            move(3, recorder.actual(), "actual", actualTotal);
            return warmingUp ? warm : measured + warm;
        }

        private long move(int slot, SingleWriterRecorder from, String tag, Histogram total) {
            Histogram interval = from.getIntervalHistogram(recycled[slot]);
            recycled[slot] = interval;
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

    /** Percentile sets for the result, from the two totals {@link #run} returned. */
    public static void addLatencies(RunResult r, Histogram intended, Histogram actual) {
        r.latency.put("intended", Percentiles.of("from the intended (scheduled) send time to receipt", intended));
        r.latency.put("actual", Percentiles.of("from the actual send (inside the queue write) to receipt", actual));
    }
}
