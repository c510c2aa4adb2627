package io.queuelatency.measure;

import io.queuelatency.host.KernelCounters;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.WindowFacts;

/**
 * A study's outcome assembled from what its threads and recorders hold once their loops have ended: the message
 * counts, the rate the producer held, what the JVM did in the window (between the two probes), and the threads'
 * records for tail attribution. A thread that never stopped has no counts safe to read: they are left at zero.
 */
final class StudyOutcomes {
    private StudyOutcomes() {
    }

    /**
     * The window as the monitor saw it: its scheduled start, the probes at its start and at the end, and how the run
     * ended.
     */
    static final class Window {
        final long startNs;
        final WindowProbe atStart;
        final WindowProbe atEnd;
        final Monitor.Ending ending;

        Window(long startNs, WindowProbe atStart, WindowProbe atEnd, Monitor.Ending ending) {
            this.startNs = startNs;
            this.atStart = atStart;
            this.atEnd = atEnd;
            this.ending = ending;
        }
    }

    /**
     * The outcome, from what the pair's threads and recorders hold, the window as the monitor saw it, and what the
     * pre-toucher did (null without one).
     */
    static StudyOutcome of(ThreadPair threads, Intervals intervals, Window window, String failure,
                           boolean stopRequested, io.queuelatency.result.Pretouch pretouch) {
        ThreadPair.Parts parts = threads.parts;
        StudyConfig config = parts.config;
        Producer p = threads.endedProducer();
        Consumer c = threads.endedConsumer();
        long sent = p == null ? 0 : p.sent();
        // The recorders are safe to read only from threads whose loops ended.
        StudyOutcome.TailRecords tail = !parts.tail.on() || p == null || c == null ? null
                : new StudyOutcome.TailRecords(window.startNs, 1_000_000_000L / config.settings.rate, parts.tail,
                        parts.channel.cycleStarts(), parts.channel.newBlocks());
        return StudyOutcome.builder().messages(messages(config, parts.recorder, p, c)).rate(rate(config, p))
                .window(jvmWindow(window.atStart, window.atEnd)).failure(failure)
                .stoppedEarly(stopRequested && sent < config.totalMessages()).pinWarnings(threads.pinWarnings())
                .histograms(intervals.totals).tail(tail).ending(window.ending).pretouch(pretouch).build();
    }

    private static MessageCounts messages(StudyConfig config, LatencyRecorder recorder, Producer p, Consumer c) {
        long sent = p == null ? 0 : p.sent();
        SequenceChecker checker = c == null ? null : c.checker();
        MessageCounts.Builder m = new MessageCounts.Builder();
        m.warmup = config.warmupMessages();
        m.measured = config.measuredMessages();
        m.expected = config.totalMessages();
        m.sent = sent;
        m.received = checker == null ? 0 : checker.received();
        m.lost = checker == null ? sent : checker.lostAtEnd(sent);
        m.duplicated = checker == null ? 0 : checker.duplicated();
        m.outOfOrder = checker == null ? 0 : checker.outOfOrder();
        m.corrupted = c == null ? 0 : c.corrupted();
        m.clampedHigh = recorder.clampedHigh();
        m.clampedNegative = recorder.clampedNegative();
        m.gapOverflow = checker != null && checker.gapOverflow();
        return m.build();
    }

    /**
     * The rate the producer held, from the window's scheduled start, so a late first send (caught up at once) does not
     * inflate it; a producer still behind at the end shows as a lower one.
     */
    private static SendRate rate(StudyConfig config, Producer p) {
        long warmup = config.warmupMessages();
        if (p == null || config.measuredMessages() <= 1 || p.lastMeasuredSendNs() <= p.windowStartNs()) {
            return new SendRate(config.settings.rate, 0, 0, 0, 0);
        }
        double intervalNs = 1e9 / config.settings.rate;
        double achieved = (p.sent() - warmup) * 1e9 / (p.lastMeasuredSendNs() - p.windowStartNs() + intervalNs);
        double deviation = 100.0 * (achieved - config.settings.rate) / config.settings.rate;
        return new SendRate(config.settings.rate, achieved, deviation, p.maxLagNs(), p.lateSends());
    }

    /** What the JVM did between the two probes: collections per collector, allocation, heap, the kernel's counts. */
    private static WindowFacts jvmWindow(WindowProbe atStart, WindowProbe atEnd) {
        WindowFacts.Builder w = new WindowFacts.Builder();
        for (String name : atEnd.gcCounts.keySet()) {
            w.gcCountByCollector.put(name, atEnd.gcCounts.get(name) - atStart.gcCounts.getOrDefault(name, 0L));
        }
        w.gcCount = atEnd.gcCountSince(atStart);
        w.gcTimeMs = atEnd.gcTimeMs - atStart.gcTimeMs;
        w.producerAllocatedBytes = WindowProbe.delta(atEnd.producerAllocated, atStart.producerAllocated);
        w.consumerAllocatedBytes = WindowProbe.delta(atEnd.consumerAllocated, atStart.consumerAllocated);
        w.heapUsedAtStartBytes = atStart.heapUsed;
        w.heapUsedAtEndBytes = atEnd.heapUsed;
        w.heapMaxBytes = atEnd.heapMax;
        w.timerInterrupts = counts(atEnd.kernel.timerInterrupts, atStart.kernel.timerInterrupts);
        w.stealMs = counts(atEnd.kernel.stealMs, atStart.kernel.stealMs);
        return w.build();
    }

    private static long[] counts(long[] end, long[] start) {
        long[] d = new long[end.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = KernelCounters.delta(end[i], start[i]);
        }
        return d;
    }
}
