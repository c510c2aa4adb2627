package io.queuelatency.tail;

import io.queuelatency.kernel.Counters;
import io.queuelatency.kernel.KernelTrace;
import io.queuelatency.kernel.Names;
import io.queuelatency.measure.SlowMessages;
import io.queuelatency.measure.ThreadPinning;
import io.queuelatency.measure.Watcher;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.Why;
import java.util.Arrays;

/**
 * The tail's fold, on the monitor's thread: it takes what the measured threads recorded (their stalls, the slow
 * messages), what the kernel saw on their CPUs and what the JVM logged (its safepoints), names each stall by its
 * cause, and matches each slow message of the window against what covered its flight ({@link SlowMessageMatcher}):
 * every stall counted and every slow message matched whatever the length of the run, in fixed memory.
 * <p>With a CPU of its own ({@code Sources.toolCpu}) it folds once a second. Without (its thread would preempt a
 * measured one) it folds through the warm-up, rehearsing on the warm-up's messages so that its code is compiled; in
 * the window it only checks that the rings and the kernel's buffer have room, folding only past {@link #HIGH_WATER};
 * after the window ({@link #ended}) it folds the window a second at a time.
 * <p>Events arrive late, so it names and matches only what ended {@link #HORIZON_NS} before now. Where the JVM's
 * events come only at the end (JDK 8: a flight recording), it holds the messages back as long as its rings hold them.
 */
public final class Fold implements Watcher {
    static final long HORIZON_NS = 200_000_000L;
    /** How long stalls are kept past the messages matched: a message still to come may have been in flight as long. */
    static final long KEEP_NS = 2_000_000_000L;

    /** How long before a stop of the JVM a thread that went to sleep may have gone for it ({@link StallNamer}). */
    static final long STOPPED_SLACK_NS = 1_000_000L;
    /** A step of a catch-up. */
    static final long STEP_NS = 1_000_000_000L;
    static final double HIGH_WATER = 0.5;
    /** What the fold may spend per second of the warm-up matching the warm-up's messages. */
    static final long REHEARSAL_MATCH_NS = 20_000_000L;
    /** How often, each second of the warm-up, the fold rehearses its once-a-second work of the window. */
    static final int WINDOW_REHEARSALS = 200;
    /** How long the catch-up after the window waits for the trace's reader to reach the end of a step. */
    static final long READER_WAIT_NS = 3_000_000_000L;

    /** Starts the kernel's record of the measured CPUs, or says why not. */
    public interface Tracer {
        KernelTrace.Start start(int[] cpus, int[] tids, int bufferKb);
    }

    private final String queueDir;
    private final JvmEventFeed jvm;
    private final Tracer tracer;

    private Sources src;
    private StallLog producer;
    private StallLog consumer;
    private MessageDrain messages;
    /** Null where not traced. */
    private KernelFeed kernel;
    private String whyNotTraced;
    private Counters counters;
    private QueueFiles files;
    private final OwnThreads own = new OwnThreads();
    private final Preemptors preemptors = new Preemptors();
    private final StallNamer namer = new StallNamer();
    private long[] rolls = new long[0];
    private long[] blocks = new long[0];
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    /** What one fold may spend matching; the last, at the run's end, more. */
    static final long TICK_MATCH_NS = 250_000_000L;
    static final long LAST_MATCH_NS = 2_000_000_000L;
    /** Tests give less. */
    private long tickMatchNs = TICK_MATCH_NS;
    private long lastMatchNs = LAST_MATCH_NS;
    private String stopProblem;
    /** No CPU of the tool's own. */
    private boolean defer;
    /** In the window, deferring; and past the high-water mark, catching up. */
    private boolean holding;
    private boolean draining;
    /** MIN_VALUE before the first fold. */
    private long foldedTo = Long.MIN_VALUE;

    /** {@code tracer} null where not to be started ({@code untracedBecause} says why). */
    Fold(String queueDir, JvmEventFeed jvm, Tracer tracer, String untracedBecause) {
        this.queueDir = queueDir;
        this.jvm = jvm;
        this.tracer = tracer;
        this.whyNotTraced = untracedBecause;
    }

