package io.queuelatency.result;

/**
 * A run's profile (--profile): the measured threads' stacks, sampled on the wall clock by async-profiler through the
 * window, split by the samples' times into those inside a slow message's flight (from its intended send to its
 * receipt; either thread's) and the rest. The stacks are files in the run's directory ({@link #DIR}); this holds
 * what they rest on. Where the profiler could not be attached or read, only {@link #problem} is set, and the run
 * went on unprofiled.
 */
public final class Profile {
    /** The run directory's folder of the profile's files. */
    public static final String DIR = "profile";
    public static final String SLOW = "slow";
    public static final String TYPICAL = "typical";
    /** The stacks as async-profiler's collapsed text (one line a stack, its samples last) and its HTML flame graph. */
    public static final String COLLAPSED = ".collapsed";
    public static final String HTML = ".html";

    /** As asked: "p99", "50us". */
    public String slowLimit;
    /** The limit in this run: a message at least this slow (intended) was slow. */
    public long slowNs;
    public long intervalNs;
    /** The window's slow messages the profile knows (those the tail's ring kept: all beyond its floor). */
    public long slowMessages;
    /** Of {@link #slowMessages}, those with at least one sample of either thread inside their flight. */
    public long slowMessagesSampled;
    public long slowSamples;
    public long typicalSamples;
    /** How much of the window the slow messages' flights cover, merged, ns. */
    public long slowNsInWindow;
    public long windowNs;
    /** Why there is no profile (one line); null when there is. */
    public String problem;
    /** The processor's counters of each measured thread over the window (producer, consumer); empty without. */
    public java.util.List<ThreadCounts> counters = new java.util.ArrayList<>();
    /** Why there are no counters (one line: no perf, no such counter on this host); null when there are. */
    public String countersProblem;

    /** One thread's counts over the window, as perf stat counted them. */
    public static final class ThreadCounts {
        /** "producer" or "consumer". */
        public final String thread;
        public final long instructions;
        public final long cycles;
        public final long cacheMisses;
        public final long branchMisses;

        public ThreadCounts(String thread, long instructions, long cycles, long cacheMisses, long branchMisses) {
            this.thread = thread;
            this.instructions = instructions;
            this.cycles = cycles;
            this.cacheMisses = cacheMisses;
            this.branchMisses = branchMisses;
        }

        /** For the stored files' binding, which sets the fields. */
        private ThreadCounts() {
            this(null, 0, 0, 0, 0);
        }
    }

    public static Profile notTaken(String slowLimit, String problem) {
        Profile p = new Profile();
        p.slowLimit = slowLimit;
        p.problem = problem;
        return p;
    }

    public boolean taken() {
        return problem == null;
    }
}
