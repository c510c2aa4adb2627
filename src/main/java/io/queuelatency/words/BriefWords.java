package io.queuelatency.words;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Reason;
import io.queuelatency.result.Warning;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A run's screen in a few words: each reason a run is not valid and each warning, short enough to share a line of
 * 120 columns (a cause of the tail's are {@link CauseWords#brief}). The full sentences (result.json's, table.txt's)
 * are {@link RunWords}' and {@link CauseWords}'.
 */
public final class BriefWords {
    /** The warnings' kinds, the one that matters most for the numbers first; any other after them. */
    private static final List<Warning.Concern> BY_IMPORTANCE = Arrays.asList(Warning.Concern.CLAMPED_HIGH,
            Warning.Concern.CLAMPED_NEGATIVE, Warning.Concern.PIN_FAILED, Warning.Concern.CPU_PAIR_APART,
            Warning.Concern.PRODUCER_BEHIND, Warning.Concern.SHORT_WARMUP, Warning.Concern.NO_DEV_SHM,
            Warning.Concern.NO_ROOM_FOR_SEND_TIME);

    private BriefWords() {
    }

    /** "rate not held: 97,120 msg/s, target 100,000 (within 1%)", "2 GCs in the window (12 ms)". */
    public static String text(Reason r) {
        switch (r.kind) {
            case GAPS_OVERFLOWED:
                return "over " + ((Reason.GapsOverflowed) r).gapsKept
                        + " gaps in the sequence: counts are lower bounds";
            case FAILED:
                return ((Reason.RunFailed) r).failure;
            case STOPPED_EARLY:
                Reason.StoppedEarly s = (Reason.StoppedEarly) r;
                return String.format(Locale.ROOT, "stopped early: %,d of %,d messages sent", s.sent, s.expected);
            case NOT_INTACT:
                Reason.NotIntact n = (Reason.NotIntact) r;
                return "messages not intact: " + counts(n.lost, n.duplicated, n.outOfOrder, n.corrupted);
            case RATE_NOT_HELD:
                Reason.RateNotHeld h = (Reason.RateNotHeld) r;
                return String.format(Locale.ROOT, "rate not held: %s msg/s, target %,d (within %s%%)",
                        rate(h.achievedPerSecond), h.targetPerSecond, Units.number(h.tolerancePercent));
            case GC_IN_WINDOW:
                Reason.GcInWindow g = (Reason.GcInWindow) r;
                return String.format(Locale.ROOT, "%,d GC%s in the window (%,d ms)", g.gcCount,
                        g.gcCount == 1 ? "" : "s", g.gcTimeMs);
            default:
                throw new IllegalArgumentException("no words for " + r.kind);
        }
    }

    /**
     * ", all received once, in order, intact", or "; 3 lost, 1 out of order" (the counts that are not 0; "at least"
     * where the sequence had more gaps than the checker keeps).
     */
    public static String intact(long lost, long duplicated, long outOfOrder, long corrupted, boolean lowerBounds) {
        if (lost == 0 && duplicated == 0 && outOfOrder == 0 && corrupted == 0 && !lowerBounds) {
            return ", all received once, in order, intact";
        }
        return "; " + (lowerBounds ? "at least " : "") + counts(lost, duplicated, outOfOrder, corrupted);
    }

    /** "3 lost, 1 out of order": the counts that are not 0. */
    private static String counts(long lost, long duplicated, long outOfOrder, long corrupted) {
        List<String> parts = new ArrayList<>();
        String[] names = {"lost", "duplicated", "out of order", "corrupted"};
        long[] values = {lost, duplicated, outOfOrder, corrupted};
        for (int i = 0; i < values.length; i++) {
            if (values[i] != 0) {
                parts.add(String.format(Locale.ROOT, "%,d %s", values[i], names[i]));
            }
        }
        return parts.isEmpty() ? "none lost" : String.join(", ", parts);
    }

    /** "6,093 messages sent late (3.0%), up to 8.43 ms behind: ..."; {@code measured}: the window's messages. */
    public static String text(Warning w, long measured) {
        switch (w.kind) {
            case CLAMPED_HIGH:
                Warning.ClampedHigh h = (Warning.ClampedHigh) w;
                return String.format(Locale.ROOT, "%,d latencies above %s recorded as that", h.count,
                        Units.ns(h.highestNs));
            case CLAMPED_NEGATIVE:
                return String.format(Locale.ROOT, "%,d negative latencies (the clock went back) recorded as 0",
                        ((Warning.ClampedNegative) w).count);
            case PRODUCER_BEHIND:
                Warning.ProducerBehind b = (Warning.ProducerBehind) w;
                return String.format(Locale.ROOT, "%,d messages sent late (%s), up to %s behind: intended latency "
                        + "includes it", b.lateSends, measured > 0 ? Units.share(b.lateSends / (double) measured) : "?",
                        Units.ns(b.maxSendLagNs));
            case PIN_FAILED:
                Warning.PinFailed p = (Warning.PinFailed) w;
                return p.role + " not pinned to CPU " + p.cpu;
            case QUEUE_NOT_REMOVED:
                return "the queue's directory was not removed: " + ((Warning.QueueNotRemoved) w).path;
            case NO_DEV_SHM:
                return "no /dev/shm: the queue lives in " + ((Warning.NoDevShm) w).dir + ", maybe a disk";
            case SHORT_WARMUP:
                return String.format(Locale.ROOT, "the warm-up ends before the queue's first index array is full: "
                        + "the JIT recompiles in the window (%d s avoids it)",
                        ((Warning.ShortWarmup) w).warmupSecondsAvoiding);
            case NO_ROOM_FOR_SEND_TIME:
                Warning.NoRoomForSendTime r = (Warning.NoRoomForSendTime) w;
                return r.messageSize + "-byte messages: no room for the " + DefinitionWords.label(r.firstMissing)
                        + " send time" + (r.firstMissing.ordinal() < Definition.values().length - 1 ? "s" : "");
            case CPU_PAIR_APART:
                Warning.CpuPairApart a = (Warning.CpuPairApart) w;
                return "auto chose CPUs " + a.producerCpu + " and " + a.consumerCpu + ": " + a.relation.id
                        + ", not the reference's one L3 (name CPUs to keep them)";
            default:
                return RunWords.text(w);
        }
    }

    /** The warnings, the one that matters most for the numbers first: a clamped value, a pin, a late producer. */
    public static List<Warning> byImportance(List<Warning> warnings) {
        List<Warning> sorted = new ArrayList<>(warnings);
        sorted.sort(Comparator.comparingInt(BriefWords::rank));
        return sorted;
    }

    private static int rank(Warning w) {
        int i = BY_IMPORTANCE.indexOf(w.kind);
        return i < 0 ? BY_IMPORTANCE.size() : i;
    }

    /** A rate to four significant digits: "100,000" (99,999.6), "97,120", "812.3". */
    public static String rate(double perSecond) {
        if (perSecond <= 0 || Double.isNaN(perSecond) || Double.isInfinite(perSecond)) {
            return String.format(Locale.ROOT, "%.0f", perSecond);
        }
        double rounded = new java.math.BigDecimal(perSecond).round(new java.math.MathContext(4)).doubleValue();
        return rounded >= 1000 ? String.format(Locale.ROOT, "%,.0f", rounded)
                : java.math.BigDecimal.valueOf(rounded).stripTrailingZeros().toPlainString();
    }
}