    /** The real one: the kernel traced where it can be, as this process; {@code jvmLog} null for none. */
    public static Fold of(String queueDir, JvmEventLog jvmLog, boolean traceKernel, String whyNot, long pid) {
        return new Fold(queueDir, new JvmEventFeed(jvmLog),
                traceKernel ? (cpus, tids, kb) -> KernelTrace.start(cpus, tids, pid, kb) : null, whyNot);
    }

    @Override
    public void ready(Sources sources) {
        src = sources;
        producer = new StallLog(sources.recorders.producerStalls, sources.producerTid);
        consumer = new StallLog(sources.recorders.consumerStalls, sources.consumerTid);
        messages = new MessageDrain(sources.recorders.slow, sources.intervalNs);
        defer = sources.toolCpu < 0;
        files = new QueueFiles(queueDir);
        own.tool(ThreadPinning.currentThread()); // the monitor's thread: the fold runs on it
        own.jvmOf(sources.producerTid); // with --topology processes the producer's JVM's threads are the JVM's too
        counters = new Counters(sources.producerTid, sources.consumerTid, sources.producerCpu, sources.consumerCpu);
        if (tracer != null) {
            KernelTrace.Start s = tracer.start(new int[] {sources.producerCpu, sources.consumerCpu},
                    new int[] {sources.producerTid, sources.consumerTid}, defer ? KernelFeed.heldBufferKb(sources)
                            : KernelTrace.BUFFER_KB);
            kernel = s.trace == null ? null : new KernelFeed(s.trace, sources, own);
            whyNotTraced = s.whyNot;
        }
        if (sources.producerCpu == sources.consumerCpu) {
            // on one CPU (--allow-same-cpu) the measured threads take turns: the set-up's, not the JVM's
            own.tool(sources.producerTid);
            own.tool(sources.consumerTid);
        }
        counters.begin(); // read through the warm-up too, and begun again with the window: compiled by then
    }

    @Override
    public void toolThreads(int[] tids) {
        for (int tid : tids) {
            own.tool(tid);
        }
    }

    @Override
    public void windowStarts(long windowStartNs) {
        if (src == null) {
            return;
        }
        windowStart = windowStartNs;
        windowEnd = windowStartNs + src.durationNs;
        producer.window(windowStart, windowEnd);
        consumer.window(windowStart, windowEnd);
        counters.begin();
        messages.dropRehearsal(); // the warm-up's matches go: not one of them is counted in the window's
        if (defer) {
            holding = true;
            if (kernel != null) {
                kernel.source.hold(true); // the window's events wait in the kernel's buffer
            }
        }
    }

    @Override
    public void second(long nowNs) {
        if (src == null) {
            return;
        }
        if (!holding) {
            fold(nowNs - HORIZON_NS, Long.MAX_VALUE, false);
        } else if (draining || pastHighWater()) {
            // A window longer than the records hold: fold it up to now all the same, then hold again.
            draining = true;
            if (kernel != null) {
                kernel.source.hold(false);
            }
            catchUp(nowNs - HORIZON_NS, tickMatchNs, false);
            if (foldedTo >= nowNs - HORIZON_NS) {
                draining = false;
                if (kernel != null) {
                    kernel.source.hold(true);
                }
            }
        }
        if (nowNs < windowStart) {
            // The window's own once-a-second work, done over and over in the warm-up (whose seconds are dropped when
            // the window begins): the JIT compiles it now, and in the window it runs once a second, compiled.
            for (int i = 0; i < WINDOW_REHEARSALS; i++) {
                pastHighWater();
                counters.second();
            }
        } else if (nowNs > windowStart && nowNs - 1_000_000_000L < windowEnd) {
            counters.second();
        }
    }

    private boolean pastHighWater() {
        return messages.backlog() > HIGH_WATER || producer.unpulled() > HIGH_WATER
                || consumer.unpulled() > HIGH_WATER || kernel != null && kernel.source.bufferFill() > HIGH_WATER;
    }

