package io.queuelatency.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** What happened in the JVM between the first and last measured message. Built by name ({@link #builder}). */
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
     * interrupts (the tick) and steal, ms; -1 where not readable, and in results of schemas 1 to 3.
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

    public static Builder builder() {
        return new Builder();
    }

    /** By name; what is not given is none: no GC, no collector, nothing allocated, no kernel counts. */
    public static final class Builder {
        private long gcCount;
        private long gcTimeMs;
        private Map<String, Long> gcCountByCollector = new LinkedHashMap<>();
        private long producerAllocatedBytes;
        private long consumerAllocatedBytes;
        private long heapUsedAtStartBytes;
        private long heapUsedAtEndBytes;
        private long heapMaxBytes;
        private long[] timerInterrupts = new long[0];
        private long[] stealMs = new long[0];

        public Builder gcCount(long v) {
            gcCount = v;
            return this;
        }

        public Builder gcTimeMs(long v) {
            gcTimeMs = v;
            return this;
        }

        public Builder gcCountByCollector(Map<String, Long> v) {
            gcCountByCollector = v;
            return this;
        }

        public Builder producerAllocatedBytes(long v) {
            producerAllocatedBytes = v;
            return this;
        }

        public Builder consumerAllocatedBytes(long v) {
            consumerAllocatedBytes = v;
            return this;
        }

        public Builder heapUsedAtStartBytes(long v) {
            heapUsedAtStartBytes = v;
            return this;
        }

        public Builder heapUsedAtEndBytes(long v) {
            heapUsedAtEndBytes = v;
            return this;
        }

        public Builder heapMaxBytes(long v) {
            heapMaxBytes = v;
            return this;
        }

        /** {producer's CPU, consumer's CPU}. */
        public Builder timerInterrupts(long[] v) {
            timerInterrupts = v;
            return this;
        }

        /** {producer's CPU, consumer's CPU}. */
        public Builder stealMs(long[] v) {
            stealMs = v;
            return this;
        }

        public WindowFacts build() {
            return new WindowFacts(this);
        }
    }
}
