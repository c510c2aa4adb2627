package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import io.queuelatency.store.IntervalLog;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/** Moves interval histograms from the recorders to the log, recycling them, and sums the measured ones. */
final class Intervals {
    /** The measured window's histogram of each definition, summed from its intervals. */
    final Map<Definition, Histogram> totals = new EnumMap<>(Definition.class);
    final Histogram intendedTotal;
    /** The warm-up's intended latencies drained so far. */
    final Histogram warmupIntended = LatencyRecorder.newHistogram();
    private final LatencyRecorder recorder;
    private final IntervalLog log;
    // [phase][definition], phase 0 warm-up and 1 window: each interval histogram is handed back to its recorder.
    private final Histogram[][] recycled = new Histogram[2][Definition.values().length];
    // [phase][definition]: each interval's tag in the log, made once, not once a second (the JIT would compile
    // Definition's methods in the window, where the tool's own code is to be compiled already: ToolJitIT)
    private final String[][] tags = new String[2][Definition.values().length];

    Intervals(LatencyRecorder recorder, IntervalLog log) {
        this.recorder = recorder;
        this.log = log;
        for (Definition d : Definition.values()) {
            totals.put(d, LatencyRecorder.newHistogram());
            tags[0][d.ordinal()] = d.warmupTag();
            tags[1][d.ordinal()] = d.tag();
        }
        intendedTotal = totals.get(Definition.INTENDED);
    }

    /** Window ticks after which the warm-up's recorders are left alone: the last warm-up message has long arrived. */
    private static final int WARMUP_TICKS_IN_WINDOW = 3;
    private int windowTicks;
    /** The p90 of the intended latency in each of the window's last ten seconds (0: none yet). */
    private final long[] recentP90 = new long[10];
    private int recent;

    /** Returns how many messages the consumer recorded in this interval. */
    long drain(boolean warmingUp) {
        long warm = 0;
        if (warmingUp || windowTicks++ < WARMUP_TICKS_IN_WINDOW) {
            warm = drainWarmup();
        }
        long measured = 0;
        for (Definition d : Definition.values()) {
            long n = move(1, d, recorder.window(d), tags[1][d.ordinal()], totals.get(d));
            measured = d == Definition.INTENDED ? n : measured;
            if (d == Definition.INTENDED && n > 0) {
                recentP90[recent++ % recentP90.length] = recycled[1][d.ordinal()].getValueAtPercentile(90);
            }
        }
        return warmingUp ? warm : measured + warm;
    }

    /** The least p90 of the window's last ten seconds that had messages; -1 before the first. */
    long recentLeastP90() {
        long least = -1;
        for (int i = 0; i < Math.min(recent, recentP90.length); i++) {
            least = least < 0 ? recentP90[i] : Math.min(least, recentP90[i]);
        }
        return least;
    }

    /** Marks the log where the window starts (wall clock, ms), so that its intervals are the window's seconds. */
    void markWindowStart(long epochMs) {
        log.markWindowStart(epochMs);
    }

    /** The last drain, after both threads stopped: everything, the warm-up's recorders too. */
    void drainAll() {
        drainWarmup();
        drain(false);
    }

    private long drainWarmup() {
        long warm = 0;
        for (Definition d : Definition.values()) {
            long n = move(0, d, recorder.warmup(d), tags[0][d.ordinal()],
                    d == Definition.INTENDED ? warmupIntended : null);
            warm = d == Definition.INTENDED ? n : warm;
        }
        return warm;
    }

    private long move(int phase, Definition d, SingleWriterRecorder from, String tag, Histogram total) {
        Histogram interval = from.getIntervalHistogram(recycled[phase][d.ordinal()]);
        recycled[phase][d.ordinal()] = interval;
        long count = interval.getTotalCount();
        if (count > 0) {
            log.append(tag, interval);
            if (total != null) {
                total.add(interval);
            }
        }
        return count;
    }
}
