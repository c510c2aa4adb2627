package io.queuelatency.words;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Reason;
import io.queuelatency.result.Settings;
import io.queuelatency.result.Warning;
import io.queuelatency.text.Units;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A run's reasons and warnings: full (as stored; {@link StoredWarnings} reads them back) and brief (the screen). */
public final class RunWords {
    /** The warnings' kinds, the one that matters most for the numbers first; any other after them. */
    private static final List<Warning.Concern> BY_IMPORTANCE = Arrays.asList(Warning.Concern.CLAMPED_HIGH,
            Warning.Concern.CLAMPED_NEGATIVE, Warning.Concern.PIN_FAILED, Warning.Concern.CPU_PAIR_APART,
            Warning.Concern.PRODUCER_BEHIND, Warning.Concern.SHORT_WARMUP, Warning.Concern.NO_DEV_SHM,
            Warning.Concern.NO_ROOM_FOR_SEND_TIME);

    private RunWords() {
    }

    /** "rate not held: achieved 97000.0 msg/s, target 100000 (tolerance 1.0%)". */
    public static String text(Reason r) {
        return reason(r, false);
    }

    /** "rate not held: 97,120 msg/s, target 100,000 (within 1%)", "2 GCs in the window (12 ms)". */
    public static String brief(Reason r) {
        return reason(r, true);
    }

    private static String reason(Reason r, boolean brief) {
        switch (r.kind) {
            case GAPS_OVERFLOWED:
                return (brief ? "over " : "more than ") + ((Reason.GapsOverflowed) r).gapsKept
                        + " gaps in the sequence: counts are lower bounds";
            case FAILED:
                return (brief ? "" : "the run failed: ") + ((Reason.RunFailed) r).failure;
            case STOPPED_EARLY:
                Reason.StoppedEarly s = (Reason.StoppedEarly) r;
                return format(brief ? "stopped early: %,d of %,d messages sent" : "stopped early: %d of %d messages "
                        + "sent", s.sent, s.expected);
            case NOT_INTACT:
                Reason.NotIntact n = (Reason.NotIntact) r;
                return brief ? "messages not intact: " + counts(n.lost, n.duplicated, n.outOfOrder, n.corrupted)
                        : format("messages not delivered intact: %d lost, %d duplicated, %d out of order, %d "
                        + "corrupted", n.lost, n.duplicated, n.outOfOrder, n.corrupted);
            case RATE_NOT_HELD:
                Reason.RateNotHeld h = (Reason.RateNotHeld) r;
                if (h.unread >= 0) {
                    return brief ? format("rate not held: the consumer handled %s msg/s, target %,d (%,d never read)",
                            rate(h.achievedPerSecond), h.targetPerSecond, h.unread)
                            : format("rate not held: the consumer fell behind, handling %.1f msg/s against a target "
                            + "of %d; %d messages sent were never read", h.achievedPerSecond, h.targetPerSecond,
                            h.unread);
                }
                return brief ? format("rate not held: %s msg/s, target %,d (within %s%%)", rate(h.achievedPerSecond),
                        h.targetPerSecond, Units.number(h.tolerancePercent))
                        : format("rate not held: achieved %.1f msg/s, target %d (tolerance %.1f%%)",
                        h.achievedPerSecond, h.targetPerSecond, h.tolerancePercent);
            case GC_IN_WINDOW:
                Reason.GcInWindow g = (Reason.GcInWindow) r;
                return brief ? format("%,d GC%s in the window (%,d ms)", g.gcCount, g.gcCount == 1 ? "" : "s",
                        g.gcTimeMs) : format("%d GC(s) in the measured window (%d ms)", g.gcCount, g.gcTimeMs);
            default:
                throw new IllegalArgumentException("no words for " + r.kind);
        }
    }

    /**
     * "256-byte messages"; with a workload that writes its own body, "messages of at most 1024 bytes (the header and
     * garbage=1024's body)": --size then bounds the message, the workload decides it.
     */
    public static String messages(String sizes, Settings s) {
        return s.workloadInPath() ? "messages of at most " + sizes + " bytes (the header and " + s.workload + "'s body)"
                : sizes + "-byte messages";
    }

    /** "the producer fell up to 8.538 ms behind its schedule (69467 messages sent late); ...". */
    public static String text(Warning w) {
        return warning(w, false, 0);
    }

