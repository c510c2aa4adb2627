package io.queuelatency.measure;

import io.queuelatency.result.Pretouch;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import io.queuelatency.store.IntervalLog;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * One measurement: a producer and a consumer thread, each pinned ({@link ThreadPair}), joined by a {@link Channel};
 * the calling thread watches them ({@link Monitor}) and ends the run on every path; the outcome is read from what the
 * threads recorded. Messages 0 .. W-1 are the warm-up, W .. W+N-1 the window: a message's phase follows from its
 * sequence number, not from a flag between threads. Clock, pause and pinning are injected for tests.
 */
public final class Study {
    static final long READY_TIMEOUT_MS = 30_000;
    /**
     * The same with the producer in a JVM of its own, which starts meanwhile and touches its whole heap first
     * (-XX:+AlwaysPreTouch): 30 s for 2 GiB on a nested VM whose page faults trap to its host.
     */
    static final long REMOTE_READY_TIMEOUT_MS = 120_000;
    private static final long START_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);

    /** Pins the calling thread; returns null, or why it did not take. */
    public interface Pinning {
        Warning pin(String role, int cpu);
    }

    private final StudyConfig config;
    private final NanoClock clock;
    private final Pause pause;
    private final Pinning pinning;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean stopRequested;
    private volatile boolean stopping;
    private volatile boolean running;
    private volatile ThreadPair pair;
    private volatile String failure;
    private Watcher watcher = Watcher.NONE;
    private Sampler sampler = Sampler.NONE;
    /** The producer's JVM (--topology processes); null: the producer is a thread of this JVM. */
    private RemoteProducer remote;

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

    /** Who follows the threads' records as they are written (the tail's fold); before {@link #run}. */
    public Study watchedBy(Watcher w) {
        this.watcher = w;
        return this;
    }

    /** Who samples the measured threads' stacks (--profile); before {@link #run}. */
    public Study sampledBy(Sampler s) {
        this.sampler = s;
        return this;
    }

    /** Between processes: the producer runs in the JVM {@code r} starts, not on a thread here; before {@link #run}. */
    public Study producedBy(RemoteProducer r) {
        this.remote = r;
        return this;
    }

    /** From another thread (a shutdown hook): ends the run early; {@link #awaitFinished} tells when it has. */
    public void requestStop() {
        stopRequested = true;
        stopLoops();
    }

    void stopLoops() {
        stopping = true;
        ThreadPair p = pair;
        if (p != null) {
            p.stopLoops();
        }
        pause.wake();
    }

    /** The first failure wins. */
    void fail(String why) {
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

    public StudyOutcome run(Channel channel, IntervalLog log, PrintStream progressOut) throws InterruptedException {
        running = true; // before reading stopRequested: a stop either sees this run or this run sees the stop
        try {
            if (stopRequested) {
                throw new InterruptedException("stopped before the study started");
            }
            return measure(channel, log, new Progress(progressOut, config.settings.quiet));
        } finally {
            if (remote != null) {
                remote.close(); // let go, or killed where it does not go: never left running
            }
            finished.countDown();
        }
    }

    private StudyOutcome measure(Channel channel, IntervalLog log, Progress progress) throws InterruptedException {
        LatencyRecorder recorder = new LatencyRecorder(config.warmupMessages(), config.settings.workloadInPath());
        TailRecorders tail = config.settings.attribution ? TailRecorders.create() : TailRecorders.OFF;
        ThreadPair.Parts parts = new ThreadPair.Parts(config, channel, clock, pinning, recorder, tail);
        ThreadPair threads = new ThreadPair(parts, () -> stopping, this::fail, remote);
        pair = threads;
        threads.start();
        // The monitor (which runs the tail's fold) and the kernel trace's reader it starts inherit the tool's CPU.
        if (config.toolCpu >= 0) {
            threads.monitorPinned(pinning.pin("monitor", config.toolCpu));
        }
        awaitReady(threads);
        if (tail.on()) {
            Watcher.QueueChanges queue = remote == null ? channel : RemoteProducer.queueChanges(threads::remoteWindow);
            watcher.ready(new Watcher.Sources(tail, queue, threads.producerTid, threads.consumerTid, config));
        }
        Pretoucher pretoucher = config.pretouchCpu >= 0
                ? new Pretoucher(channel, config.pretouchCpu, pinning).start() : null;
        GcNotes gcNotes = GcNotes.listen(); // the collectors' own account of their pauses
        // Startup garbage is collected now, not in the window; the threads are waiting, so nothing is timed.
        System.gc();
        // Between processes the producer's JVM samples its own producer; the thread here only speaks for it.
        watcher.toolThreads(sampler.start(new int[] {threads.producerTid, threads.consumerTid},
                START_DELAY_NS + config.settings.warmupNs, config.settings.durationNs, remote == null
                ? new Thread[] {threads.producerThread, threads.consumerThread}
                : new Thread[] {threads.consumerThread}));
        long start = clock.nanoTime() + START_DELAY_NS;
        threads.go(start);
        Intervals intervals = new Intervals(recorder, log);
        Monitor monitor = new Monitor(threads, pause, intervals, progress, this, watcher);
        monitor.watch(start);
        if (pretoucher != null) {
            pretoucher.stop();
        }
        // Taken as the loops stop, before the fold's catch-up: a collection of the tool's garbage is not the window's.
        WindowProbe atEnd = WindowProbe.take(threads.producerThread, threads.consumerThread, config.pinnedProducerCpu,
                config.pinnedConsumerCpu);
        sampler.stop();
        watcher.ended(clock.nanoTime());
        threads.release(TimeUnit.NANOSECONDS.toMillis(Monitor.STOP_TIMEOUT_NS));
        progress.done();
        intervals.drainAll();
        StudyOutcome.Window window = new StudyOutcome.Window(start + config.settings.warmupNs,
                monitor.atStart != null ? monitor.atStart : atEnd,
                atEnd, monitor.ending(stopRequested, failure != null), gcNotes);
        Pretouch pretouched = pretoucher == null ? null : pretoucher.facts();
        try {
            return new StudyOutcome(threads, intervals, window, failure, stopRequested, pretouched);
        } finally {
            gcNotes.stop();
        }
    }

    private void awaitReady(ThreadPair threads) throws InterruptedException {
        long timeoutMs = remote != null ? REMOTE_READY_TIMEOUT_MS : READY_TIMEOUT_MS;
        for (long waited = 0; !threads.awaitReady(100) && failure == null && !stopping; waited += 100) {
            if (waited >= timeoutMs) {
                fail((remote != null ? "the producer's JVM and the consumer thread" : "the producer and consumer "
                        + "threads") + " were not ready after " + timeoutMs / 1000 + " s");
            }
        }
    }

    /** Whether the loops were asked to stop (a stop, a failure, the drain). */
    boolean stopping() {
        return stopping;
    }

    /** "IOException: No space left on device", with the cause where the exception only wraps it. */
    static String describe(Throwable e) {
        String s = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        if (e instanceof InternalError && String.valueOf(e.getMessage()).contains("unsafe memory access")) {
            // HotSpot's answer to SIGBUS on a mapped file: on tmpfs, a page that could not be backed.
            s += " (a write into the memory-mapped queue failed: its filesystem is most likely full)";
        }
        Throwable cause = e.getCause();
        if (cause != null && cause != e
                && (e.getMessage() == null || !e.getMessage().contains(String.valueOf(cause.getMessage())))) {
            s += " (" + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                    + ")";
        }
        return s;
    }

    /** False when interrupted (the thread then ends without measuring). */
    static boolean await(CountDownLatch latch) {
        try {
            latch.await();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
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
}
