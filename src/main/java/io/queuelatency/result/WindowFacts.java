package io.queuelatency.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What happened in the JVM between the first and last measured message. */
public final class WindowFacts {
    /**
     * Stop-the-world GC pauses: every collector bean's count but those of a concurrent collector's cycles
     * ("ZGC Cycles", "Shenandoah Cycles"), which did not stop the application; those are in
     * {@link #gcCountByCollector} with the rest.
     */
    public long gcCount;
    public long gcTimeMs;
    public Map<String, Long> gcCountByCollector = new LinkedHashMap<>();
    /**
     * The stop-the-world pauses in the window per collector that paused, as the JVM's own beans tell them; empty
     * where none paused (and in results stored before they were recorded).
     */
    public List<Pauses> gcPauses = new ArrayList<>();
    /** -1 where the JVM cannot tell. */
    public long producerAllocatedBytes = -1;
    public long consumerAllocatedBytes = -1;
    public long heapUsedAtStartBytes;
    public long heapUsedAtEndBytes;
    public long heapMaxBytes;
    /**
     * The kernel's counts on the measured CPUs over the window ({producer's CPU, consumer's CPU}): local timer
     * interrupts and steal, ms; -1 where not readable, and in results of schema 3.
     */
    public long[] timerInterrupts = {-1, -1};
    public long[] stealMs = {-1, -1};

    /**
     * One collector's pauses in the window: how many (its bean's count), their total (its bean's collection time) and
     * the longest (the longest duration its notifications gave), in ms, the resolution the JVM's beans have.
     */
    public static final class Pauses {
        /** The bean's name: "G1 Young Generation", "ZGC Minor Pauses". */
        public final String collector;
        public final long count;
        public final long totalMs;
        /** -1 where no notification of a pause in the window reached the tool. */
        public final long longestMs;

        public Pauses(String collector, long count, long totalMs, long longestMs) {
            this.collector = collector;
            this.count = count;
            this.totalMs = totalMs;
            this.longestMs = longestMs;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Pauses)) {
                return false;
            }
            Pauses p = (Pauses) o;
            return collector.equals(p.collector) && count == p.count && totalMs == p.totalMs
                    && longestMs == p.longestMs;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(collector, count, totalMs, longestMs);
        }

        @Override
        public String toString() {
            return collector + ": " + count + " pauses, " + totalMs + " ms, longest " + longestMs + " ms";
        }
    }

    /** The pauses of every collector in the window: their count, total ms and longest ms (-1: not told). */
    public long[] pauseTotals() {
        long count = 0;
        long total = 0;
        long longest = -1;
        for (Pauses p : gcPauses) {
            count += p.count;
            total += p.totalMs;
            longest = Math.max(longest, p.longestMs);
        }
        return new long[] {count, total, longest};
    }
}
