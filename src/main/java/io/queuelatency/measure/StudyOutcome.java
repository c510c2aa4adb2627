package io.queuelatency.measure;

import io.queuelatency.host.KernelCounters;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.Pretouch;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.Stage;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import io.queuelatency.result.WindowFacts;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/**
 * What one study measured, assembled from what its threads and recorders hold once their loops have ended: the
 * message counts, the rate the producer held, what the JVM did in the window (between the two probes), and the
 * window's histogram of each definition. A thread that never stopped has no counts safe to read: they are left at zero.
 */
public final class StudyOutcome {
    public final MessageCounts messages;
    public final SendRate rate;
    public final WindowFacts window;
    /** Why the run failed (a thread died, the disk filled, a thread would not stop); null when it did not. */
    public final String failure;
    /** Stopped from outside (SIGTERM, Ctrl-C) before every message was sent. */
    public final boolean stoppedEarly;
    public final List<Warning> threadWarnings;
    /** The measured window's histogram of each definition (empty where the messages had no room for its send time). */
    public final Map<Definition, Histogram> histograms;
    /** --probes: the window's histogram of each probed stage; empty without, or with a thread that never stopped. */
    public final Map<Stage, Histogram> stages;
    /** For the tail, the window's scheduled start; null with attribution off or a thread that never stopped. */
    public final Long tailWindowStartNs;
    /** The slow messages the tail kept, for the profile's split; null where {@link #tailWindowStartNs} is. */
    public final SlowMessages slow;
    /** How the run ended: COMPLETE, DRAINED (the rest never came), FAILED, STOPPED, STUCK (a thread given up on). */
    public final String ending;
    /** What the pre-toucher did (--pretouch); null without one. */
    public final Pretouch pretouch;

    /** A collector of the producer's JVM, named in the window's counts beside this JVM's. */
    public static final String PRODUCERS_JVM = "producer's JVM: ";

    static final class Window {
        final long startNs;
        final WindowProbe atStart;
        final WindowProbe atEnd;
        final Monitor.Ending ending;
        final GcNotes gcNotes;

        Window(long startNs, WindowProbe atStart, WindowProbe atEnd, Monitor.Ending ending, GcNotes gcNotes) {
            this.startNs = startNs;
            this.atStart = atStart;
            this.atEnd = atEnd;
            this.ending = ending;
            this.gcNotes = gcNotes;
        }
    }

    StudyOutcome(ThreadPair threads, Intervals intervals, Window window, String failure, boolean stopRequested,
                 Pretouch pretouch) {
        ThreadPair.Parts parts = threads.parts;
        StudyConfig config = parts.config;
        SentCounts p = threads.endedSends();
        Consumer c = threads.endedConsumer();
        this.messages = messages(config, parts.recorder, p, c, threads.producedElsewhere());
        this.rate = rate(config, p, c);
        this.window = jvmWindow(window.atStart, window.atEnd, window.gcNotes, p == null ? null : p.window);
        this.failure = failure;
        this.stoppedEarly = stopRequested && (p == null ? 0 : p.sent) < config.totalMessages();
        this.threadWarnings = Collections.unmodifiableList(threads.threadWarnings());
        this.histograms = Collections.unmodifiableMap(new EnumMap<>(intervals.totals));
        Probes probes = parts.channel.probes();
        this.stages = probes == null || p == null || c == null ? Collections.<Stage, Histogram>emptyMap()
                : Collections.unmodifiableMap(probes.window());
        this.tailWindowStartNs = !parts.tail.on() || p == null || c == null ? null : window.startNs;
        this.slow = tailWindowStartNs == null ? null : parts.tail.slow;
        this.ending = window.ending.name();
        this.pretouch = pretouch;
    }

    /** A producer's JVM that ended without its counts sent at least what was received. */
    private static MessageCounts messages(StudyConfig config, LatencyRecorder recorder, SentCounts p, Consumer c,
                                          boolean elsewhere) {
        SequenceChecker checker = c == null ? null : c.checker();
        long sent = p != null ? p.sent : elsewhere && checker != null ? checker.received() : 0;
        MessageCounts m = new MessageCounts();
        m.warmup = config.warmupMessages();
        m.measured = config.measuredMessages();
        m.expected = config.totalMessages();
        m.sent = sent;
        m.received = checker == null ? 0 : checker.received();
        m.lost = checker == null ? sent : checker.lostAtEnd(sent) - checker.unreadAtEnd(sent);
        m.unread = checker == null ? 0 : checker.unreadAtEnd(sent);
        m.duplicated = checker == null ? 0 : checker.duplicated();
        m.outOfOrder = checker == null ? 0 : checker.outOfOrder();
        m.corrupted = c == null ? 0 : c.corrupted();
        m.clampedHigh = recorder.clampedHigh();
        m.clampedNegative = recorder.clampedNegative();
        m.gapOverflow = checker != null && checker.gapOverflow();
        return m;
    }

