package io.queuelatency.measure;

import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * The study's two measured threads. Each pins itself to its CPU, calibrates its stall recorder there, opens its end
 * of the channel, says it is ready and waits for the go; then runs its loop. Both are daemons: one stuck in the queue
 * must not keep the JVM alive once the run has given up on it. Both outlive their loops until the end probe is taken
 * ({@link #release}): a dead thread has no allocation counter.
 * <p>Between processes ({@link RemoteProducer}) the producer thread here only speaks for the producer's JVM: it
 * starts it, waits for it to be ready, gives it the start and waits, blocked in a read, for its counts; a JVM that ends
 * without them fails the run at once, in one line.
 */
final class ThreadPair {
    private final CountDownLatch ready = new CountDownLatch(2);
    private final CountDownLatch go = new CountDownLatch(1);
    private final CountDownLatch probed = new CountDownLatch(1);
    /** The producer's, consumer's and monitor's (on the tool's CPU, if any) pins; the producer's JVM's stalls kept. */
    private final Warning[] threadWarnings = new Warning[4];
    final Thread producerThread;
    final Thread consumerThread;
    private volatile Producer producer;
    /** Null where the producer is a thread of this JVM. */
    private final RemoteProducer remote;
    private volatile SentCounts remoteCounts;
    private volatile Consumer consumer;
    private volatile boolean producerEnded;
    private volatile boolean consumerEnded;
    private volatile long startNs;
    /** Known once each is pinned; -1 where /proc does not say. */
    volatile int producerTid = -1;
    volatile int consumerTid = -1;
    final Parts parts;

    /** What the two threads share, for the monitor and the outcome to read once the loops have ended. */
    static final class Parts {
        final StudyConfig config;
        final Channel channel;
        final NanoClock clock;
        final Study.Pinning pinning;
        final LatencyRecorder recorder;
        /** {@link TailRecorders#OFF} when attribution is off. */
        final TailRecorders tail;

        Parts(StudyConfig config, Channel channel, NanoClock clock, Study.Pinning pinning, LatencyRecorder recorder,
              TailRecorders tail) {
            this.config = config;
            this.channel = channel;
            this.clock = clock;
            this.pinning = pinning;
            this.recorder = recorder;
            this.tail = tail;
        }
    }

    /**
     * {@code stopping}: whether the study is ending (a thread that sees it before its loop does not start it);
     * {@code remote}: the producer's JVM, for the producer thread to speak for; null for a producer thread.
     */
    ThreadPair(Parts parts, BooleanSupplier stopping, java.util.function.Consumer<String> failure,
               RemoteProducer remote) {
        this.parts = parts;
        this.remote = remote;
        producerThread = thread("producer", remote == null ? () -> producerLoop(parts, stopping)
                : () -> remoteLoop(stopping, failure), () -> producerEnded = true, failure);
        consumerThread = thread("consumer", () -> consumerLoop(parts, stopping), () -> consumerEnded = true, failure);
    }

    private Thread thread(String name, Runnable loop, Runnable ended, java.util.function.Consumer<String> failure) {
        Thread t = new Thread(() -> {
            try {
                loop.run();
            } finally {
                ended.run();
            }
            Study.await(probed);
        }, name);
        t.setDaemon(true);
        t.setUncaughtExceptionHandler(
                (thread, e) -> failure.accept("the " + thread.getName() + " thread died: " + Study.describe(e)));
        return t;
    }

    private void producerLoop(Parts parts, BooleanSupplier stopping) {
        StudyConfig config = parts.config;
        producerTid = pin(0, "producer", config.pinnedProducerCpu, parts.tail.producerStalls);
        Channel.MessageWriter writer = parts.channel.openWriter();
        ready.countDown();
        if (!Study.await(go) || stopping.getAsBoolean()) {
            return;
        }
        Pacer pacer = new Pacer(parts.clock, startNs, config.settings.rate);
        Producer p = new Producer(writer, pacer, config.warmupMessages(), config.totalMessages(),
                parts.tail.producerStalls);
        producer = p;
        if (!stopping.getAsBoolean()) {
            p.run();
        }
    }

    private void remoteLoop(BooleanSupplier stopping, java.util.function.Consumer<String> failure) {
        try {
            Integer tid = remote.start();
            if (tid == null) {
                failure.accept(remote.whyEnded());
                return;
            }
            producerTid = tid;
            if (remote.pinFailure != null) {
                threadWarnings[0] = new Warning.PinFailed("producer", parts.config.pinnedProducerCpu,
                        remote.pinFailure);
            }
            ready.countDown();
            if (!Study.await(go) || stopping.getAsBoolean()) {
                return;
            }
            remote.go(startNs);
            SentCounts counts = remote.awaitEnd();
            if (counts == null) {
                failure.accept(remote.whyEnded());
            }
            Probes probes = parts.channel.probes();
            if (counts != null && (parts.tail.producerStalls != null || probes != null)
                    && !ProducerRecords.read(remote.recordsFile(), parts.tail.producerStalls, probes)) {
                threadWarnings[3] = new Warning.ProducerStallsElsewhere(); // its stderr (producer.log) says why
            }
            remoteCounts = counts;
        } catch (java.io.IOException e) {
            failure.accept("the producer's JVM could not be started or read: " + Study.describe(e));
        }
    }

    private void consumerLoop(Parts parts, BooleanSupplier stopping) {
        StudyConfig config = parts.config;
        consumerTid = pin(1, "consumer", config.pinnedConsumerCpu, parts.tail.consumerStalls);
        Consumer c = new Consumer(parts.channel.openReader(), parts.recorder, config.totalMessages());
        c.probe(parts.channel.probes());
        if (parts.tail.consumerStalls != null) {
            c.attribute(parts.clock, parts.tail.consumerStalls, parts.tail.slow);
        }
        consumer = c;
        ready.countDown();
        if (Study.await(go) && !stopping.getAsBoolean()) {
            c.run();
        }
    }

    /** Pins the calling thread and calibrates its stall recorder (null: none) there; returns its id in the kernel. */
    private int pin(int thread, String role, int cpu, StallRecorder stalls) {
        threadWarnings[thread] = parts.pinning.pin(role, cpu);
        if (stalls != null) {
            // On its own CPU, before its loop: what a clock read costs there.
            stalls.calibrate(parts.clock);
        }
        return ThreadPinning.currentThread();
    }

    void start() {
        producerThread.start();
        consumerThread.start();
    }

    boolean awaitReady(long ms) throws InterruptedException {
        return ready.await(ms, TimeUnit.MILLISECONDS);
    }

    void go(long startNs) {
        this.startNs = startNs;
        go.countDown(); // publishes startNs to both threads
    }

    void stopLoops() {
        if (remote != null) {
            remote.stop();
        }
        Producer p = producer;
        if (p != null) {
            p.stop();
        }
        Consumer c = consumer;
        if (c != null) {
            c.stop();
        }
    }

    boolean producerEnded() {
        return producerEnded;
    }

    boolean consumerEnded() {
        return consumerEnded;
    }

    /**
     * Lets both threads leave once the end probe is taken, and waits for those whose loops ended; one that never did
     * stays behind.
     */
    void release(long waitMs) throws InterruptedException {
        probed.countDown();
        if (producerEnded) {
            producerThread.join(waitMs);
        }
        if (consumerEnded) {
            consumerThread.join(waitMs);
        }
    }

    /**
     * Once its loop has ended (its counters are then safe to read), or the producer's JVM's; null for one that never
     * stopped or never started, or a JVM that ended without them.
     */
    SentCounts endedSends() {
        if (!producerEnded) {
            return null;
        }
        Producer p = producer;
        return remote != null ? remoteCounts : p == null ? null : SentCounts.of(p, null);
    }

    /**
     * The monitor's check, once a second, of a producer's JVM: why the run must end, where that JVM exited before its
     * counts came (its producer thread here says so too, at once, when its stdout ends); null while all is well.
     */
    String producersJvmGone() {
        return remote != null && !producerEnded && remote.exited() ? remote.whyEnded() : null;
    }

    /** The producer's JVM's window and queue events, once its counts have come; null before, and without one. */
    SentCounts.ProducerWindow remoteWindow() {
        SentCounts c = remoteCounts;
        return c == null ? null : c.window;
    }

    /** The producer runs in a JVM of its own. */
    boolean producedElsewhere() {
        return remote != null;
    }

    Consumer endedConsumer() {
        return consumerEnded ? consumer : null;
    }

    void monitorPinned(Warning w) {
        threadWarnings[2] = w;
    }

    List<Warning> threadWarnings() {
        return Arrays.stream(threadWarnings).filter(Objects::nonNull).collect(Collectors.toList());
    }
}