    /** "6,093 messages sent late (3.0%), up to 8.43 ms behind: ..."; {@code measured}: the window's messages. */
    public static String brief(Warning w, long measured) {
        return warning(w, true, measured);
    }

    private static String warning(Warning w, boolean brief, long measured) {
        switch (w.kind) {
            case CLAMPED_HIGH:
                Warning.ClampedHigh h = (Warning.ClampedHigh) w;
                return brief ? format("%,d latencies above %s recorded as that", h.count, Units.ns(h.highestNs))
                        : h.count + " latencies above " + h.highestNs + " ns recorded as that maximum";
            case CLAMPED_NEGATIVE:
                return format(brief ? "%,d negative latencies (the clock went back) recorded as 0"
                        : "%d negative latencies (clock went backwards?) recorded as 0",
                        ((Warning.ClampedNegative) w).count);
            case PRODUCER_BEHIND:
                Warning.ProducerBehind b = (Warning.ProducerBehind) w;
                return brief ? format("%,d messages sent late (%s), up to %s behind: intended latency includes it",
                        b.lateSends, measured > 0 ? Units.share(b.lateSends / (double) measured) : "?",
                        Units.ns(b.maxSendLagNs)) : format("the producer fell up to %.3f ms behind its schedule (%d "
                        + "messages sent late); the intended-time latency includes that delay", b.maxSendLagNs / 1e6,
                        b.lateSends);
            case PIN_FAILED:
                Warning.PinFailed p = (Warning.PinFailed) w;
                return p.role + StoredWarnings.NOT_PINNED + p.cpu + (brief ? "" : ": " + p.detail);
            case QUEUE_NOT_REMOVED:
                return (brief ? "the queue's directory was not removed: " : StoredWarnings.NOT_REMOVED)
                        + ((Warning.QueueNotRemoved) w).path;
            case NO_DEV_SHM:
                return format(brief ? "no /dev/shm: the queue lives in %s, maybe a disk" : "there is no /dev/shm: "
                        + "the queue lives in %s, which may be a disk", ((Warning.NoDevShm) w).dir);
            case SHORT_WARMUP:
                Warning.ShortWarmup s = (Warning.ShortWarmup) w;
                return brief ? format("the warm-up ends before the queue's first index array is full: the JIT "
                        + "recompiles in the window (%d s avoids it)", s.warmupSecondsAvoiding)
                        : format("the warm-up (%,d messages) ends before the queue's first index array is full (%,d "
                        + "messages at %s): the window is the first to take Chronicle's path to a new index array, and "
                        + "the JIT discards compiled code of both threads there (the tail block's jit: line names it); "
                        + "a warm-up of %d s or more avoids it", s.warmupMessages, s.indexArrayMessages, s.rollCycle,
                        s.warmupSecondsAvoiding);
            case NO_ROOM_FOR_SEND_TIME:
                Warning.NoRoomForSendTime r = (Warning.NoRoomForSendTime) w;
                List<Definition> timed = Arrays.asList(Definition.values()).subList(0, r.firstMissing.ordinal());
                String head = r.messageSize + "-byte messages" + (brief ? ": no room" : " have no room") + " for the "
                        + DefinitionWords.label(r.firstMissing) + " send time";
                return brief ? head + (r.firstMissing.ordinal() < Definition.values().length - 1 ? "s" : "")
                        : head + ": " + (timed.size() == 1 ? "only the " : "the ") + DefinitionWords.labels(timed)
                        + (timed.size() == 1 ? " latency is" : " latencies are") + " measured";
            case CPU_PAIR_APART:
                Warning.CpuPairApart a = (Warning.CpuPairApart) w;
                return brief ? format("auto chose CPUs %d and %d: %s, not the reference's one L3 (name CPUs to keep "
                        + "them)", a.producerCpu, a.consumerCpu, a.relation.id) : format(StoredWarnings.PAIR_APART,
                        a.producerCpu, a.consumerCpu, a.relation.id, PairWords.apart(a.relation));
            case PRODUCER_STALLS_ELSEWHERE:
                return brief ? "the producer ran in a second JVM: its stalls were not recorded, the consumer's were"
                        : StoredWarnings.STALLS_ELSEWHERE;
            case GC_COUNTED:
                return gcCounted((Warning.GcCounted) w, brief);
            case STORED:
                return ((Warning.StoredWarning) w).text;
            default:
                throw new IllegalArgumentException("no words for " + w.kind);
        }
    }

