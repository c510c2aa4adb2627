package io.queuelatency.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the JVM had done at one instant: collections per collector, GC pause time, heap, the bytes the measured threads
 * allocated (-1 where the JVM does not count them) and the kernel's counts. A concurrent collector's cycles ("ZGC
 * Cycles", "Shenandoah Cycles") are shown per collector but are not pauses.
 */
final class WindowProbe {
    final Map<String, Long> gcCounts = new LinkedHashMap<>();
    /** Per collector, its bean's collection time, ms. */
    final Map<String, Long> gcTimes = new LinkedHashMap<>();
    long gcTimeMs;
    long heapUsed;
    long heapMax;
    long producerAllocated = -1;
    long consumerAllocated = -1;
    io.queuelatency.host.KernelCounters kernel;

    /** More calls than C1 waits for before it compiles a method (200 invocations by default), with room to spare. */
    static final int REHEARSALS = 400;
    /** A large host's /proc/interrupts is long. */
    static final long REHEARSAL_NS = 300_000_000L;

    /** Reads the kernel's counters as the warm-up begins, so the JIT compiles that code then, not in the window. */
    static void rehearse(int producerCpu, int consumerCpu) {
        long until = System.nanoTime() + REHEARSAL_NS;
        for (int i = 0; i < REHEARSALS && System.nanoTime() - until < 0; i++) {
            io.queuelatency.host.KernelCounters.read(producerCpu, consumerCpu);
        }
    }

    static WindowProbe take(Thread producer, Thread consumer, int producerCpu, int consumerCpu) {
        WindowProbe p = new WindowProbe();
        p.kernel = io.queuelatency.host.KernelCounters.read(producerCpu, consumerCpu);
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            p.gcCounts.put(gc.getName(), Math.max(0, gc.getCollectionCount()));
            p.gcTimes.put(gc.getName(), Math.max(0, gc.getCollectionTime()));
            if (isPause(gc.getName())) {
                p.gcTimeMs += Math.max(0, gc.getCollectionTime());
            }
        }
        p.heapUsed = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        p.heapMax = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (threads instanceof com.sun.management.ThreadMXBean) {
            com.sun.management.ThreadMXBean hotspot = (com.sun.management.ThreadMXBean) threads;
            if (hotspot.isThreadAllocatedMemorySupported() && hotspot.isThreadAllocatedMemoryEnabled()) {
                p.producerAllocated = hotspot.getThreadAllocatedBytes(producer.getId());
                p.consumerAllocated = hotspot.getThreadAllocatedBytes(consumer.getId());
            }
        }
        return p;
    }

    long gcCountSince(WindowProbe start) {
        return gcCounts.entrySet().stream().filter(e -> isPause(e.getKey()))
                .mapToLong(e -> e.getValue() - start.gcCounts.getOrDefault(e.getKey(), 0L)).sum();
    }

    static boolean isPause(String collector) {
        return !collector.endsWith(" Cycles");
    }
}
