package io.queuelatency.result;

/** The measured window's message counts, set by name: eleven counts in a row would not say which is which. */
public final class MessageCounts {
    public long warmup;
    public long measured;
    public long expected;
    public long sent;
    public long received;
    /** Gaps in the sequence (messages after them came); those never reached by the end are {@link #unread}. */
    public long lost;
    /**
     * Sent and never reached when the run ended: Validity judges them lost, or the consumer fell behind where it
     * handled less than the rate; results stored before run/7 count these as lost.
     */
    public long unread;
    public long duplicated;
    public long outOfOrder;
    public long corrupted;
    public long clampedHigh;
    public long clampedNegative;
    /** More gaps in the sequence than the checker keeps: the loss counts are lower bounds. */
    public boolean gapOverflow;
}