    /**
     * Folds a second of records at a time up to {@code until}, for {@code budgetNs} at most; a step whose kernel events
     * the reader has not reached waits for it ({@code wait}: after the window) or ends the catch-up (in it).
     */
    private void catchUp(long until, long budgetNs, boolean wait) {
        long began = System.nanoTime();
        long from = foldedTo != Long.MIN_VALUE ? foldedTo : Math.min(windowStart, until) - STEP_NS;
        while (from < until) {
            long to = Math.min(until, from + STEP_NS);
            if (kernel != null && !kernel.reached(to, wait, READER_WAIT_NS)) {
                return;
            }
            fold(to, to, false);
            from = to;
            if (System.nanoTime() - began > budgetNs) {
                return;
            }
        }
    }

    @Override
    public void ended(long nowNs) {
        if (src == null) {
            return;
        }
        jvm.finish(); // every JVM event there is: what is folded from here on is matched against them all
        if (kernel != null) {
            kernel.source.hold(false);
            kernel.source.endMark(); // the reader reads up to the mark: every event of the run
        }
        holding = false;
        draining = false;
        catchUp(nowNs, Long.MAX_VALUE, true);
        if (kernel != null) {
            stopProblem = kernel.source.stop();
        }
        fold(Long.MAX_VALUE, Long.MAX_VALUE, true);
    }

    /** Tests. */
    Fold matchingWithin(long tickNs, long lastNs) {
        tickMatchNs = tickNs;
        lastMatchNs = lastNs;
        return this;
    }

    /** Stops the kernel's record now, if it runs (a run stopped from outside); safe to call twice. */
    public void abandon() {
        if (kernel != null) {
            kernel.source.stop();
        }
    }

    /** Takes the records from before {@code upTo}, names what can be named by {@code horizon}, matches, forgets. */
    private void fold(long horizon, long upTo, boolean last) {
        producer.pull(upTo);
        consumer.pull(upTo);
        if (kernel != null) {
            kernel.take(upTo);
        }
        jvm.refresh();
        long[] r = src.channel.cycleStarts();
        long[] b = src.channel.newBlocks();
        if (r.length != rolls.length || b.length != blocks.length) {
            files.changed(); // a new cycle file or block is mapped
        }
        Arrays.sort(r);
        Arrays.sort(b);
        rolls = r;
        blocks = b;
        // Only what the kernel's events have reached (the reader may lag), but not waiting on a quiet CPU for ever.
        long nameBy = kernel == null || last ? horizon
                : Math.min(horizon, Math.max(kernel.latestNs - KernelWindow.SLACK_NS, horizon - KEEP_NS));
        producer.name(nameBy, namer);
        consumer.name(nameBy, namer);
        // A message is matched once every stall that began before its receipt is named.
        long named = Math.min(nameBy,
                Math.min(producer.unnamedStart(Long.MAX_VALUE), consumer.unnamedStart(Long.MAX_VALUE)));
        long matchBy = last || !jvm.awaited() ? named : Math.min(named, heldBack());
        match(matchBy, last);
        foldedTo = Math.max(foldedTo, horizon);
        long keepFrom = matchBy == Long.MIN_VALUE ? Long.MIN_VALUE : matchBy - KEEP_NS;
        producer.trim(keepFrom);
        consumer.trim(keepFrom);
        if (kernel != null && !last) {
            // A stall still going on began after the last one published: the windows keep a measured thread's
            // switch-out until it is switched back in, however long ago.
            long needed =
                    Math.min(Math.min(producer.unnamedStart(nameBy), consumer.unnamedStart(nameBy)), nameBy - KEEP_NS);
            kernel.trim(needed);
        }
    }

    /** Where the JVM's events come only at the end: up to when messages must be matched without them (a full ring). */
    private long heldBack() {
        long by = messages.mustMatchBy();
        for (StallLog t : new StallLog[] {producer, consumer}) {
            if (t.kept() > StallLog.CAPACITY / 4 * 3) {
                by = Math.max(by, t.startAt(t.head() + StallLog.CAPACITY / 2));
            }
        }
        return by;
    }

