package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run knew of why its measured threads stalled: the level of evidence, the commands that took a measured CPU,
 * and the counters /proc gave per second (always recorded: without root or tracefs they are all the evidence).
 */
public final class TailEvidence {
    /** The kernel's events on the two CPUs were recorded: each stall is named. */
    public static final String KERNEL_TRACE = "kernel trace";
    /** Only /proc's per-second counters: how often the kernel took each CPU, not which stall was which. */
    public static final String COUNTERS = "counters";

    public String level;
    /** How it was recorded, or why the kernel's events were not. */
    public String detail;
    /** Kernel events lost (the instance's buffer overran, or the reader's ring was full); -1 without a trace. */
    public long lostEvents = -1;
    /**
     * Slow messages matched before the JVM's events were known (JDK 8 records them in a flight recording read at the
     * end; the fold holds messages back until then, as many as its rings hold): for these a safepoint is not seen.
     */
    public long matchedWithoutJvmEvents;
    /** Most time first. */
    public List<Preemptor> preemptors = new ArrayList<>();
    /** Per second of the window, what /proc counted for each measured thread and its CPU. */
    public ThreadCounters producer = ThreadCounters.NONE;
    public ThreadCounters consumer = ThreadCounters.NONE;

    public static final class Preemptor {
        public final String command;
        /** One of the JVM's own threads (a compiler, a GC worker) rather than another process. */
        public final boolean jvm;
        /** One of this tool's own threads (monitor, trace reader, profiler): the harness's, not the JVM's. */
        public final boolean tool;
        public final long stalls;
        public final long totalNs;

        public Preemptor(String command, boolean jvm, boolean tool, long stalls, long totalNs) {
            this.command = command;
            this.jvm = jvm;
            this.tool = tool;
            this.stalls = stalls;
            this.totalNs = totalNs;
        }
    }

    /** One measured thread's counters per second of the window; -1 where /proc did not say. */
    public static final class ThreadCounters {
        public final long[] minorFaults;
        public final long[] majorFaults;
        /** The CPU taken from the thread (involuntary context switches). */
        public final long[] involuntarySwitches;
        /** All interrupts on the thread's CPU. */
        public final long[] interrupts;

        public ThreadCounters(long[] minorFaults, long[] majorFaults, long[] involuntarySwitches, long[] interrupts) {
            this.minorFaults = minorFaults.clone();
            this.majorFaults = majorFaults.clone();
            this.involuntarySwitches = involuntarySwitches.clone();
            this.interrupts = interrupts.clone();
        }

        public static final ThreadCounters NONE =
                new ThreadCounters(new long[0], new long[0], new long[0], new long[0]);

        public static long sum(long[] perSecond) {
            long s = 0;
            for (long v : perSecond) {
                s += Math.max(0, v);
            }
            return s;
        }
    }

    public boolean traced() {
        return KERNEL_TRACE.equals(level);
    }
}
