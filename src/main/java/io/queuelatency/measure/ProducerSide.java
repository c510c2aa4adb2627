package io.queuelatency.measure;

import io.queuelatency.host.CpuList;
import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The producer's JVM of {@code --topology processes}: it joins the run's queue directory, moves its own threads off
 * the measured CPUs, pins its producer thread, opens the writer, says {@code ready <tid>} on stdout and waits for
 * {@code go <startNs>} on stdin; then it runs the same {@link Pacer} schedule from that start (System.nanoTime is
 * CLOCK_MONOTONIC on Linux: the one host clock both JVMs read) and the same {@link Producer} loop, and ends with its
 * counts in one line ({@link SentCounts#line}). {@code stop} ends the loop early; {@code exit} lets it go. Its stdin
 * closing without an {@code exit} means the measured JVM died: it stops and removes the run's directory, so nothing is
 * left in /dev/shm.
 */
public final class ProducerSide {
    static final String READY = "ready";
    static final String GO = "go";
    static final String STOP = "stop";
    static final String EXIT = "exit";
    static final String FAILED = "failed";
    /** The run's directory, where the queue is: its first argument. */
    public static final String QUEUE_ARGUMENT = "queue=";

    private final StudyConfig config;
    private final PrintStream out;
    /** Its stalls, as a producer thread of the measured JVM would keep them; null with attribution off. */
    private final StallRecorder stalls;
    private final Path recordsFile;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final CountDownLatch go = new CountDownLatch(1);
    private volatile boolean stopped;
    private volatile long startNs;
    private volatile Producer producer;
    private volatile String failure;
    private volatile Warning pinned;
    private volatile int tid = -1;
    private final CountDownLatch loopEnded = new CountDownLatch(1);
    private Thread thread;
    /** The window's probes, records and counts, once the loop has ended; null before the go. */
    private volatile Thread reporter;
    /** --profile: this JVM's producer sampled, its samples to the measured run's directory. */
    private Sampler sampler = Sampler.NONE;

    private ProducerSide(StudyConfig config, PrintStream out, Path runDirectory) {
        this.config = config;
        this.out = out;
        this.stalls = config.settings.attribution
                ? new StallRecorder(StallRecorder.DEFAULT_THRESHOLD_NS, StallRecorder.CAPACITY) : null;
        this.recordsFile = runDirectory.resolve(ProducerRecords.FILE_NAME);
    }

    /**
     * The producer JVM's arguments: the run's directory, the CPUs (those the run may use too), the load, the queue;
     * with --profile, where its samples go ({@code staging}: the measured run's files).
     */
    public static List<String> arguments(StudyConfig c, Path runDirectory, List<Integer> allowed, Path staging) {
        return new ArrayList<>(Arrays.asList(QUEUE_ARGUMENT + runDirectory, "producerCpu=" + c.pinnedProducerCpu,
                "consumerCpu=" + c.pinnedConsumerCpu, "allowed=" + CpuList.format(allowed), "rate=" + c.settings.rate,
                "size=" + c.settings.size, "warmupNs=" + c.settings.warmupNs, "durationNs=" + c.settings.durationNs,
                "blockSize=" + c.settings.blockSize, "rollCycle=" + c.chosenRollCycle,
                "stalls=" + c.settings.attribution, "probes=" + c.settings.probes,
                // the same workload fills the bodies there that handles them here
                "workload=" + orEmpty(c.settings.workload), "workloadJar=" + orEmpty(c.settings.workloadJar),
                "profile=" + (c.settings.profile == null ? "" : staging.resolve(ProfiledRun.PRODUCER_SAMPLES)),
                "profileIntervalNs=" + c.settings.profileInterval()));
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String orNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    /**
     * The producer JVM's whole life, from its arguments; its exit code: 0 let go, 1 orphaned or failed (a failure is
     * one line on {@code out}, for the measured JVM to say).
     */
    public static int run(String[] args, InputStream in, PrintStream out) {
        try {
            return live(args, in, out);
        } catch (IOException | RuntimeException | Error e) {
            out.println(FAILED + " " + Study.describe(e));
            out.flush();
            return 1;
        } catch (InterruptedException e) {
            return 1;
        }
    }

    private static int live(String[] args, InputStream in, PrintStream out) throws IOException, InterruptedException {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            a.put(eq < 0 ? arg : arg.substring(0, eq), eq < 0 ? "" : arg.substring(eq + 1));
        }
        StudyConfig config = new StudyConfig();
        config.settings = Settings.builder().rate(Long.parseLong(a.get("rate")))
                .size(Integer.parseInt(a.get("size"))).warmupNs(Long.parseLong(a.get("warmupNs")))
                .durationNs(Long.parseLong(a.get("durationNs"))).blockSize(Long.parseLong(a.get("blockSize")))
                .topology(Settings.PROCESSES).attribution(Boolean.parseBoolean(a.get("stalls")))
                .probes(Boolean.parseBoolean(a.get("probes"))).workload(orNull(a.get("workload")))
                .workloadJar(orNull(a.get("workloadJar"))).build();
        config.pinnedProducerCpu = Integer.parseInt(a.get("producerCpu"));
        config.pinnedConsumerCpu = Integer.parseInt(a.get("consumerCpu"));
        config.cpuChoice = "given";
        config.chosenRollCycle = a.get("rollCycle");
        config.rollCycleChoice = "given";
        QueueDirectory dir = QueueDirectory.joined(Paths.get(a.get("queue"))).holdingNativeLibraries();
        ThreadPinning.keepOthersOff(CpuList.parse(a.get("allowed")), config.pinnedProducerCpu,
                config.pinnedConsumerCpu);
        BufferedReader commands = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        boolean orphaned;
        try (ChronicleChannel channel = new ChronicleChannel(dir, config, NanoClock.SYSTEM)) {
            ProducerSide side = new ProducerSide(config, out, dir.root());
            String samples = orNull(a.get("profile"));
            side.sampler = samples == null ? Sampler.NONE : Profiler.attach(dir.nativeTempPath(), Paths.get(samples))
                    .every(Long.parseLong(a.get("profileIntervalNs")));
            orphaned = side.serve(channel, commands);
            if (orphaned) {
                // its records are written into the run's directory: done before the directory goes, not into it after
                side.awaitReporter(Monitor.STOP_TIMEOUT_NS);
            }
        }
        if (orphaned) {
            dir.close(); // the measured JVM died: nobody else will remove the run's directory
        }
        return orphaned ? 1 : 0;
    }

    /** Whether the measured JVM went away without letting this one go. */
    private boolean serve(Channel channel, BufferedReader commands) throws IOException, InterruptedException {
        thread = new Thread(() -> produce(channel), "producer");
        thread.setDaemon(true);
        thread.start();
        if (!ready.await(Study.READY_TIMEOUT_MS, TimeUnit.MILLISECONDS) || failure != null) {
            if (failure == null) { // a thread that failed has said why
                say(FAILED + " the producer thread was not ready after " + Study.READY_TIMEOUT_MS / 1000 + " s");
            }
            return end(commands);
        }
        System.gc(); // the start-up's garbage now, not in the window
        sampler.start(new int[0], 0, 0, thread); // the processor's counters are the measured JVM's to take
        say(READY + " " + tid + (pinned == null ? "" : " " + ((Warning.PinFailed) pinned).detail));
        String line = commands.readLine();
        if (line == null || !line.startsWith(GO + " ")) {
            stopLoop();
            return line == null; // stdin's end before the go: orphaned; a stop or an exit: let go
        }
        startNs = Long.parseLong(line.substring(GO.length() + 1).trim());
        go.countDown();
        probeAndReport(channel);
        return end(commands);
    }

    /** Until {@code exit} (let go: false) or the end of stdin (orphaned: true); a {@code stop} stops the loop. */
    private boolean end(BufferedReader commands) throws IOException, InterruptedException {
        String line;
        while ((line = commands.readLine()) != null && !EXIT.equals(line.trim())) {
            if (STOP.equals(line.trim())) {
                stopLoop();
            }
        }
        stopLoop();
        return line == null;
    }

    private void stopLoop() throws InterruptedException {
        stopped = true;
        Producer p = producer;
        if (p != null) {
            p.stop();
        }
        go.countDown();
        thread.join(TimeUnit.NANOSECONDS.toMillis(Monitor.STOP_TIMEOUT_NS));
    }

    private void produce(Channel channel) {
        try {
            pinned = ThreadPinning.pinCurrentThread("producer", config.pinnedProducerCpu);
            tid = ThreadPinning.currentThread();
            if (stalls != null) {
                stalls.calibrate(NanoClock.SYSTEM); // on its own CPU, before its loop, as ThreadPair's producer
            }
            Channel.MessageWriter writer = channel.openWriter();
            ready.countDown();
            if (!Study.await(go) || stopped) {
                return;
            }
            Producer p = new Producer(writer, new Pacer(NanoClock.SYSTEM, startNs, config.settings.rate),
                    config.warmupMessages(), config.totalMessages(), stalls);
            producer = p;
            if (!stopped) {
                p.run();
            }
            loopEnded.countDown();
        } catch (RuntimeException | Error e) {
            failure = Study.describe(e);
            ready.countDown();
            say(FAILED + " " + failure);
        }
    }

    /**
     * On a thread of its own, off the measured CPUs (the producer thread's allocation is the window's): the window's
     * probes, the first when it starts, the last once the loop has ended; then the counts' line.
     */
    private void probeAndReport(Channel channel) {
        Thread t = reporter = new Thread(() -> {
            long windowStartNs = startNs + config.settings.warmupNs;
            try {
                for (long left; (left = windowStartNs - System.nanoTime()) > 0 && loopEnded.getCount() > 0; ) {
                    loopEnded.await(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)), TimeUnit.MILLISECONDS);
                }
                WindowProbe atStart = loopEnded.getCount() > 0 ? WindowProbe.take(thread, thread,
                        config.pinnedProducerCpu, config.pinnedConsumerCpu) : null;
                loopEnded.await();
                WindowProbe atEnd = WindowProbe.take(thread, thread, config.pinnedProducerCpu,
                        config.pinnedConsumerCpu);
                sampler.stop(); // its file is whole before the counts say the loop ended
                if (sampler instanceof Profiler && ((Profiler) sampler).problem() != null) {
                    System.err.println("queue-latency: the producer's JVM was not profiled: "
                            + ((Profiler) sampler).problem());
                }
                keepRecords(channel);
                say(SentCounts.of(producer, SentCounts.ProducerWindow.between(atStart, atEnd, channel)).line());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "window-probe");
        t.setDaemon(true);
        t.start();
    }

    /** Waits up to {@code ns} for the window's reporter to end, where one was started. */
    private void awaitReporter(long ns) throws InterruptedException {
        Thread t = reporter;
        if (t != null) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(ns)));
        }
    }

    /** Before the counts: the measured JVM reads them once the counts came ({@link ProducerRecords}). */
    private void keepRecords(Channel channel) {
        if (stalls == null && channel.probes() == null) {
            return;
        }
        try {
            ProducerRecords.write(stalls, channel.probes(), recordsFile);
        } catch (java.io.IOException e) {
            System.err.println("queue-latency: the producer's stalls and probes could not be kept: "
                    + Study.describe(e));
        }
    }

    private void say(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
