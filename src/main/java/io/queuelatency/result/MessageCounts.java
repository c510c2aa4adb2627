package io.queuelatency.result;

/** The measured window's message counts, built by name: eleven counts in a row would not say which is which. */
public final class MessageCounts {
    public final long warmup;
    public final long measured;
    public final long expected;
    public final long sent;
    public final long received;
    /** Gaps in the sequence (messages after them came); those never reached by the end are {@link #unread}. */
    public final long lost;
    /**
     * Sent and never reached when the run ended: Validity judges them lost, or the consumer fell behind where it
     * handled less than the rate; results stored before run/7 count these as lost.
     */
    public final long unread;
    public final long duplicated;
    public final long outOfOrder;
    public final long corrupted;
    public final long clampedHigh;
    public final long clampedNegative;
    /** More gaps in the sequence than the checker keeps: the loss counts are lower bounds. */
    public final boolean gapOverflow;

    private MessageCounts(Builder b) {
        warmup = b.warmup;
        measured = b.measured;
        expected = b.expected;
        sent = b.sent;
        received = b.received;
        lost = b.lost;
        unread = b.unread;
        duplicated = b.duplicated;
        outOfOrder = b.outOfOrder;
        corrupted = b.corrupted;
        clampedHigh = b.clampedHigh;
        clampedNegative = b.clampedNegative;
        gapOverflow = b.gapOverflow;
    }

    public static final class Builder {
        public long warmup;
        public long measured;
        public long expected;
        public long sent;
        public long received;
        public long lost;
        public long unread;
        public long duplicated;
        public long outOfOrder;
        public long corrupted;
        public long clampedHigh;
        public long clampedNegative;
        public boolean gapOverflow;

        public MessageCounts build() {
            return new MessageCounts(this);
        }
    }
}
