package io.queuelatency.result;

/** The measured window's message counts: what was sent, received, lost, duplicated, out of order, damaged or clamped. */
public final class MessageCounts {
    public final long warmup;
    public final long measured;
    public final long expected;
    public final long sent;
    public final long received;
    public final long lost;
    public final long duplicated;
    public final long outOfOrder;
    public final long corrupted;
    public final long clampedHigh;
    public final long clampedNegative;
    /** More gaps in the sequence than the checker keeps: the loss counts are lower bounds. */
    public final boolean gapOverflow;

    public MessageCounts(long warmup, long measured, long expected, long sent, long received, long lost, long duplicated,
                    long outOfOrder, long corrupted, long clampedHigh, long clampedNegative, boolean gapOverflow) {
        this.warmup = warmup;
        this.measured = measured;
        this.expected = expected;
        this.sent = sent;
        this.received = received;
        this.lost = lost;
        this.duplicated = duplicated;
        this.outOfOrder = outOfOrder;
        this.corrupted = corrupted;
        this.clampedHigh = clampedHigh;
        this.clampedNegative = clampedNegative;
        this.gapOverflow = gapOverflow;
    }
}