    /**
     * "GC in the window counted as latency (3 pauses, 12 ms): the workload allocates (declared)", or "(seen: 1,056
     * B/message)": the rule that applied, {@link io.queuelatency.result.WindowGc}'s.
     */
    private static String gcCounted(Warning.GcCounted g, boolean brief) {
        String why = g.declared() ? "declared" : format("seen: %,d B/message", g.bytesPerMessage);
        return format(brief ? "GC counted as latency (%,d pause%s, %,d ms): the workload allocates (%s)"
                : "GC in the window counted as latency (%,d pause%s, %,d ms): the workload allocates (%s)",
                g.pauses, g.pauses == 1 ? "" : "s", g.pauseMs, why);
    }

    /** "3 pauses, 12 ms in all, longest 6 ms": the JVM's own figures (ms); "longest ?" where not told. */
    public static String pauses(long count, long totalMs, long longestMs) {
        return format("%,d pause%s, %,d ms in all, longest %s", count, count == 1 ? "" : "s", totalMs,
                longestMs < 0 ? "?" : format("%,d ms", longestMs));
    }

    /** The window's pauses in all, then per collector where more than one paused: "...; G1 Young Generation: ...". */
    public static String pauses(io.queuelatency.result.WindowFacts w) {
        long[] all = w.pauseTotals();
        String each = w.gcPauses.size() < 2 ? " (" + w.gcPauses.get(0).collector + ")" : " (" + w.gcPauses.stream()
                .map(p -> p.collector + ": " + pauses(p.count, p.totalMs, p.longestMs))
                .collect(Collectors.joining("; ")) + ")";
        return pauses(all[0], all[1], all[2]) + each;
    }

    public static List<String> reasons(List<Reason> reasons) {
        return reasons.stream().map(RunWords::text).collect(Collectors.toList());
    }

    public static List<String> warnings(List<Warning> warnings) {
        return warnings.stream().map(RunWords::text).collect(Collectors.toList());
    }

    /** The reasons on one line, "; " between them: a cell's reason, the console's INVALID line. */
    public static String joinedReasons(List<Reason> reasons) {
        return String.join("; ", reasons(reasons));
    }

    /** The warnings on one line, "; " between them: a column of results.csv and summary.md. */
    public static String joinedWarnings(List<Warning> warnings) {
        return String.join("; ", warnings(warnings));
    }

    /** "a", "a and b", "a, b and c". */
    public static String list(List<String> items) {
        return items.size() < 2 ? String.join("", items)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    /** ", all received once, in order, intact", or "; at least 3 lost, 1 out of order": the counts not 0. */
    public static String intact(long lost, long duplicated, long outOfOrder, long corrupted, boolean lowerBounds) {
        return lost == 0 && duplicated == 0 && outOfOrder == 0 && corrupted == 0 && !lowerBounds
                ? ", all received once, in order, intact"
                : "; " + (lowerBounds ? "at least " : "") + counts(lost, duplicated, outOfOrder, corrupted);
    }

    private static String counts(long lost, long duplicated, long outOfOrder, long corrupted) {
        String[] names = {"lost", "duplicated", "out of order", "corrupted"};
        long[] values = {lost, duplicated, outOfOrder, corrupted};
        String counts = IntStream.range(0, values.length).filter(i -> values[i] != 0)
                .mapToObj(i -> format("%,d %s", values[i], names[i])).collect(Collectors.joining(", "));
        return counts.isEmpty() ? "none lost" : counts;
    }

    /** The warnings, the one that matters most for the numbers first: a clamped value, a pin, a late producer. */
    public static List<Warning> byImportance(List<Warning> warnings) {
        List<Warning> sorted = new ArrayList<>(warnings);
        sorted.sort(Comparator.comparingInt(w -> BY_IMPORTANCE.contains(w.kind) ? BY_IMPORTANCE.indexOf(w.kind)
                : BY_IMPORTANCE.size()));
        return sorted;
    }

    /** A rate to four significant digits: "100,000" (99,999.6), "97,120", "812.3". */
    public static String rate(double perSecond) {
        if (perSecond <= 0 || Double.isNaN(perSecond) || Double.isInfinite(perSecond)) {
            return format("%.0f", perSecond);
        }
        double rounded = new BigDecimal(perSecond).round(new MathContext(4)).doubleValue();
        return rounded >= 1000 ? format("%,.0f", rounded)
                : BigDecimal.valueOf(rounded).stripTrailingZeros().toPlainString();
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
