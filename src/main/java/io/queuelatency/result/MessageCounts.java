package io.queuelatency.result;

/**
 * The measured window's message counts: what was sent, received, lost, duplicated, out of order, damaged or clamped.
 * Built by name ({@link #builder}): eleven counts of one type in a row would not say which is which.
 */
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

    private MessageCounts(Builder b) {
        warmup = b.warmup;
        measured = b.measured;
        expected = b.expected;
        sent = b.sent;
        received = b.received;
        lost = b.lost;
        duplicated = b.duplicated;
        outOfOrder = b.outOfOrder;
        corrupted = b.corrupted;
        clampedHigh = b.clampedHigh;
        clampedNegative = b.clampedNegative;
        gapOverflow = b.gapOverflow;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** By name; a count not given is 0. */
    public static final class Builder {
        private long warmup;
        private long measured;
        private long expected;
        private long sent;
        private long received;
        private long lost;
        private long duplicated;
        private long outOfOrder;
        private long corrupted;
        private long clampedHigh;
        private long clampedNegative;
        private boolean gapOverflow;

        public Builder warmup(long v) {
            warmup = v;
            return this;
        }

        public Builder measured(long v) {
            measured = v;
            return this;
        }

        public Builder expected(long v) {
            expected = v;
            return this;
        }

        public Builder sent(long v) {
            sent = v;
            return this;
        }

        public Builder received(long v) {
            received = v;
            return this;
        }

        public Builder lost(long v) {
            lost = v;
            return this;
        }

        public Builder duplicated(long v) {
            duplicated = v;
            return this;
        }

        public Builder outOfOrder(long v) {
            outOfOrder = v;
            return this;
        }

        public Builder corrupted(long v) {
            corrupted = v;
            return this;
        }

        public Builder clampedHigh(long v) {
            clampedHigh = v;
            return this;
        }

        public Builder clampedNegative(long v) {
            clampedNegative = v;
            return this;
        }

        public Builder gapOverflow(boolean v) {
            gapOverflow = v;
            return this;
        }

        public MessageCounts build() {
            return new MessageCounts(this);
        }
    }
}
