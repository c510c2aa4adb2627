package io.queuelatency.result;

/** Why a run is not valid: the rule it broke and the numbers that broke it; the words are words/'s. */
public abstract class Reason extends KindAndNumbers<Reason.Rule> {
    public enum Rule { GAPS_OVERFLOWED, FAILED, STOPPED_EARLY, NOT_INTACT, RATE_NOT_HELD, GC_IN_WINDOW }

    private Reason(Rule kind, Object... numbers) {
        super(kind, numbers);
    }

    /** The sequence had more gaps than the checker keeps: every count of lost and out-of-order is a lower bound. */
    public static GapsOverflowed gapsOverflowed(int gapsKept) {
        return new GapsOverflowed(gapsKept);
    }

    public static RunFailed failed(String failure) {
        return new RunFailed(failure);
    }

    /** Stopped from outside before every message was sent. */
    public static StoppedEarly stoppedEarly(long sent, long expected) {
        return new StoppedEarly(sent, expected);
    }

    public static NotIntact notIntact(long lost, long duplicated, long outOfOrder, long corrupted) {
        return new NotIntact(lost, duplicated, outOfOrder, corrupted);
    }

    /** The achieved rate was off the target by more than the tolerance, or nothing was sent. */
    /** {@code unread} -1 where the producer did not hold the rate, else the messages the consumer never read. */
    public static RateNotHeld rateNotHeld(double achievedPerSecond, long targetPerSecond, double tolerancePercent,
            long unread) {
        return new RateNotHeld(achievedPerSecond, targetPerSecond, tolerancePercent, unread);
    }

    public static GcInWindow gcInWindow(long gcCount, long gcTimeMs) {
        return new GcInWindow(gcCount, gcTimeMs);
    }

    public static final class GapsOverflowed extends Reason {
        public final int gapsKept;

        private GapsOverflowed(int gapsKept) {
            super(Rule.GAPS_OVERFLOWED, gapsKept);
            this.gapsKept = gapsKept;
        }
    }

    public static final class RunFailed extends Reason {
        public final String failure;

        private RunFailed(String failure) {
            super(Rule.FAILED, failure);
            this.failure = failure;
        }
    }

    public static final class StoppedEarly extends Reason {
        public final long sent;
        public final long expected;

        private StoppedEarly(long sent, long expected) {
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

        private NotIntact(long lost, long duplicated, long outOfOrder, long corrupted) {
            super(Rule.NOT_INTACT, lost, duplicated, outOfOrder, corrupted);
            this.lost = lost;
            this.duplicated = duplicated;
            this.outOfOrder = outOfOrder;
            this.corrupted = corrupted;
        }
    }

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

        private RateNotHeld(double achievedPerSecond, long targetPerSecond, double tolerancePercent, long unread) {
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

        private GcInWindow(long gcCount, long gcTimeMs) {
            super(Rule.GC_IN_WINDOW, gcCount, gcTimeMs);
            this.gcCount = gcCount;
            this.gcTimeMs = gcTimeMs;
        }
    }
}
