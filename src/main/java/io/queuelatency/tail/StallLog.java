package io.queuelatency.tail;

import io.queuelatency.measure.StallRecorder;
import io.queuelatency.result.StallLengths;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Why;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One measured thread's stalls as the fold takes them from its recorder's ring: the recent ones kept with their times
 * and causes for matching, and the window's counts kept whole however long the run. Fixed arrays; a stall is dropped
 * once no message left to match can have been in flight during it.
 */
final class StallLog {
    static final int CAPACITY = 1 << 19;
    private static final int LARGEST = 10;
    private static final Why[] WHYS = Why.values();

    final StallRecorder recorder;
    final int tid;
    private final long[] start = new long[CAPACITY];
    private final long[] length = new long[CAPACITY];
    private final boolean[] inWrite = new boolean[CAPACITY];
    private final byte[] why = new byte[CAPACITY];
    private final int[] preemptor = new int[CAPACITY];
    private long head;
    private long next;
    private long named;
    private long ringRead;

    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    boolean complete = true;
    long count;
    long totalNs;
    long maxNs;
    long writeCount;
    long writeNs;
    private final long[] lengthCount = new long[StallLengths.EDGES_NS.length];
    private final long[] lengthTotal = new long[StallLengths.EDGES_NS.length];
    private final long[] whyCount = new long[WHYS.length];
    private final long[] whyTotal = new long[WHYS.length];
    private long[] perSecondMax = new long[64];
    private byte[] perSecondWhy = new byte[64];
    private final long[] largestStart = new long[LARGEST];
    private final long[] largestLength = new long[LARGEST];
    private int largest;

    StallLog(StallRecorder recorder, int tid) {
        this.recorder = recorder;
        this.tid = tid;
    }

    void window(long startNs, long endNs) {
        windowStart = startNs;
        windowEnd = endNs;
    }

    /** Takes the stalls published since that began before {@code upTo}; one lapped meanwhile is lost (not complete). */
    void pull(long upTo) {
        long published = recorder.published();
        if (published - ringRead > recorder.lapsAfter()) {
            complete = false;
            ringRead = published - recorder.lapsAfter();
        }
        for (; ringRead < published; ringRead++) {
            long s = recorder.startAt(ringRead);
            long l = recorder.lengthAt(ringRead);
            boolean w = recorder.inWriteAt(ringRead);
            if (recorder.published() - ringRead > recorder.lapsAfter()) {
                complete = false; // overwritten while read
                continue;
            }
            if (s >= upTo) {
                return;
            }
            if (next - head == CAPACITY) {
                complete = false;
                head++;
                named = Math.max(named, head);
            }
            int i = slot(next++);
            start[i] = s;
            length[i] = l;
            inWrite[i] = w;
        }
    }

    double unpulled() {
        return (double) (recorder.published() - ringRead) / recorder.lapsAfter();
    }

    /** Names every stall that ended before {@code horizonNs}, and counts those of the window. */
    void name(long horizonNs, Fold.StallNamer namer) {
        for (; named < next; named++) {
            int i = slot(named);
            long end = start[i] + length[i];
            if (end >= horizonNs) {
                return;
            }
            Why w = namer.name(this, start[i], end, inWrite[i]);
            why[i] = (byte) w.ordinal();
            preemptor[i] = namer.preemptor;
            if (end > windowStart && start[i] < windowEnd) {
                count(start[i], length[i], inWrite[i], w);
            }
        }
    }

    private void count(long s, long l, boolean w, Why cause) {
        count++;
        totalNs += l;
        maxNs = Math.max(maxNs, l);
        if (w) {
            writeCount++;
            writeNs += l;
        }
        int step = StallLengths.step(l);
        lengthCount[step]++;
        lengthTotal[step] += l;
        whyCount[cause.ordinal()]++;
        whyTotal[cause.ordinal()] += l;
        int second = (int) Math.max(0, (s - windowStart) / 1_000_000_000L);
        if (second >= perSecondMax.length) {
            perSecondMax = Arrays.copyOf(perSecondMax, Math.max(second + 1, 2 * perSecondMax.length));
            perSecondWhy = Arrays.copyOf(perSecondWhy, perSecondMax.length);
        }
        if (l > perSecondMax[second]) {
            perSecondMax[second] = l;
            perSecondWhy[second] = (byte) (cause.ordinal() + 1);
        }
        largest(s, l);
    }

