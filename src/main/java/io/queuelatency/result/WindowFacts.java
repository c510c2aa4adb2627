package io.queuelatency.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** What happened in the JVM between the first and last measured message. */
public final class WindowFacts {
    /**
     * Stop-the-world GC pauses: every collector bean's count but those of a concurrent collector's cycles
     * ("ZGC Cycles", "Shenandoah Cycles"), which did not stop the application; those are in
     * {@link #gcCountByCollector} with the rest.
     */
    public final long gcCount;
    public final long gcTimeMs;
    public final Map<String, Long> gcCountByCollector;
    /** -1 where the JVM cannot tell. */
    public final long producerAllocatedBytes;
    public final long consumerAllocatedBytes;
    public final long heapUsedAtStartBytes;
    public final long heapUsedAtEndBytes;
    public final long heapMaxBytes;
    /**
     * The kernel's counts on the measured CPUs over the window ({producer's CPU, consumer's CPU}): local timer
     * interrupts and steal, ms; -1 where not readable, and in results of schema 3.
     */
    public final long[] timerInterrupts;
    public final long[] stealMs;

    private WindowFacts(Builder b) {
        gcCount = b.gcCount;
        gcTimeMs = b.gcTimeMs;
        gcCountByCollector = Collections.unmodifiableMap(new LinkedHashMap<>(b.gcCountByCollector));
        producerAllocatedBytes = b.producerAllocatedBytes;
        consumerAllocatedBytes = b.consumerAllocatedBytes;
        heapUsedAtStartBytes = b.heapUsedAtStartBytes;
        heapUsedAtEndBytes = b.heapUsedAtEndBytes;
        heapMaxBytes = b.heapMaxBytes;
        timerInterrupts = b.timerInterrupts.clone();
        stealMs = b.stealMs.clone();
    }

    public static final class Builder {
        public long gcCount;
        public long gcTimeMs;
        public Map<String, Long> gcCountByCollector = new LinkedHashMap<>();
        public long producerAllocatedBytes = -1;
        public long consumerAllocatedBytes = -1;
        public long heapUsedAtStartBytes;
        public long heapUsedAtEndBytes;
        public long heapMaxBytes;
        public long[] timerInterrupts = {-1, -1};
        public long[] stealMs = {-1, -1};

        public WindowFacts build() {
            return new WindowFacts(this);
        }
    }
}
