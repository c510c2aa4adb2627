package io.queuelatency.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the JVM did between two instants: collections per collector, GC pauses and their time, heap used, and
 * the bytes the producer and consumer threads allocated (HotSpot's per-thread allocation counter; -1 where
 * the JVM has none). The measured window is valid only with no GC pause in it; the allocation counters show
 * why. A concurrent collector reports its concurrent cycles on a bean of its own ("ZGC Cycles", "ZGC Major
 * Cycles", "Shenandoah Cycles") beside its pauses ("ZGC Pauses", "Shenandoah Pauses"): a cycle that never
 * stopped the application is not a pause, so those beans are shown per collector but not counted.
 */
final class WindowProbe {
    final Map<String, Long> gcCounts = new LinkedHashMap<>();
    long gcTimeMs;
    long heapUsed;
    long heapMax;
    long producerAllocated = -1;
    long consumerAllocated = -1;
    /** The kernel's counts on the producer's and the consumer's CPU (timer interrupts, steal). */
    io.queuelatency.host.KernelCounters kernel;

    /** More calls than C1 waits for before it compiles a method (200 invocations by default), with room to spare. */
    static final int REHEARSALS = 400;
    /** The most time the rehearsal may take of the warm-up (a large host's /proc/interrupts is long). */
    static final long REHEARSAL_NS = 300_000_000L;

    /**
     * Reads the kernel's counters, as the start probe will, often enough as the warm-up begins that the JIT compiles
     * that code of the tool's then, not as the window begins: how many times the tool had read /proc and sysfs
     * before (the CPU topology, the host check) varies with the host, and the start probe's call could be the one
     * that crosses the compiler's threshold.
     */
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

    /** GC pauses since {@code start}: every collector's count but the concurrent cycles'. */
    long gcCountSince(WindowProbe start) {
        long n = 0;
        for (Map.Entry<String, Long> e : gcCounts.entrySet()) {
            if (isPause(e.getKey())) {
                n += e.getValue() - start.gcCounts.getOrDefault(e.getKey(), 0L);
            }
        }
        return n;
    }

    /** False for the beans that count a concurrent collector's cycles rather than its pauses. */
    static boolean isPause(String collector) {
        return !collector.endsWith(" Cycles");
    }

    static long delta(long end, long start) {
        return end < 0 || start < 0 ? -1 : end - start;
    }
}
