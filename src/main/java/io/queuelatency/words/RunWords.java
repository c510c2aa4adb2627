package io.queuelatency.words;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Reason;
import io.queuelatency.result.Warning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A run's reasons and warnings in words: one line each, the same in result.json, the console, results.csv and
 * summary.md. What result.json stores is these words, so a stored warning is read back through
 * {@link StoredWarnings}, their inverse.
 */
public final class RunWords {
    private RunWords() {
    }

    /** "rate not held: achieved 97000.0 msg/s, target 100000 (tolerance 1.0%)". */
    public static String text(Reason r) {
        switch (r.kind) {
            case GAPS_OVERFLOWED:
                return "more than " + ((Reason.GapsOverflowed) r).gapsKept
                        + " gaps in the sequence: counts are lower bounds";
            case FAILED:
                return "the run failed: " + ((Reason.RunFailed) r).failure;
            case STOPPED_EARLY:
                Reason.StoppedEarly s = (Reason.StoppedEarly) r;
                return "stopped early: " + s.sent + " of " + s.expected + " messages sent";
            case NOT_INTACT:
                Reason.NotIntact n = (Reason.NotIntact) r;
                return String.format(Locale.ROOT, "messages not delivered intact: %d lost, %d duplicated, %d out of "
                        + "order, %d corrupted", n.lost, n.duplicated, n.outOfOrder, n.corrupted);
            case RATE_NOT_HELD:
                Reason.RateNotHeld h = (Reason.RateNotHeld) r;
                return String.format(Locale.ROOT, "rate not held: achieved %.1f msg/s, target %d (tolerance %.1f%%)",
                        h.achievedPerSecond, h.targetPerSecond, h.tolerancePercent);
            case GC_IN_WINDOW:
                Reason.GcInWindow g = (Reason.GcInWindow) r;
                return g.gcCount + " GC(s) in the measured window (" + g.gcTimeMs + " ms)";
            default:
                throw new IllegalArgumentException("no words for " + r.kind);
        }
    }

    /** "the producer fell up to 8.538 ms behind its schedule (69467 messages sent late); ...". */
    public static String text(Warning w) {
        switch (w.kind) {
            case CLAMPED_HIGH:
                Warning.ClampedHigh h = (Warning.ClampedHigh) w;
                return h.count + " latencies above " + h.highestNs + " ns recorded as that maximum";
            case CLAMPED_NEGATIVE:
                return ((Warning.ClampedNegative) w).count
                        + " negative latencies (clock went backwards?) recorded as 0";
            case PRODUCER_BEHIND:
                Warning.ProducerBehind b = (Warning.ProducerBehind) w;
                return String.format(Locale.ROOT, "the producer fell up to %.3f ms behind its schedule (%d messages "
                        + "sent late); the intended-time latency includes that delay", b.maxSendLagNs / 1e6,
                        b.lateSends);
            case PIN_FAILED:
                Warning.PinFailed p = (Warning.PinFailed) w;
                return p.role + StoredWarnings.NOT_PINNED + p.cpu + ": " + p.detail;
            case QUEUE_NOT_REMOVED:
                return StoredWarnings.NOT_REMOVED + ((Warning.QueueNotRemoved) w).path;
            case NO_DEV_SHM:
                return "there is no /dev/shm: the queue lives in " + ((Warning.NoDevShm) w).dir
                        + ", which may be a disk";
            case SHORT_WARMUP:
                return shortWarmup((Warning.ShortWarmup) w);
            case NO_ROOM_FOR_SEND_TIME:
                Warning.NoRoomForSendTime r = (Warning.NoRoomForSendTime) w;
                List<Definition> measured = Arrays.asList(Definition.values()).subList(0, r.firstMissing.ordinal());
                return r.messageSize + "-byte messages have no room for the " + DefinitionWords.label(r.firstMissing)
                        + " send time: " + (measured.size() == 1 ? "only the " : "the ")
                        + DefinitionWords.labels(measured) + (measured.size() == 1 ? " latency is" : " latencies are")
                        + " measured";
            case CPU_PAIR_APART:
                Warning.CpuPairApart a = (Warning.CpuPairApart) w;
                return String.format(Locale.ROOT, StoredWarnings.PAIR_APART, a.producerCpu, a.consumerCpu,
                        a.relation.id, PairWords.apart(a.relation));
            case STORED:
                return ((Warning.StoredWarning) w).text;
            default:
                throw new IllegalArgumentException("no words for " + w.kind);
        }
    }

    private static String shortWarmup(Warning.ShortWarmup w) {
        return String.format(Locale.ROOT, "the warm-up (%,d messages) ends before the queue's first index array is "
                + "full (%,d messages at %s): the window is the first to take Chronicle's path to a new index array, "
                + "and the JIT discards compiled code of both threads there (the tail block's jit: line names it); a "
                + "warm-up of %d s or more avoids it", w.warmupMessages, w.indexArrayMessages, w.rollCycle,
                w.warmupSecondsAvoiding);
    }

    public static List<String> reasons(List<Reason> reasons) {
        List<String> out = new ArrayList<>();
        for (Reason r : reasons) {
            out.add(text(r));
        }
        return out;
    }

    public static List<String> warnings(List<Warning> warnings) {
        List<String> out = new ArrayList<>();
        for (Warning w : warnings) {
            out.add(text(w));
        }
        return out;
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
        if (items.size() < 2) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