    /**
     * The rate the producer held, from the window's scheduled start, so a late first send (caught up at once) does not
     * inflate it; a producer still behind at the end shows as a lower one. Beside it the rate the consumer handled the
     * window's messages at, to the end of its last handling.
     */
    private static SendRate rate(StudyConfig config, SentCounts p, Consumer c) {
        long warmup = config.warmupMessages();
        if (p == null || config.measuredMessages() <= 1 || p.lastMeasuredSendNs <= p.windowStartNs) {
            return new SendRate(config.settings.rate, 0, 0, 0, 0);
        }
        double intervalNs = 1e9 / config.settings.rate;
        double achieved = (p.sent - warmup) * 1e9 / (p.lastMeasuredSendNs - p.windowStartNs + intervalNs);
        double deviation = 100.0 * (achieved - config.settings.rate) / config.settings.rate;
        long handled = c == null ? 0 : c.checker().received() - warmup;
        Double handledPerSecond = handled <= 1 || c.lastHandledNs() <= p.windowStartNs ? null
                : handled * 1e9 / (c.lastHandledNs() - p.windowStartNs + intervalNs);
        return new SendRate(config.settings.rate, achieved, deviation, p.maxLagNs, p.lateSends, handledPerSecond);
    }

    /**
     * What the JVM did between the two probes: collections per collector and the pauses of those that paused,
     * allocation, heap, the kernel's counts; with the producer in a JVM of its own ({@code producers} not null), its
     * pauses too, each collector named as its, and the allocation of its producer thread.
     */
    static WindowFacts jvmWindow(WindowProbe atStart, WindowProbe atEnd, GcNotes notes,
                                 SentCounts.ProducerWindow producers) {
        WindowFacts w = new WindowFacts();
        long untilMs = System.currentTimeMillis() + GcNotes.WAIT_MS;
        for (String name : atEnd.gcCounts.keySet()) {
            long from = atStart.gcCounts.getOrDefault(name, 0L);
            long to = atEnd.gcCounts.get(name);
            w.gcCountByCollector.put(name, to - from);
            if (to > from && WindowProbe.isPause(name)) {
                long ms = atEnd.gcTimes.getOrDefault(name, 0L) - atStart.gcTimes.getOrDefault(name, 0L);
                w.gcPauses.add(new WindowFacts.Pauses(name, to - from, ms, notes.longest(name, from, to, untilMs)));
            }
        }
        w.gcCount = atEnd.gcCountSince(atStart);
        w.gcTimeMs = atEnd.gcTimeMs - atStart.gcTimeMs;
        w.producerAllocatedBytes = KernelCounters.delta(atEnd.producerAllocated, atStart.producerAllocated);
        w.consumerAllocatedBytes = KernelCounters.delta(atEnd.consumerAllocated, atStart.consumerAllocated);
        w.heapUsedAtStartBytes = atStart.heapUsed;
        w.heapUsedAtEndBytes = atEnd.heapUsed;
        w.heapMaxBytes = atEnd.heapMax;
        w.timerInterrupts = counts(atEnd.kernel.timerInterrupts, atStart.kernel.timerInterrupts);
        w.stealMs = counts(atEnd.kernel.stealMs, atStart.kernel.stealMs);
        if (producers != null) {
            producers.byCollector.forEach((name, n) -> w.gcCountByCollector.put(PRODUCERS_JVM + name, n));
            w.gcCount += producers.gcPauses;
            w.gcTimeMs += producers.gcTimeMs;
            w.producerAllocatedBytes = producers.allocatedBytes;
        }
        return w;
    }

    private static long[] counts(long[] end, long[] start) {
        return IntStream.range(0, end.length).mapToLong(i -> KernelCounters.delta(end[i], start[i])).toArray();
    }
}
