package io.queuelatency.measure;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the result needs of the producer once its loop has ended: how many it sent, when the window was due to start
 * and when its last measured message went (the achieved rate), how late it fell. Read off a {@link Producer} in this
 * JVM, or off the one line a producer in a second JVM ends with ({@link #line}, {@link #parse}), which carries that
 * JVM's window too: its collectors' pauses and what its producer thread allocated.
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

    /** A second JVM's window: its collections by collector (pauses apart), and the producer thread's allocation. */
    static final class ProducerWindow {
        final long gcPauses;
        final long gcTimeMs;
        /** -1 where its JVM cannot tell. */
        final long allocatedBytes;
        final Map<String, Long> byCollector;

        ProducerWindow(long gcPauses, long gcTimeMs, long allocatedBytes, Map<String, Long> byCollector) {
            this.gcPauses = gcPauses;
            this.gcTimeMs = gcTimeMs;
            this.allocatedBytes = allocatedBytes;
            this.byCollector = byCollector;
        }

        /** Between the two probes of the producer's JVM; an empty window where the first was never taken. */
        static ProducerWindow between(WindowProbe atStart, WindowProbe atEnd) {
            if (atStart == null || atEnd == null) {
                return new ProducerWindow(0, 0, -1, new LinkedHashMap<>());
            }
            Map<String, Long> by = new LinkedHashMap<>();
            atEnd.gcCounts.forEach((name, n) -> by.put(name, n - atStart.gcCounts.getOrDefault(name, 0L)));
            long allocated = atStart.producerAllocated < 0 || atEnd.producerAllocated < 0 ? -1
                    : atEnd.producerAllocated - atStart.producerAllocated;
            return new ProducerWindow(atEnd.gcCountSince(atStart), atEnd.gcTimeMs - atStart.gcTimeMs, allocated, by);
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

    /** "end", the five counts, the window's pauses, pause time and allocation, then each collector as name=count. */
    String line() {
        StringBuilder s = new StringBuilder(END);
        for (long v : new long[] {sent, windowStartNs, lastMeasuredSendNs, maxLagNs, lateSends, window.gcPauses,
            window.gcTimeMs, window.allocatedBytes}) {
            s.append(SEPARATOR).append(v);
        }
        window.byCollector.forEach((name, n) -> s.append(SEPARATOR).append(name).append('=').append(n));
        return s.toString();
    }

    /** Null where {@code line} is not one {@link #line} wrote. */
    static SentCounts parse(String line) {
        String[] f = line.split(SEPARATOR);
        if (f.length < 9 || !END.equals(f[0])) {
            return null;
        }
        try {
            long[] v = new long[8];
            for (int i = 0; i < v.length; i++) {
                v[i] = Long.parseLong(f[i + 1]);
            }
            Map<String, Long> by = new LinkedHashMap<>();
            for (int i = 9; i < f.length; i++) {
                int eq = f[i].lastIndexOf('=');
                if (eq <= 0) {
                    return null;
                }
                by.put(f[i].substring(0, eq), Long.parseLong(f[i].substring(eq + 1)));
            }
            return new SentCounts(v[0], v[1], v[2], v[3], v[4], new ProducerWindow(v[5], v[6], v[7], by));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
