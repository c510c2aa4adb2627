package io.queuelatency.result;

/** What the pre-toucher did in a run (--pretouch). */
public final class Pretouch {
    public final int cpu;
    public final long aheadBytes;
    public final long populatedBytes;
    /**
     * Its lead over the writer each time it looked (every 100 us), before populating more: the least and the median; -1
     * without one.
     */
    public final long leastLeadBytes;
    public final long medianLeadBytes;
    /** Why it stopped early (the run went on without it); null when it did not. */
    public final String failure;

    public Pretouch(int cpu, long aheadBytes, long populatedBytes, long leastLeadBytes, long medianLeadBytes,
            String failure) {
        this.cpu = cpu;
        this.aheadBytes = aheadBytes;
        this.populatedBytes = populatedBytes;
        this.leastLeadBytes = leastLeadBytes;
        this.medianLeadBytes = medianLeadBytes;
        this.failure = failure;
    }
}
