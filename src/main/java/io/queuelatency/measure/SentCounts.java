package io.queuelatency.measure;

import io.queuelatency.host.KernelCounters;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the result needs of the producer once its loop has ended: how many it sent, when the window was due to start
 * and when its last measured message went (the achieved rate), how late it fell. Read off a {@link Producer} in this
 * JVM, or off the one line a producer in a second JVM ends with ({@link #line}, {@link #parse}), which carries that
 * JVM's window too: its collectors' pauses, what its producer thread allocated, and the queue's rolls and new blocks
 * its writes made.
 */
final class SentCounts {
    static final String END = "end";
    private static final String SEPARATOR = "\t";

    final long sent;
    final long windowStartNs;
    final long lastMeasuredSendNs;
    final long maxLagNs;
    final long lateSends;
    /** The producer's JVM's window, between its own probes; null where the producer is a thread of this JVM. */
    final ProducerWindow window;

    /**
     * A second JVM's window: its collections by collector (pauses apart), the producer thread's allocation; and the
     * queue's events its writes made ({@link Channel#cycleStarts}, {@link Channel#newBlocks}: the whole run's).
     */
    static final class ProducerWindow {
        static final long[] NONE = new long[0];
        final long gcPauses;
        final long gcTimeMs;
        /** -1 where its JVM cannot tell. */
        final long allocatedBytes;
        final Map<String, Long> byCollector;
        final long[] rolls;
        final long[] newBlocks;

        ProducerWindow(long gcPauses, long gcTimeMs, long allocatedBytes, Map<String, Long> byCollector,
                       long[] rolls, long[] newBlocks) {
            this.gcPauses = gcPauses;
            this.gcTimeMs = gcTimeMs;
            this.allocatedBytes = allocatedBytes;
            this.byCollector = byCollector;
            this.rolls = rolls;
            this.newBlocks = newBlocks;
        }

        /** Between the two probes of the producer's JVM (none where the first was never taken); the queue's events. */
        static ProducerWindow between(WindowProbe atStart, WindowProbe atEnd, Channel queue) {
            if (atStart == null || atEnd == null) {
                return new ProducerWindow(0, 0, -1, new LinkedHashMap<>(), queue.cycleStarts(), queue.newBlocks());
            }
            Map<String, Long> by = new LinkedHashMap<>();
            atEnd.gcCounts.forEach((name, n) -> by.put(name, n - atStart.gcCounts.getOrDefault(name, 0L)));
            return new ProducerWindow(atEnd.gcCountSince(atStart), atEnd.gcTimeMs - atStart.gcTimeMs,
                    KernelCounters.delta(atEnd.producerAllocated, atStart.producerAllocated), by, queue.cycleStarts(),
                    queue.newBlocks());
        }
    }

    SentCounts(long sent, long windowStartNs, long lastMeasuredSendNs, long maxLagNs, long lateSends,
               ProducerWindow window) {
        this.sent = sent;
        this.windowStartNs = windowStartNs;
        this.lastMeasuredSendNs = lastMeasuredSendNs;
        this.maxLagNs = maxLagNs;
        this.lateSends = lateSends;
        this.window = window;
    }

    /** Once its loop has ended. */
    static SentCounts of(Producer p, ProducerWindow window) {
        return new SentCounts(p.sent(), p.windowStartNs(), p.lastMeasuredSendNs(), p.maxLagNs(), p.lateSends(),
                window);
    }

    /**
     * "end", the five counts, the window's pauses, pause time and allocation, the rolls' and the new blocks' times
     * (comma-separated, "-" for none), then each collector as name=count.
     */
    String line() {
        StringBuilder s = new StringBuilder(END);
        for (long v : new long[] {sent, windowStartNs, lastMeasuredSendNs, maxLagNs, lateSends, window.gcPauses,
            window.gcTimeMs, window.allocatedBytes}) {
            s.append(SEPARATOR).append(v);
        }
        s.append(SEPARATOR).append(times(window.rolls)).append(SEPARATOR).append(times(window.newBlocks));
        window.byCollector.forEach((name, n) -> s.append(SEPARATOR).append(name).append('=').append(n));
        return s.toString();
    }

    private static String times(long[] ns) {
        return ns.length == 0 ? "-" : java.util.Arrays.stream(ns).mapToObj(Long::toString)
                .collect(java.util.stream.Collectors.joining(","));
    }

    private static long[] times(String s) {
        return "-".equals(s) ? ProducerWindow.NONE : java.util.Arrays.stream(s.split(",")).mapToLong(Long::parseLong)
                .toArray();
    }

    /** Null where {@code line} is not one {@link #line} wrote. */
    static SentCounts parse(String line) {
        String[] f = line.split(SEPARATOR);
        if (f.length < 11 || !END.equals(f[0])) {
            return null;
        }
        try {
            long[] v = new long[8];
            for (int i = 0; i < v.length; i++) {
                v[i] = Long.parseLong(f[i + 1]);
            }
            Map<String, Long> by = new LinkedHashMap<>();
            for (int i = 11; i < f.length; i++) {
                int eq = f[i].lastIndexOf('=');
                if (eq <= 0) {
                    return null;
                }
                by.put(f[i].substring(0, eq), Long.parseLong(f[i].substring(eq + 1)));
            }
            return new SentCounts(v[0], v[1], v[2], v[3], v[4],
                    new ProducerWindow(v[5], v[6], v[7], by, times(f[9]), times(f[10])));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
