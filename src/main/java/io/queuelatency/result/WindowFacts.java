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
     * interrupts (the tick) and steal, ms; -1 where not readable or stored before schema 4.
     */
    public final long[] timerInterrupts;
    public final long[] stealMs;

    public WindowFacts(long gcCount, long gcTimeMs, Map<String, Long> gcCountByCollector, long producerAllocatedBytes,
                  long consumerAllocatedBytes, long heapUsedAtStartBytes, long heapUsedAtEndBytes, long heapMaxBytes,
                  long[] timerInterrupts, long[] stealMs) {
        this.timerInterrupts = timerInterrupts.clone();
        this.stealMs = stealMs.clone();
        this.gcCount = gcCount;
        this.gcTimeMs = gcTimeMs;
        this.gcCountByCollector = Collections.unmodifiableMap(new LinkedHashMap<>(gcCountByCollector));
        this.producerAllocatedBytes = producerAllocatedBytes;
        this.consumerAllocatedBytes = consumerAllocatedBytes;
        this.heapUsedAtStartBytes = heapUsedAtStartBytes;
        this.heapUsedAtEndBytes = heapUsedAtEndBytes;
        this.heapMaxBytes = heapMaxBytes;
    }
}