    /**
     * The slow messages received before {@code by}. Past the fold's time the rest are passed over and counted as such:
     * a producer that cannot keep its rate makes every message slow, and matched one by one they would hold the
     * monitor for minutes.
     */
    private void match(long by, boolean last) {
        messages.against(producer, consumer, jvm.spans(), rolls, blocks);
        messages.match(by, new long[] {windowStart, windowEnd},
                System.nanoTime() + (last ? lastMatchNs : tickMatchNs), !last && jvm.awaited());
    }

    /** Tests. */
    long matchedSoFar() {
        return messages.kept;
    }

    public Tail result(Latency intended, String eventSource, boolean eventsRecorded, Tail.Jit jit) {
        FoldResult r = new FoldResult(windowStart, windowEnd, src.durationNs);
        Names names = kernel == null ? null : kernel.source.names();
        Tail t = r.window(producer, consumer, jvm.events(), rolls, blocks);
        t.jvmEventSource = eventSource;
        t.jvmEventsRecorded = eventsRecorded;
        t.jit = jit;
        t.keptFloorNs = src.recorders.slow.floorNs();
        t.kept = messages.kept;
        t.overwritten = messages.lost;
        t.beyond = FoldResult.beyond(intended, messages.matcher, names);
        t.evidence = evidence(names);
        return t;
    }

    private TailEvidence evidence(Names names) {
        TailEvidence e = new TailEvidence();
        e.matchedWithoutJvmEvents = messages.withoutJvm;
        e.preemptors = FoldResult.preemptors(preemptors, names);
        e.producer = FoldResult.counters(counters, 0);
        e.consumer = FoldResult.counters(counters, 1);
        if (kernel == null) {
            e.level = TailEvidence.COUNTERS;
            e.detail = whyNotTraced + "; per-second counters from /proc only";
            return e;
        }
        e.level = TailEvidence.KERNEL_TRACE;
        e.detail = "the kernel's scheduler switches, interrupts, timer ticks and the measured threads' page "
                + "faults on CPUs " + kernel.producerCpu.cpu + " and " + kernel.consumerCpu.cpu
                + ", from a tracing instance of this run (mono clock)"
                + (kernel.source.failure() == null ? "" : "; " + kernel.source.failure())
                + (stopProblem == null ? "" : "; " + stopProblem);
        e.lostEvents = kernel.lost();
        return e;
    }

    /** Names a stall when it can be: the queue's own events first, then the JVM's, then what the kernel saw. */
    final class StallNamer {
        /** The command that took the CPU longest in the stall just named (its number in the trace's names); -1 none. */
        int preemptor = -1;

        Why name(StallLog thread, long start, long end, boolean inWrite) {
            preemptor = -1;
            if (SlowMessageMatcher.contains(rolls, start, end)) {
                return Why.QUEUE_ROLL;
            }
            if (SlowMessageMatcher.contains(blocks, start, end)) {
                return Why.QUEUE_BLOCK;
            }
            long gc = jvm.spans().overlap(start, end, true);
            long safepoint = jvm.spans().overlap(start, end, false);
            if (2 * Math.max(gc, safepoint) >= end - start) {
                return gc >= safepoint ? Why.GC_PAUSE : Why.SAFEPOINT;
            }
            if (kernel == null || kernel.source.failure() != null && end > kernel.latestNs) {
                return Why.NOT_TRACED; // no trace, or past the last event of a reader that failed
            }
            KernelWindow w = thread == producer ? kernel.producerCpu : kernel.consumerCpu;
            Why why = w.name(thread.tid, start, end, own, files);
            int stop = why == Why.WAITED ? jvm.spans().stopBegunBy(start, STOPPED_SLACK_NS) : -1;
            if (stop >= 0) {
                // A spinning thread that went to sleep as a stop of the JVM began was stopped by it, or asked for it
                // (an allocation that set off a collection): its wait, past the logged stop too, is the JVM's.
                return stop == 1 ? Why.GC_PAUSE : Why.SAFEPOINT;
            }
            if ((why == Why.PREEMPTED || why == Why.JVM_THREAD || why == Why.TOOL_THREAD) && w.topTaskName >= 0) {
                preemptor = w.topTaskName;
                if (end > windowStart && start < windowEnd) {
                    preemptors.add(preemptor, w.topTaskJvm, w.topTaskTool, w.tookNs());
                }
            }
            return why;
        }
    }
}