    private void largest(long s, long l) {
        if (largest < LARGEST) {
            largestStart[largest] = s;
            largestLength[largest++] = l;
            return;
        }
        int min = 0;
        for (int i = 1; i < LARGEST; i++) {
            if (largestLength[i] < largestLength[min]) {
                min = i;
            }
        }
        if (l > largestLength[min]) {
            largestStart[min] = s;
            largestLength[min] = l;
        }
    }

    void trim(long beforeNs) {
        while (head < named && start[slot(head)] + length[slot(head)] < beforeNs) {
            head++;
        }
    }

    /** The newest kept stall that began before {@code t}, or head - 1. */
    long lastStartingBefore(long t) {
        return KernelWindow.firstAtOrAfter(start, head, next, t) - 1;
    }

    long head() {
        return head;
    }

    /** Stalls kept, named or not. */
    long kept() {
        return next - head;
    }

    /** The start of the oldest stall not yet named, or {@code orElse} when all are. */
    long unnamedStart(long orElse) {
        return named < next ? start[slot(named)] : orElse;
    }

    long startAt(long k) {
        return start[slot(k)];
    }

    long endAt(long k) {
        return start[slot(k)] + length[slot(k)];
    }

    boolean inWriteAt(long k) {
        return inWrite[slot(k)];
    }

    Why whyAt(long k) {
        return WHYS[why[slot(k)]];
    }

    int preemptorAt(long k) {
        return preemptor[slot(k)];
    }

    private static int slot(long k) {
        return (int) (k & (CAPACITY - 1));
    }

    ThreadStalls result(long windowLengthNs) {
        int seconds = (int) Math.max(1, (windowLengthNs + 999_999_999L) / 1_000_000_000L);
        long[] perSecond = Arrays.copyOf(perSecondMax, seconds);
        Why[] perSecondCause = new Why[seconds];
        for (int s = 0; s < Math.min(seconds, perSecondWhy.length); s++) {
            perSecondCause[s] = perSecondWhy[s] == 0 ? null : WHYS[perSecondWhy[s] - 1];
        }
        List<ThreadStalls.Stall> top = IntStream.range(0, largest).boxed()
                .sorted((a, b) -> Long.compare(largestLength[b], largestLength[a]))
                .map(i -> new ThreadStalls.Stall(largestStart[i] - windowStart, largestLength[i]))
                .collect(Collectors.toList());
        Map<Why, ThreadStalls.Tally> byWhy = Arrays.stream(WHYS).filter(w -> whyCount[w.ordinal()] > 0)
                .collect(Collectors.toMap(w -> w, w -> new ThreadStalls.Tally(whyCount[w.ordinal()],
                        whyTotal[w.ordinal()]), (a, b) -> a, () -> new EnumMap<>(Why.class)));
        ThreadStalls s = new ThreadStalls();
        s.thresholdNs = recorder.thresholdNs();
        s.count = count;
        s.totalNs = totalNs;
        s.maxNs = maxNs;
        s.reads = recorder.reads();
        s.writeCount = writeCount;
        s.writeNs = writeNs;
        s.complete = complete;
        s.largest = top;
        s.perSecondMaxNs = perSecond;
        s.clockReadP50Ns = recorder.clockReadP50Ns();
        s.clockReadP99Ns = recorder.clockReadP99Ns();
        s.byLength = StallLengths.steps(lengthCount, lengthTotal);
        s.byWhy = byWhy;
        s.perSecondMaxWhy = perSecondCause;
        return s;
    }
}
