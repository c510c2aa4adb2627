package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Whether a run is valid, as a pure function of its stored facts and explicit tolerances, so the measured JVM, the
 * matrix and a report all judge a run the same way and a stored run can be judged again. Warnings do not invalidate.
 */
public final class Validity {
    /** The sequence checker's bound (SequenceChecker.MAX_GAPS) and the recorder's (LatencyRecorder's). */
    public static final int SEQUENCE_GAPS_KEPT = 1024;
    public static final long HIGHEST_TRACKABLE_NS = 3_600_000_000_000L;

    public final boolean valid;
    public final List<Reason> invalidReasons;
    /** The setup's warnings, then the judged ones. */
    public final List<Warning> warnings;
    /** The window's GC pauses and which rule judged them. */
    public final WindowGc gc;

    /** Stored with every result. */
    public static final class Tolerances {
        public static final Tolerances DEFAULT = new Tolerances(1.0, 0, 1_000_000L);

        /** How far the achieved rate may be off the target, %. */
        public final double ratePercent;
        public final long gcInWindow;
        /**
         * A producer this far behind schedule at worst, ns, is a warning, not invalid: the intended latency includes
         * the delay by design, and a producer that cannot keep up at all fails the rate rule.
         */
        public final long lagWarningNs;

        public Tolerances(double ratePercent, long gcInWindow, long lagWarningNs) {
            this.ratePercent = ratePercent;
            this.gcInWindow = gcInWindow;
            this.lagWarningNs = lagWarningNs;
        }
    }

    /** The rate rule; a producer that sent nothing fails it. */
    public static boolean rateHeld(SendRate rate, Tolerances t) {
        return Math.abs(rate.achievedDeviationPercent) <= t.ratePercent && rate.achievedPerSecond != 0;
    }

    private Validity(List<Reason> invalidReasons, List<Warning> warnings, WindowGc gc) {
        this.valid = invalidReasons.isEmpty();
        this.gc = gc;
        this.invalidReasons = Collections.unmodifiableList(new ArrayList<>(invalidReasons));
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
    }

    /**
     * The reasons it is not valid, and the judged warnings (the setup's come in with {@link #afterSetup}); the
     * window's GC pauses by {@code gc}'s rule: a reason, or with an allocating workload latency and a warning that
     * says so.
     */
    public static Validity judge(MessageCounts m, SendRate rate, WindowGc gc, String failure, boolean stoppedEarly,
                                 Tolerances t) {
        List<Reason> reasons = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>();
        if (m.gapOverflow) {
            reasons.add(new Reason.GapsOverflowed(SEQUENCE_GAPS_KEPT));
        }
        if (failure != null) {
            reasons.add(new Reason.RunFailed(failure));
        }
        if (stoppedEarly && failure == null) {
            reasons.add(new Reason.StoppedEarly(m.sent, m.expected));
        }
        // Never read by the end: the consumer fell behind where it handled less than the rate, else they are lost.
        boolean behind = m.unread > 0 && failure == null && !stoppedEarly && rate.handledPerSecond != null
                && 100.0 * (rate.targetPerSecond - rate.handledPerSecond) / rate.targetPerSecond > t.ratePercent;
        long lost = m.lost + (behind ? 0 : m.unread);
        if (lost + m.duplicated + m.outOfOrder + m.corrupted > 0) {
            reasons.add(new Reason.NotIntact(lost, m.duplicated, m.outOfOrder, m.corrupted));
        }
        if (!rateHeld(rate, t)) {
            reasons.add(new Reason.RateNotHeld(rate.achievedPerSecond, rate.targetPerSecond, t.ratePercent, -1));
        } else if (behind) {
            reasons.add(new Reason.RateNotHeld(rate.handledPerSecond, rate.targetPerSecond, t.ratePercent, m.unread));
        }
        if (gc.pauses > t.gcInWindow && !gc.countsAsLatency()) {
            reasons.add(new Reason.GcInWindow(gc.pauses, gc.pauseMs));
        }
        if (m.clampedHigh > 0) {
            warnings.add(new Warning.ClampedHigh(m.clampedHigh, HIGHEST_TRACKABLE_NS));
        }
        if (m.clampedNegative > 0) {
            warnings.add(new Warning.ClampedNegative(m.clampedNegative));
        }
        if (rate.maxSendLagNs > t.lagWarningNs) {
            warnings.add(new Warning.ProducerBehind(rate.maxSendLagNs, rate.lateSends));
        }
        if (gc.pauses > t.gcInWindow && gc.countsAsLatency()) {
            warnings.add(new Warning.GcCounted(gc.pauses, gc.pauseMs,
                    gc.rule == WindowGc.Applied.SEEN ? gc.bytesPerMessage : -1));
        }
        return new Validity(reasons, warnings, gc);
    }

    public Validity afterSetup(List<Warning> setupWarnings) {
        List<Warning> all = new ArrayList<>(setupWarnings);
        all.addAll(warnings);
        return new Validity(invalidReasons, all, gc);
    }

    public List<Reason> reasons(Reason.Rule kind) {
        return KindAndNumbers.ofKind(invalidReasons, kind);
    }

    public List<Warning> warnings(Warning.Concern kind) {
        return KindAndNumbers.ofKind(warnings, kind);
    }
}
