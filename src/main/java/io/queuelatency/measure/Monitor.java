package io.queuelatency.measure;

import io.queuelatency.result.StudyConfig;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The study's own thread once the schedule has started. Once a second it moves the interval histograms to the log,
 * moves the slow-message floor, lets the {@link Watcher} fold, lets the channel keep house and shows progress; at the
 * window's start it takes the start probe and marks the log. It decides when the run is over ({@link Ending}):
 * COMPLETE (every message in), DRAINED (2 s after the last send: the rest is lost), FAILED (a thread died, the channel
 * reported a problem, the producer's JVM exited without its counts, nothing received for 5 s, or still sending 10 s
 * after the schedule), STOPPED (SIGTERM, Ctrl-C), STUCK (a thread did not stop within 5 s of being asked).
 */
final class Monitor {
    enum Ending { COMPLETE, DRAINED, FAILED, STOPPED, STUCK }

    static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);
    static final long STOP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    static final long NO_PROGRESS_NS = TimeUnit.SECONDS.toNanos(5);
    static final long OVERRUN_NS = TimeUnit.SECONDS.toNanos(10);
    /** The window's own p95 guides which slow messages are kept once it rests on this many samples. */
    private static final long SLOW_FLOOR_MIN_SAMPLES = 20_000;
    /** The last full GC before the window comes between 1.5 and 0.5 s before it, on a warm-up of at least this. */
    private static final long GC_BEFORE_WINDOW_MIN_WARMUP_NS = TimeUnit.SECONDS.toNanos(2);

    private final StudyConfig config;
    private final NanoClock clock;
    private final Pause pause;
    private final ThreadPair pair;
    private final Channel channel;
    private final Intervals intervals;
    private final SlowMessages slow;
    private final Progress progress;
    /** What the monitor may do to the study: fail it, stop its loops. */
    private final Study control;
    private final Watcher watcher;
    /** Null until the window begins. */
    WindowProbe atStart;
    private boolean drained;
    private boolean stuck;

    Monitor(ThreadPair pair, Pause pause, Intervals intervals, Progress progress, Study control, Watcher watcher) {
        this.config = pair.parts.config;
        this.clock = pair.parts.clock;
        this.channel = pair.parts.channel;
        this.slow = pair.parts.tail.slow;
        this.pair = pair;
        this.pause = pause;
        this.intervals = intervals;
        this.progress = progress;
        this.control = control;
        this.watcher = watcher;
    }

    /** From the schedule's {@code start} until the consumer's loop ends (or will not), then the producer's. */
    void watch(long start) throws InterruptedException {
        long measureStart = start + config.settings.warmupNs;
        WindowProbe.rehearse(config.pinnedProducerCpu, config.pinnedConsumerCpu);
        boolean collectedBeforeWindow = config.settings.warmupNs < GC_BEFORE_WINDOW_MIN_WARMUP_NS;
        long stoppingSinceNs = 0;
        long lastReceiptNs = start;
        long producerDoneNs = 0;
        // Ticks fall on the window's whole seconds (a warm-up of 2.5 s ticks first at 0.5 s): each interval of the log
        // is then one second of the window, the same second the stalls are binned by.
        long offset = config.settings.warmupNs % config.reportIntervalNs;
        long nextTickNs = start + (offset == 0 ? config.reportIntervalNs : offset);
        while (!pair.consumerEnded()) {
            long wakeNs = atStart == null ? Math.min(nextTickNs, measureStart) : nextTickNs;
            pause.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wakeNs - clock.nanoTime())));
            long now = clock.nanoTime();
            if (atStart == null && now >= measureStart) {
                windowStarts(measureStart);
            }
            if (control.stopping()) {
                stoppingSinceNs = stoppingSinceNs == 0 ? now : stoppingSinceNs;
                if (now - stoppingSinceNs > STOP_TIMEOUT_NS) {
                    giveUp("consumer");
                    break;
                }
            }
            if (now < nextTickNs) {
                continue;
            }
            nextTickNs += config.reportIntervalNs;
            if (!collectedBeforeWindow && now >= measureStart - TimeUnit.MILLISECONDS.toNanos(1500)) {
                // Empty the young generation once more while still in the warm-up, whose numbers are discarded: a JIT
                // that compiles in Java on this heap (Graal as a jar) can leave it nearly full, and the window would
                // then hold a GC. The producer catches the pause up at once, well before the window.
                System.gc();
                collectedBeforeWindow = true;
            }
            long received = tick(now, start, measureStart);
            lastReceiptNs = received > 0 ? now : lastReceiptNs;
            if (received == 0 && now - lastReceiptNs > NO_PROGRESS_NS && !control.stopping()) {
                control.fail(String.format(Locale.ROOT,
                        "the consumer received no message for %d s while the producer was sending",
                        NO_PROGRESS_NS / 1_000_000_000L));
            }
            producerDoneNs = producerDoneNs == 0 && pair.producerEnded() ? now : producerDoneNs;
            if (producerDoneNs != 0 && now - producerDoneNs > DRAIN_TIMEOUT_NS && !control.stopping()) {
                drained = true;
                control.stopLoops(); // what has not arrived 2 s after the last send is lost
            }
            long overrunNs = now - (measureStart + config.settings.durationNs);
            if (!pair.producerEnded() && overrunNs > OVERRUN_NS && !control.stopping()) {
                control.fail(String.format(Locale.ROOT, "the producer was still sending %d s after its schedule ended",
                        OVERRUN_NS / 1_000_000_000L));
            }
        }
        control.stopLoops();
        awaitProducer();
    }

    private void windowStarts(long measureStart) {
        // Both clocks read before the probe (milliseconds of /proc), or the log's seconds would be off the window's.
        long wallClockMs = System.currentTimeMillis();
        intervals.markWindowStart(wallClockMs - TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - measureStart));
        atStart = WindowProbe.take(pair.producerThread, pair.consumerThread, config.pinnedProducerCpu,
                config.pinnedConsumerCpu);
        if (slow != null) {
            slow.setFloor(intervals.warmupIntended.getValueAtPercentile(50));
        }
        watcher.windowStarts(measureStart);
    }

    /** Returns the messages received. */
    private long tick(long now, long start, long measureStart) {
        boolean warming = now < measureStart;
        long received = intervals.drain(warming);
        if (slow != null && !warming && intervals.intendedTotal.getTotalCount() >= SLOW_FLOOR_MIN_SAMPLES) {
            // Keep about a tenth: all beyond p99 even where the window's tail grows later than its start; the fold
            // drains them. Never above a calm recent second's p90: after an early burst the window's p90 so far can sit
            // above its final p99.
            long floor = intervals.intendedTotal.getValueAtPercentile(90);
            long recent = intervals.recentLeastP90();
            slow.setFloor(recent > 0 ? Math.min(floor, recent) : floor);
        }
        watcher.second(now);
        String problem = channel.housekeep();
        if (problem != null) {
            control.fail(problem);
        }
        String gone = pair.producersJvmGone();
        if (gone != null) {
            control.fail(gone);
        }
        long end = measureStart + config.settings.durationNs;
        progress.update(now, warming ? "warm-up" : "measure", now - (warming ? start : measureStart),
                warming ? config.settings.warmupNs : config.settings.durationNs, Math.max(0, end - now), received);
        return received;
    }

    private void awaitProducer() throws InterruptedException {
        for (long askedNs = clock.nanoTime(); !pair.producerEnded(); ) {
            if (clock.nanoTime() - askedNs > STOP_TIMEOUT_NS) {
                giveUp("producer");
                return;
            }
            pause.sleep(1);
        }
    }

    private void giveUp(String thread) {
        stuck = true;
        control.fail("the " + thread + " thread did not stop within " + STOP_TIMEOUT_NS / 1_000_000_000L
                + " s of being asked");
    }

    Ending ending(boolean stopRequested, boolean failed) {
        return stuck ? Ending.STUCK : failed ? Ending.FAILED : stopRequested ? Ending.STOPPED : drained ? Ending.DRAINED
                : Ending.COMPLETE;
    }
}
