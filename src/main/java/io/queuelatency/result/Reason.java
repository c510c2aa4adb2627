package io.queuelatency.result;

/** Why a run is not valid: the rule it broke and the numbers that broke it; the words are words/'s. */
public abstract class Reason extends KindAndNumbers<Reason.Rule> {
    public enum Rule { GAPS_OVERFLOWED, FAILED, STOPPED_EARLY, NOT_INTACT, RATE_NOT_HELD, GC_IN_WINDOW }

    private Reason(Rule kind, Object... numbers) {
        super(kind, numbers);
    }

    /** The sequence had more gaps than the checker keeps: every count of lost and out-of-order is a lower bound. */
    public static final class GapsOverflowed extends Reason {
        public final int gapsKept;

        public GapsOverflowed(int gapsKept) {
            super(Rule.GAPS_OVERFLOWED, gapsKept);
            this.gapsKept = gapsKept;
        }
    }

    public static final class RunFailed extends Reason {
        public final String failure;

        public RunFailed(String failure) {
            super(Rule.FAILED, failure);
            this.failure = failure;
        }
    }

    /** Stopped from outside before every message was sent. */
    public static final class StoppedEarly extends Reason {
        public final long sent;
        public final long expected;

        public StoppedEarly(long sent, long expected) {
            super(Rule.STOPPED_EARLY, sent, expected);
            this.sent = sent;
            this.expected = expected;
        }
    }

    public static final class NotIntact extends Reason {
        public final long lost;
        public final long duplicated;
        public final long outOfOrder;
        public final long corrupted;

        public NotIntact(long lost, long duplicated, long outOfOrder, long corrupted) {
            super(Rule.NOT_INTACT, lost, duplicated, outOfOrder, corrupted);
            this.lost = lost;
            this.duplicated = duplicated;
            this.outOfOrder = outOfOrder;
            this.corrupted = corrupted;
        }
    }

    /** The achieved rate was off the target by more than the tolerance, or nothing was sent. */
    public static final class RateNotHeld extends Reason {
        public final double achievedPerSecond;
        public final long targetPerSecond;
        /** %. */
        public final double tolerancePercent;
        /**
         * -1 where the producer did not hold the rate; else the consumer fell behind (its handling slower than the
         * rate), {@link #achievedPerSecond} is the rate it handled and this how many messages it never read.
         */
        public final long unread;

        public RateNotHeld(double achievedPerSecond, long targetPerSecond, double tolerancePercent, long unread) {
            super(Rule.RATE_NOT_HELD, achievedPerSecond, targetPerSecond, tolerancePercent, unread);
            this.achievedPerSecond = achievedPerSecond;
            this.targetPerSecond = targetPerSecond;
            this.tolerancePercent = tolerancePercent;
            this.unread = unread;
        }
    }

    public static final class GcInWindow extends Reason {
        public final long gcCount;
        public final long gcTimeMs;

        public GcInWindow(long gcCount, long gcTimeMs) {
            super(Rule.GC_IN_WINDOW, gcCount, gcTimeMs);
            this.gcCount = gcCount;
            this.gcTimeMs = gcTimeMs;
        }
    }
}
