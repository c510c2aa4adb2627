package io.queuelatency.tail;

import io.queuelatency.measure.Channel;
import io.queuelatency.measure.SlowMessages;
import io.queuelatency.measure.StallRecorder;
import io.queuelatency.measure.StudyOutcome;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Matches each slow message of the window to what overlapped its flight, from its intended send time to its
 * receipt: a stall of the producer's CPU that began before the message was written (while it waited for a slot,
 * or spanning its write to the queue), a stall of the consumer's CPU after it was written, a GC pause, another
 * safepoint. A cause explains a sample when it covers at least half of the sample's latency (or, where no one
 * cause does but all together do, a tenth of it); failing those, a producer that sent late for no stall it saw;
 * failing that, nothing found. A message may have several causes. Then, per percentile from p99 up, how many of
 * the samples beyond it each cause explains.
 * <p>Runs after the study, in the measured JVM, on what the threads recorded (warm-up and window alike: the
 * window's part is chosen here, by time); allocation does not matter here.
 */
public final class Attribution {
    /** The largest stalls kept per thread in the result. */
    static final int LARGEST = 10;

    private Attribution() {
    }

    /**
     * @param intended     the window's intended-latency distribution (for the percentiles' values and counts)
     * @param events       the JVM's stop-the-world events, in time order (empty when not recorded)
     * @param windowEndNs  the window's scheduled end
     */
    public static Tail of(StudyOutcome.Tail t, Latency intended, List<JvmEvent> events, String eventSource,
                          boolean eventsRecorded, long windowEndNs) {
        return of(t, intended, events, eventSource, eventsRecorded, windowEndNs, null);
    }

    /** The same with what the JIT did in the window (null: not recorded). */
    public static Tail of(StudyOutcome.Tail t, Latency intended, List<JvmEvent> events, String eventSource,
                          boolean eventsRecorded, long windowEndNs, Tail.Jit jit) {
        List<JvmEvent> inWindow = new ArrayList<>();
        for (JvmEvent e : events) {
            if (e.endNs >= t.windowStartNs && e.startNs <= windowEndNs) {
                inWindow.add(e);
            }
        }
        SlowMessages slow = t.slow;
        List<Integer> window = new ArrayList<>();
        for (int k = 0; k < slow.size(); k++) {
            if (slow.intendedNs(k) >= t.windowStartNs) {
                window.add(k);
            }
        }
        int n = window.size();
        long[] latency = new long[n];
        List<EnumMap<Tail.Cause, Boolean>> causes = new ArrayList<>(n);
        boolean[] notJvm = new boolean[n];
        for (int i = 0; i < n; i++) {
            int k = window.get(i);
            latency[i] = slow.receivedNs(k) - slow.intendedNs(k);
            causes.add(causes(t, slow.intendedNs(k), slow.receivedNs(k), slow.writtenNs(k), inWindow));
            notJvm[i] = onlyTheHost(causes.get(i).keySet());
        }
        List<Tail.Beyond> beyond = new ArrayList<>();
        for (Percentile p : Percentile.belowWorst()) {
            if (p.compareTo(Percentile.P99) >= 0 && intended.at(p) != null) {
                beyond.add(beyond(intended.at(p), latency, causes, notJvm));
            }
        }
        return new Tail(stalls(t.producerStalls, t.windowStartNs, windowEndNs), stalls(t.consumerStalls, t.windowStartNs, windowEndNs),
                eventSource, eventsRecorded, operations(inWindow), each(inWindow, t.windowStartNs),
                in(t.cycleStartsNs, t.windowStartNs, windowEndNs), in(t.newBlocksNs, t.windowStartNs, windowEndNs),
                jit, slow.floorNs(), n, slow.overwritten(), beyond);
    }

    /**
     * What explains one slow message's flight from {@code from} (intended) to {@code to} (received); {@code actual}
     * is the producer's last clock read before the payload (the message was its until then), or {@link Channel#NO_ACTUAL}.
     */
    private static EnumMap<Tail.Cause, Boolean> causes(StudyOutcome.Tail t, long from, long to, long actual, List<JvmEvent> inWindow) {
        boolean hasActual = actual != Channel.NO_ACTUAL;
        EnumMap<Tail.Cause, Long> overlap = new EnumMap<>(Tail.Cause.class);
        // The producer delays a message only until it is written: its stalls that began by the write's clock read.
        Overlap producer = overlap(t.producerStalls, from, to, hasActual ? actual : to, t.cycleStartsNs, t.newBlocksNs);
        overlap.put(Tail.Cause.PRODUCER_STALL, producer.waiting);
        overlap.put(Tail.Cause.WRITE_STALL, producer.inWrite);
        // The consumer delays it only once it is written.
        Overlap consumer = overlap(t.consumerStalls, hasActual ? Math.max(from, actual) : from, to, to, t.cycleStartsNs, t.newBlocksNs);
        overlap.put(Tail.Cause.CONSUMER_STALL, consumer.waiting + consumer.inWrite);
        // A stall of either thread across the start of a new cycle file is the queue's roll, not the host's.
        overlap.put(Tail.Cause.QUEUE_ROLL, producer.roll + consumer.roll);
        // So is one across a new block of the cycle's file, mapped inside the producer's write.
        overlap.put(Tail.Cause.QUEUE_BLOCK, producer.block + consumer.block);
        long gc = 0;
        long other = 0;
        for (JvmEvent e : inWindow) { // a handful per second: a scan is enough
            if (e.startNs < to && e.endNs > from) {
                long o = Math.min(e.endNs, to) - Math.max(e.startNs, from);
                if (e.isGc()) {
                    gc += o;
                } else {
                    other += o;
                }
            }
        }
        overlap.put(Tail.Cause.GC_PAUSE, gc);
        overlap.put(Tail.Cause.SAFEPOINT, other);
        EnumMap<Tail.Cause, Boolean> c = explained(overlap, to - from);
        if (c.isEmpty() && hasActual && actual - from > t.intervalNs) {
            c.put(Tail.Cause.PRODUCER_LATE, true);
        }
        if (c.isEmpty()) {
            c.put(Tail.Cause.NONE, true);
        }
        return c;
    }

    /** A message only the host explains: a cause outside the JVM, and none of the JVM's. */
    private static boolean onlyTheHost(java.util.Set<Tail.Cause> causes) {
        boolean jvm = false;
        boolean other = false;
        for (Tail.Cause c : causes) {
            if (Tail.Beyond.isJvm(c)) {
                jvm = true;
            } else if (c != Tail.Cause.NONE) {
                other = true;
            }
        }
        return other && !jvm;
    }

    /** The kept samples beyond one percentile's value, and what explains them. */
    private static Tail.Beyond beyond(Latency.Value v, long[] latency, List<EnumMap<Tail.Cause, Boolean>> causes, boolean[] notJvm) {
        long matched = 0;
        long notJvmCount = 0;
        Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
        for (int i = 0; i < latency.length; i++) {
            if (latency[i] > v.valueNs) {
                matched++;
                notJvmCount += notJvm[i] ? 1 : 0;
                for (Tail.Cause c : causes.get(i).keySet()) {
                    byCause.merge(c, 1L, Long::sum);
                }
            }
        }
        return new Tail.Beyond(v.percentile, v.valueNs, v.beyond, matched, byCause, notJvmCount);
    }

    /**
     * The causes that explain a sample of {@code latency}: each whose overlap with its flight is at least half of
     * it; failing one, where the causes together cover half, each that covers a tenth. A short stall inside a long
     * flight explains nothing.
     */
    static EnumMap<Tail.Cause, Boolean> explained(EnumMap<Tail.Cause, Long> overlap, long latency) {
        EnumMap<Tail.Cause, Boolean> c = new EnumMap<>(Tail.Cause.class);
        long sum = 0;
        for (Map.Entry<Tail.Cause, Long> e : overlap.entrySet()) {
            sum += e.getValue();
            if (2 * e.getValue() >= latency) {
                c.put(e.getKey(), true);
            }
        }
        if (c.isEmpty() && 2 * sum >= latency) {
            for (Map.Entry<Tail.Cause, Long> e : overlap.entrySet()) {
                if (10 * e.getValue() >= latency) {
                    c.put(e.getKey(), true);
                }
            }
        }
        return c;
    }

    /** How long one thread's stalls overlap a message's flight, by what the thread was doing across them. */
    static final class Overlap {
        /** Stalls while the thread waited (the producer for a slot, the consumer for a message). */
        long waiting;
        /** Stalls spanning a write to the queue (the producer's). */
        long inWrite;
        /** Stalls across the queue's roll to a new cycle file. */
        long roll;
        /** Stalls across the queue's mapping of a new block of its file. */
        long block;
    }

    /**
     * How long the thread's stalls (disjoint, in time order) overlap [from, to], counting only stalls that began
     * no later than {@code startedBy}.
     */
    static Overlap overlap(StallRecorder s, long from, long to, long startedBy, long[] cycleStartsNs, long[] newBlocksNs) {
        Overlap sum = new Overlap();
        for (int i = lastStartingBefore(s, Math.min(to, startedBy + 1)); i >= 0; i--) {
            long end = s.startNs(i) + s.lengthNs(i);
            if (end <= from) {
                break; // the stalls before it end earlier still
            }
            long o = Math.min(end, to) - Math.max(s.startNs(i), from);
            if (contains(cycleStartsNs, s.startNs(i), end)) {
                sum.roll += o;
            } else if (contains(newBlocksNs, s.startNs(i), end)) {
                sum.block += o;
            } else if (s.inWrite(i)) {
                sum.inWrite += o;
            } else {
                sum.waiting += o;
            }
        }
        return sum;
    }

    /** Whether one of the queue's events (a roll, a new block; in time order, up to 4,096 of each) falls within [start, end]. */
    static boolean contains(long[] queueEventsNs, long start, long end) {
        int i = Arrays.binarySearch(queueEventsNs, start);
        int next = i >= 0 ? i : -i - 1; // the first at or after start
        return next < queueEventsNs.length && queueEventsNs[next] <= end;
    }

    /** The last kept stall that starts before {@code before}, or -1. */
    private static int lastStartingBefore(StallRecorder s, long before) {
        int lo = 0;
        int hi = s.kept() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (s.startNs(mid) < before) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The window's stalls: those that end after its start and begin before its end. */
    private static Tail.Stalls stalls(StallRecorder s, long windowStartNs, long windowEndNs) {
        long count = 0;
        long total = 0;
        long max = 0;
        long writeCount = 0;
        long writeNs = 0;
        List<Integer> window = new ArrayList<>();
        long[] perSecondMax = new long[(int) Math.max(1, (windowEndNs - windowStartNs + 999_999_999L) / 1_000_000_000L)];
        for (int k = 0; k < s.kept(); k++) {
            long start = s.startNs(k);
            long length = s.lengthNs(k);
            if (start + length > windowStartNs && start < windowEndNs) {
                window.add(k);
                int second = (int) Math.min(perSecondMax.length - 1, Math.max(0, start - windowStartNs) / 1_000_000_000L);
                perSecondMax[second] = Math.max(perSecondMax[second], length);
                count++;
                total += length;
                max = Math.max(max, length);
                if (s.inWrite(k)) {
                    writeCount++;
                    writeNs += length;
                }
            }
        }
        Integer[] order = window.toArray(new Integer[0]);
        Arrays.sort(order, (a, b) -> Long.compare(s.lengthNs(b), s.lengthNs(a)));
        List<Tail.Stall> largest = new ArrayList<>();
        for (int i = 0; i < Math.min(LARGEST, order.length); i++) {
            largest.add(new Tail.Stall(s.startNs(order[i]) - windowStartNs, s.lengthNs(order[i])));
        }
        boolean complete = s.seen() <= s.kept() || (s.kept() > 0 && s.startNs(0) < windowStartNs);
        long[] lengths = new long[window.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = s.lengthNs(window.get(i));
        }
        return Tail.Stalls.builder().thresholdNs(s.thresholdNs()).stalls(count, total, max).reads(s.reads()).inWrite(writeCount, writeNs)
                .complete(complete).largest(largest).perSecondMaxNs(perSecondMax).clockRead(s.clockReadP50Ns(), s.clockReadP99Ns())
                .byLength(Tail.byLength(lengths)).build();
    }

    private static long[] in(long[] queueEventsNs, long windowStartNs, long windowEndNs) {
        return Arrays.stream(queueEventsNs).filter(v -> v >= windowStartNs && v <= windowEndNs).map(v -> v - windowStartNs).toArray(); // in time order already
    }

    private static List<Tail.Event> each(List<JvmEvent> events, long windowStartNs) {
        List<Tail.Event> out = new ArrayList<>();
        for (JvmEvent e : events.subList(0, Math.min(events.size(), Tail.EVENTS_KEPT))) {
            out.add(new Tail.Event(e.startNs - windowStartNs, e.endNs - e.startNs, e.operation, JvmEvent.isGc(e.operation)));
        }
        return out;
    }

    private static List<Tail.Operation> operations(List<JvmEvent> events) {
        Map<String, OperationSum> by = new LinkedHashMap<>();
        for (JvmEvent e : events) {
            by.computeIfAbsent(e.operation, k -> new OperationSum()).add(e);
        }
        List<Tail.Operation> out = new ArrayList<>();
        for (Map.Entry<String, OperationSum> en : by.entrySet()) {
            OperationSum a = en.getValue();
            out.add(new Tail.Operation(en.getKey(), JvmEvent.isGc(en.getKey()), a.count, a.totalNs, a.maxNs, a.maxReachingNs));
        }
        return out;
    }

    /** One kind of operation's events summed: how many, how long in all, the longest, and the longest time to reach the safepoint. */
    private static final class OperationSum {
        long count;
        long totalNs;
        long maxNs;
        long maxReachingNs;

        void add(JvmEvent e) {
            long d = e.endNs - e.startNs;
            count++;
            totalNs += d;
            maxNs = Math.max(maxNs, d);
            maxReachingNs = Math.max(maxReachingNs, e.reachingNs);
        }
    }
}
