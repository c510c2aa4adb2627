package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run is valid, as a pure function of its stored facts and explicit tolerances, so the measured
 * JVM, the matrix and a report all judge a run the same way and a stored run can be judged again.
 * <p>Valid: the run did not fail and was not stopped early; every message arrived once, in order and
 * intact; the achieved rate is within {@link Tolerances#ratePercent} of the target; no GC pause in the window.
 * Warnings (they do not invalidate): the setup's (a failed pin, an option), values clamped to the
 * histogram's range, and a producer that fell more than {@link Tolerances#lagWarningNs} behind schedule.
 */
public final class Validity {
    /** Of results of schema 1, which stored the reasons and not the facts behind some of them. */
    public static final String FAILED_PREFIX = "the run failed: ";
    public static final String STOPPED_PREFIX = "stopped early: ";
    public static final String GAPS_PREFIX = "more than ";
    /** The sequence checker's bound (SequenceChecker.MAX_GAPS) and the recorder's (LatencyRecorder.HIGHEST_TRACKABLE_NS). */
    public static final int SEQUENCE_GAPS_KEPT = 1024;
    public static final long HIGHEST_TRACKABLE_NS = 3_600_000_000_000L;

    public final boolean valid;
    public final List<String> invalidReasons;
    /** The setup's warnings, then the judged ones. */
    public final List<String> warnings;

    /** The limits a run is judged against, stored with every result. */
    public static final class Tolerances {
        public static final Tolerances DEFAULT = new Tolerances(1.0, 0, 1_000_000L);

        /** The achieved rate may differ from the target by this much, %. */
        public final double ratePercent;
        /** GCs allowed in the measured window. */
        public final long gcInWindow;
        /**
         * A producer this far behind schedule at worst, ns, is a warning. Late sends do not invalidate a run: the
         * intended latency includes their delay by design (coordinated omission corrected), and a producer that
         * cannot keep up at all fails the rate rule.
         */
        public final long lagWarningNs;

        public Tolerances(double ratePercent, long gcInWindow, long lagWarningNs) {
            this.ratePercent = ratePercent;
            this.gcInWindow = gcInWindow;
            this.lagWarningNs = lagWarningNs;
        }
    }

    /** The rate rule: the achieved rate over the window within the tolerance of the target (a producer that sent nothing fails it). */
    public static boolean rateHeld(SendRate rate, Tolerances t) {
        return Math.abs(rate.achievedDeviationPercent) <= t.ratePercent && rate.achievedPerSecond != 0;
    }

    private Validity(List<String> invalidReasons, List<String> warnings) {
        this.valid = invalidReasons.isEmpty();
        this.invalidReasons = Collections.unmodifiableList(invalidReasons);
        this.warnings = Collections.unmodifiableList(warnings);
    }

    public static Validity judge(MessageCounts m, SendRate rate, WindowFacts window, String failure,
                                 boolean stoppedEarly, List<String> setupWarnings, Tolerances t) {
        List<String> reasons = new ArrayList<>();
        List<String> warnings = new ArrayList<>(setupWarnings);
        if (m.gapOverflow) {
            reasons.add("more than " + SEQUENCE_GAPS_KEPT + " gaps in the sequence: counts are lower bounds");
        }
        if (failure != null) {
            reasons.add(FAILED_PREFIX + failure);
        }
        if (stoppedEarly && failure == null) {
            reasons.add("stopped early: " + m.sent + " of " + m.expected + " messages sent");
        }
        if (m.lost + m.duplicated + m.outOfOrder + m.corrupted > 0) {
            reasons.add(String.format(Locale.ROOT, "messages not delivered intact: %d lost, %d duplicated, %d out of order, %d corrupted",
                    m.lost, m.duplicated, m.outOfOrder, m.corrupted));
        }
        if (!rateHeld(rate, t)) {
            reasons.add(String.format(Locale.ROOT, "rate not held: achieved %.1f msg/s, target %d (tolerance %.1f%%)",
                    rate.achievedPerSecond, rate.targetPerSecond, t.ratePercent));
        }
        if (window.gcCount > t.gcInWindow) {
            reasons.add(window.gcCount + " GC(s) in the measured window (" + window.gcTimeMs + " ms)");
        }
        if (m.clampedHigh > 0) {
            warnings.add(m.clampedHigh + " latencies above " + HIGHEST_TRACKABLE_NS + " ns recorded as that maximum");
        }
        if (m.clampedNegative > 0) {
            warnings.add(m.clampedNegative + " negative latencies (clock went backwards?) recorded as 0");
        }
        if (rate.maxSendLagNs > t.lagWarningNs) {
            warnings.add(String.format(Locale.ROOT, "the producer fell up to %.3f ms behind its schedule (%d messages sent late); "
                    + "the intended-time latency includes that delay", rate.maxSendLagNs / 1e6, rate.lateSends));
        }
        return new Validity(reasons, warnings);
    }

}
