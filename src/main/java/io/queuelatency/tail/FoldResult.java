package io.queuelatency.tail;

import io.queuelatency.kernel.Counters;
import io.queuelatency.kernel.Names;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.Why;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/** The fold's counters turned into the run's {@link Tail}, once, after the study. */
final class FoldResult {
    private final long windowStart;
    private final long windowEnd;
    private final long durationNs;

    FoldResult(long windowStart, long windowEnd, long durationNs) {
        this.windowStart = windowStart;
        this.windowEnd = windowEnd;
        this.durationNs = durationNs;
    }

    Tail window(StallLog producer, StallLog consumer, List<JvmEvent> events, long[] rolls, long[] blocks) {
        List<JvmEvent> inWindow = events.stream().filter(e -> e.endNs >= windowStart && e.startNs <= windowEnd)
                .collect(Collectors.toList());
        Tail t = new Tail();
        t.producer = producer.result(durationNs);
        t.consumer = consumer.result(durationNs);
        t.operations = operations(inWindow);
        t.events = each(inWindow);
        t.cycleStartsNs = in(rolls);
        t.newBlocksNs = in(blocks);
        return t;
    }

    /** Per percentile from p99 up, the samples beyond it and what explains them. */
    static List<Tail.Beyond> beyond(Latency intended, SlowMessageMatcher m, Names names) {
        return Percentile.belowWorst().stream().filter(p -> p.compareTo(Percentile.P99) >= 0 && intended.at(p) != null)
                .map(p -> beyond(intended.at(p), m, names)).collect(Collectors.toList());
    }

    private static Tail.Beyond beyond(Latency.Value v, SlowMessageMatcher m, Names names) {
        Map<String, Long> by = new LinkedHashMap<>();
        for (int i = 0; i < m.commands; i++) {
            long n = SlowMessageMatcher.above(m.command[i], v.valueNs);
            if (n > 0) {
                by.merge(names == null ? "?" : names.name(m.commandName[i]), n, Long::sum);
            }
        }
        Tail.Beyond b = new Tail.Beyond();
        b.percentile = v.percentile;
        b.valueNs = v.valueNs;
        b.samples = v.beyond;
        b.matched = SlowMessageMatcher.above(m.matched, v.valueNs);
        b.byCause = above(Tail.Cause.class, m.where, v.valueNs);
        b.notJvm = SlowMessageMatcher.above(m.notJvm, v.valueNs);
        b.tool = SlowMessageMatcher.above(m.tool, v.valueNs);
        b.why = above(Why.class, m.why, v.valueNs);
        b.preemptedBy = sortedByCount(by);
        return b;
    }

    /** Per constant of {@code type}, the samples above {@code valueNs} in its histogram (by ordinal), where any. */
    private static <E extends Enum<E>> Map<E, Long> above(Class<E> type, Histogram[] byOrdinal, long valueNs) {
        Map<E, Long> out = new EnumMap<>(type);
        for (E e : type.getEnumConstants()) {
            long n = SlowMessageMatcher.above(byOrdinal[e.ordinal()], valueNs);
            if (n > 0) {
                out.put(e, n);
            }
        }
        return out;
    }

    private static Map<String, Long> sortedByCount(Map<String, Long> by) {
        return by.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, Long::sum, LinkedHashMap::new));
    }

    /** The commands that took a measured CPU in the window's stalls, most time first. */
    static List<TailEvidence.Preemptor> preemptors(Preemptors p, Names names) {
        return IntStream.range(0, p.n).boxed().sorted((a, b) -> Long.compare(p.ns[b], p.ns[a]))
                .map(i -> new TailEvidence.Preemptor(names == null ? "?" : names.name(p.name[i]), p.jvm[i], p.tool[i],
                        p.stalls[i], p.ns[i]))
                .collect(Collectors.toList());
    }

    /** One measured thread's counters per second: 0 the producer's, 1 the consumer's. */
    static TailEvidence.ThreadCounters counters(Counters c, int t) {
        long[][] s = c.perSecond(t);
        return new TailEvidence.ThreadCounters(s[0], s[1], s[2], s[3]);
    }

    private long[] in(long[] queueEventsNs) {
        return Arrays.stream(queueEventsNs).filter(v -> v >= windowStart && v <= windowEnd).map(v -> v - windowStart)
                .toArray();
    }

    private List<Tail.Event> each(List<JvmEvent> events) {
        return events.stream().limit(Tail.EVENTS_KEPT).map(e -> new Tail.Event(e.startNs - windowStart,
                e.endNs - e.startNs, e.stoppedNs, e.operation, e.isGc())).collect(Collectors.toList());
    }

    /** Per operation, in the order first seen: its count, total and longest time, and longest reach (0 unknown). */
    private static List<Tail.Operation> operations(List<JvmEvent> events) {
        Map<String, List<JvmEvent>> by = events.stream()
                .collect(Collectors.groupingBy(e -> e.operation, LinkedHashMap::new, Collectors.toList()));
        return by.entrySet().stream().map(op -> {
            LongSummaryStatistics ns = op.getValue().stream().mapToLong(e -> e.endNs - e.startNs).summaryStatistics();
            long reaching = op.getValue().stream().mapToLong(e -> e.reachingNs).max().getAsLong();
            return new Tail.Operation(op.getKey(), JvmEvent.isGc(op.getKey()), ns.getCount(), ns.getSum(),
                    Math.max(0, ns.getMax()), Math.max(0, reaching));
        }).collect(Collectors.toList());
    }
}
