package io.queuelatency.tail;

import io.queuelatency.measure.Channel;
import io.queuelatency.measure.LatencyRecorder;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * Each slow message of the window matched against what covered its flight, from its intended send time to its
 * receipt: its latency goes into one histogram per cause, so the samples beyond any percentile and what explains them
 * are read off at the end. Two views: whose stall it was ({@link Tail.Cause}) and why ({@link Why}). A cause explains
 * a sample when it covers half of its latency; failing one, where the causes together do, each that covers a tenth.
 * Allocation-free per message.
 */
final class SlowMessageMatcher {
    private static final Tail.Cause[] WHERE = Tail.Cause.values();
    private static final Why[] WHYS = Why.values();
    static final int MAX_COMMANDS = 32;

    final Histogram matched = LatencyRecorder.newHistogram();
    final Histogram notJvm = LatencyRecorder.newHistogram();
    /** Of {@link #notJvm}, the samples this tool's own threads explain. */
    final Histogram tool = LatencyRecorder.newHistogram();
    final Histogram[] where = new Histogram[WHERE.length];
    final Histogram[] why = new Histogram[WHYS.length];
    /** Per command that took a CPU (its number in the trace's names), the samples it explains. */
    final int[] commandName = new int[MAX_COMMANDS];
    final Histogram[] command = new Histogram[MAX_COMMANDS];
    int commands;

    final long[] whereNs = new long[WHERE.length];
    final long[] whyNs = new long[WHYS.length];
    /** The part of {@link #whyNs} from the producer's stalls and the JVM's events: what can make it late. */
    private final long[] producerWhyNs = new long[WHYS.length];
    private int producerPreemptor;
    private static final int PRODUCER_SIDE = 1 << Tail.Cause.PRODUCER_STALL.ordinal()
            | 1 << Tail.Cause.WRITE_STALL.ordinal() | 1 << Tail.Cause.QUEUE_ROLL.ordinal()
            | 1 << Tail.Cause.QUEUE_BLOCK.ordinal() | 1 << Tail.Cause.GC_PAUSE.ordinal()
            | 1 << Tail.Cause.SAFEPOINT.ordinal();
    /** The command whose stall covered most of the last message's flight; -1 none. */
    int preemptor;
    private long preemptorNs;

    // The chain of late sends: a message late only because the producer was still catching up is the stall's.
    private long lastIntended = Long.MIN_VALUE;
    private boolean chainOpen;
    private int chainWhere;
    private int chainWhy;
    private int chainPreemptor = -1;
    private final long intervalNs;

    // Set once per fold by against().
    private StallLog producer;
    private StallLog consumer;
    private JvmSpans spans;
    private long[] rolls = new long[0];
    private long[] blocks = new long[0];

    SlowMessageMatcher(long intervalNs) {
        this.intervalNs = intervalNs;
        Arrays.setAll(where, i -> LatencyRecorder.newHistogram());
        Arrays.setAll(why, i -> LatencyRecorder.newHistogram());
    }

    /** Once per fold, before its messages; each in time order. */
    void against(StallLog producer, StallLog consumer, JvmSpans spans, long[] rolls, long[] blocks) {
        this.producer = producer;
        this.consumer = consumer;
        this.spans = spans;
        this.rolls = rolls;
        this.blocks = blocks;
    }

    /**
     * The overlaps of one message's flight, left in {@link #whereNs} and {@link #whyNs}. The producer delays a message
     * only until {@code written}, the consumer only after.
     */
    void overlaps(long intended, long written, long received) {
        Arrays.fill(whereNs, 0);
        Arrays.fill(whyNs, 0);
        preemptor = -1;
        preemptorNs = 0;
        boolean hasWritten = written != Channel.NO_ACTUAL;
        stalls(producer, intended, received, hasWritten ? written : received, true);
        System.arraycopy(whyNs, 0, producerWhyNs, 0, whyNs.length);
        producerPreemptor = preemptor;
        stalls(consumer, hasWritten ? Math.max(intended, written) : intended, received, received, false);
        long gc = spans.overlap(intended, received, true);
        long other = spans.overlap(intended, received, false);
        whereNs[Tail.Cause.GC_PAUSE.ordinal()] += gc;
        whereNs[Tail.Cause.SAFEPOINT.ordinal()] += other;
        whyNs[Why.GC_PAUSE.ordinal()] += gc;
        whyNs[Why.SAFEPOINT.ordinal()] += other;
        producerWhyNs[Why.GC_PAUSE.ordinal()] += gc;
        producerWhyNs[Why.SAFEPOINT.ordinal()] += other;
    }

    private int producerWhyMask() {
        int mask = 0;
        for (int w = 0; w < producerWhyNs.length; w++) {
            mask |= producerWhyNs[w] > 0 ? 1 << w : 0;
        }
        return mask;
    }

    private void stalls(StallLog s, long from, long to, long startedBy, boolean ofProducer) {
        for (long k = s.lastStartingBefore(Math.min(to, startedBy + 1)); k >= s.head(); k--) {
            long end = s.endAt(k);
            if (end <= from) {
                break; // the stalls before it end earlier still
            }
            long start = s.startAt(k);
            long o = Math.min(end, to) - Math.max(start, from);
            Tail.Cause c = contains(rolls, start, end) ? Tail.Cause.QUEUE_ROLL : contains(blocks, start, end)
                    ? Tail.Cause.QUEUE_BLOCK
                    : !ofProducer ? Tail.Cause.CONSUMER_STALL
                    : s.inWriteAt(k) ? Tail.Cause.WRITE_STALL : Tail.Cause.PRODUCER_STALL;
            whereNs[c.ordinal()] += o;
            Why w = s.whyAt(k);
            if (w == Why.GC_PAUSE || w == Why.SAFEPOINT) {
                // The JVM's event is counted once, from its own times; a stall named for it adds what lies past them
                // (a thread woken only after the stop, or one that waited for the collection it set off).
                long a = Math.max(start, from);
                long b = Math.min(end, to);
                whyNs[w.ordinal()] += Math.max(0, b - a - spans.overlap(a, b, true) - spans.overlap(a, b, false));
                continue;
            }
            if (w == Why.WAITED
                    && 2 * (spans.overlap(start, end, true) + spans.overlap(start, end, false)) >= end - start) {
                continue; // a wait mostly inside the JVM's event is the event's; a wait mostly outside, the wait's own
            }
            whyNs[w.ordinal()] += o;
            if ((w == Why.PREEMPTED || w == Why.JVM_THREAD || w == Why.TOOL_THREAD) && o > preemptorNs
                    && s.preemptorAt(k) >= 0) {
                preemptorNs = o;
                preemptor = s.preemptorAt(k);
            }
        }
    }

    void count(long intended, long written, long latency) {
        int whereMask = explained(whereNs, latency);
        int whyMask = explained(whyNs, latency);
        boolean late = written != Channel.NO_ACTUAL && written - intended > intervalNs;
        long gap = intended - lastIntended;
        // the schedule rounds each send time down to the ns
        boolean follows = gap >= intervalNs && gap <= intervalNs + 1;
        lastIntended = intended;
        int from = preemptor;
        if (whereMask == 0 && late && chainOpen && follows) {
            whereMask = chainWhere; // the producer was still catching up after the stall that began the chain
            whyMask = chainWhy;
            from = chainPreemptor;
        } else if (late && (whereMask & PRODUCER_SIDE) != 0) {
            // Only what held the producer up can make it late for the messages that follow: not the consumer's stalls.
            chainOpen = true;
            chainWhere = whereMask & PRODUCER_SIDE;
            chainWhy = whyMask & producerWhyMask();
            chainPreemptor = producerPreemptor;
        } else {
            chainOpen = late && chainOpen && follows;
        }
        if (whereMask == 0) {
            int none = late ? Tail.Cause.PRODUCER_LATE.ordinal() : Tail.Cause.NONE.ordinal();
            whereMask = 1 << none;
            whyMask = 1 << (late ? Why.PRODUCER_LATE.ordinal() : Why.NONE.ordinal());
        }
        if (whyMask == 0) {
            // whose it was is known, why not (a JVM event's own count is its overlap)
            whyMask = 1 << Why.NONE.ordinal();
        }
        record(latency, whereMask, whyMask, from);
    }

    void record(long latency, int whereMask, int whyMask, int commandId) {
        long v = Math.max(0, Math.min(latency, LatencyRecorder.HIGHEST_TRACKABLE_NS));
        matched.recordValue(v);
        for (int c = 0; c < WHERE.length; c++) {
            if ((whereMask & (1 << c)) != 0) {
                where[c].recordValue(v);
            }
        }
        boolean jvm = false;
        boolean other = false;
        for (int w = 0; w < WHYS.length; w++) {
            if ((whyMask & (1 << w)) != 0) {
                why[w].recordValue(v);
                jvm |= WHYS[w].group == Why.Group.JVM;
                // an untraced stall's cause is not known: it may be the JVM's (a collector's thread on the CPU)
                other |= WHYS[w] != Why.NONE && WHYS[w].group != Why.Group.JVM && WHYS[w].group != Why.Group.UNTRACED;
            }
        }
        if (other && !jvm) {
            notJvm.recordValue(v);
            if ((whyMask & 1 << Why.TOOL_THREAD.ordinal()) != 0) {
                tool.recordValue(v);
            }
        }
        int took = 1 << Why.PREEMPTED.ordinal() | 1 << Why.JVM_THREAD.ordinal() | 1 << Why.TOOL_THREAD.ordinal();
        if (commandId >= 0 && (whyMask & took) != 0) {
            commandHistogram(commandId).recordValue(v);
        }
    }

    private Histogram commandHistogram(int id) {
        int i = Preemptors.indexOf(commandName, commands, id);
        if (i < commands) {
            return command[i];
        }
        if (commands == MAX_COMMANDS) {
            return command[MAX_COMMANDS - 1]; // the rest share the last: named by its first
        }
        commandName[commands] = id;
        command[commands] = LatencyRecorder.newHistogram(); // once per command that ever took a measured CPU
        return command[commands++];
    }

    /** As a mask of ordinals. */
    static int explained(long[] overlap, long latency) {
        int mask = 0;
        long sum = 0;
        for (int c = 0; c < overlap.length; c++) {
            sum += overlap[c];
            if (overlap[c] > 0 && 2 * overlap[c] >= latency) {
                mask |= 1 << c;
            }
        }
        if (mask == 0 && 2 * sum >= latency) {
            for (int c = 0; c < overlap.length; c++) {
                if (overlap[c] > 0 && 10 * overlap[c] >= latency) {
                    mask |= 1 << c;
                }
            }
        }
        return mask;
    }

    /** Samples above {@code v} in {@code h}: as the window's own histogram counts them beyond a percentile. */
    static long above(Histogram h, long v) {
        return h.getTotalCount() - h.getCountBetweenValues(0, v);
    }

    /** Whether one of the events (in time order) falls within [start, end]. */
    static boolean contains(long[] times, long start, long end) {
        int i = Arrays.binarySearch(times, start);
        int next = i >= 0 ? i : -i - 1;
        return next < times.length && times[next] <= end;
    }
}
