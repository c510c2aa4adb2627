package io.queuelatency.tail;

import io.queuelatency.kernel.Counters;
import io.queuelatency.kernel.KernelEvents;
import io.queuelatency.kernel.KernelSource;
import io.queuelatency.kernel.KernelTrace;
import io.queuelatency.kernel.Names;
import io.queuelatency.measure.SlowMessages;
import io.queuelatency.measure.Watcher;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.Why;
import java.util.Arrays;

/**
 * The tail's fold: once a second, on the monitor's thread and never on a measured one, it takes what the measured
 * threads recorded since the last second (their stalls, the slow messages), what the kernel saw on their CPUs (a
 * tracing instance, where there is root and tracefs) and what the JVM logged (its safepoints), names each stall by
 * its kernel cause, and matches each slow message of the window against what covered its flight, counting it into
 * the histograms of {@link SlowMessageMatcher}. So every stall is counted and every slow message matched whatever the
 * length of the run, in fixed memory: the rings only have to hold a second or two.
 * <p>Events arrive late: the kernel's within milliseconds, the JVM's log lines as they are written. The fold names
 * and matches only what ended {@link #HORIZON_NS} before now, and everything at the end. Where the JVM's events
 * come only at the end (JDK 8: a flight recording), it holds the messages back as long as its rings hold them.
 */
public final class Fold implements Watcher {
    /** How far behind now the fold names and matches: the kernel's and the JVM's events are in by then. */
    static final long HORIZON_NS = 200_000_000L;
    /**
     * How long stalls are kept past the messages matched: a message still to come may have been in flight that long.
     */
    static final long KEEP_NS = 2_000_000_000L;

    /** Starts the kernel's record of the measured CPUs, or says why not. */
    public interface Tracer {
        KernelTrace.Start start(int[] cpus, int[] tids);
    }

    private final String queueDir;
    private final JvmEventFeed jvm;
    private final Tracer tracer;
    private final String untracedBecause;

    private Sources src;
    private StallLog producer;
    private StallLog consumer;
    private SlowMessageMatcher matcher;
    private KernelSource kernel;
    private String whyNotTraced;
    private KernelWindow producerCpu;
    private KernelWindow consumerCpu;
    private long kernelRead;
    /** The newest kernel event taken: trace_pipe gives both CPUs' events merged in time order. */
    private long kernelLatestNs = Long.MIN_VALUE;
    private boolean readerKnown;
    private Counters counters;
    private QueueFiles files;
    private final OwnThreads own = new OwnThreads();
    private final Preemptors preemptors = new Preemptors();
    private final StallNamer namer = new StallNamer();
    private long[] rolls = new long[0];
    private long[] blocks = new long[0];
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    private long slowRead;
    /**
     * The window's slow messages not matched: lapped by the ring before the fold came to them, or passed over for time.
     */
    private long lost;
    /** What one fold, once a second, may spend matching; the last, at the run's end, may spend more. */
    static final long TICK_MATCH_NS = 250_000_000L;
    static final long LAST_MATCH_NS = 2_000_000_000L;
    /** The time this fold's matching may take per fold and at the last; tests give less. */
    private long tickMatchNs = TICK_MATCH_NS;
    private long lastMatchNs = LAST_MATCH_NS;
    private long kept;
    private long withoutJvm;
    private String stopProblem;

    /**
     * @param queueDir  the queue's directory (its page faults are told from others by it)
     * @param jvmLog    the JVM's events as the run records them; null for none
     * @param tracer    starts the kernel's record; null where it is not to be started ({@code untracedBecause}
     *                  says why)
     */
    public Fold(String queueDir, JvmEventLog jvmLog, Tracer tracer, String untracedBecause) {
        this(queueDir, new JvmEventFeed(jvmLog), tracer, untracedBecause);
    }

    Fold(String queueDir, JvmEventFeed jvm, Tracer tracer, String untracedBecause) {
        this.queueDir = queueDir;
        this.jvm = jvm;
        this.tracer = tracer;
        this.untracedBecause = untracedBecause;
    }

    /** The real one: the kernel traced where it can be, as this process. */
    public static Fold of(String queueDir, JvmEventLog jvmLog, boolean traceKernel, String whyNot, long pid) {
        return new Fold(queueDir, jvmLog, traceKernel ? (cpus, tids) -> KernelTrace.start(cpus, tids, pid) : null,
                whyNot);
    }

    @Override
    public void ready(Sources sources) {
        src = sources;
        producer = new StallLog(sources.producerStalls, sources.producerTid);
        consumer = new StallLog(sources.consumerStalls, sources.consumerTid);
        matcher = new SlowMessageMatcher(sources.intervalNs);
        files = new QueueFiles(queueDir);
        own.tool(io.queuelatency.measure.ProcessId.currentThread()); // the monitor's thread: the fold runs on it
        counters = new Counters(sources.producerTid, sources.consumerTid, sources.producerCpu, sources.consumerCpu);
        whyNotTraced = untracedBecause;
        if (tracer != null) {
            KernelTrace.Start s = tracer.start(new int[] {sources.producerCpu, sources.consumerCpu},
                    new int[] {sources.producerTid, sources.consumerTid});
            kernel = s.trace;
            whyNotTraced = s.whyNot;
        }
        if (kernel != null) {
            producerCpu = new KernelWindow(sources.producerCpu);
            consumerCpu = sources.consumerCpu == sources.producerCpu ? producerCpu
                    : new KernelWindow(sources.consumerCpu);
            producerCpu.watch(sources.producerTid);
            consumerCpu.watch(sources.consumerTid);
        }
        if (sources.producerCpu == sources.consumerCpu) {
            // on one CPU (--allow-same-cpu) the measured threads take turns: the set-up's, not the JVM's
            own.tool(sources.producerTid);
            own.tool(sources.consumerTid);
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
    }

    @Override
    public void second(long nowNs) {
        if (src == null) {
            return;
        }
        fold(nowNs - HORIZON_NS, false);
        if (nowNs > windowStart && nowNs - 1_000_000_000L < windowEnd) {
            counters.second();
        }
    }

    @Override
    public void ended(long nowNs) {
        if (src == null) {
            return;
        }
        if (kernel != null) {
            stopProblem = kernel.stop(); // the reader drains up to the stop mark: every event of the run is in the ring
        }
        jvm.finish();
        fold(Long.MAX_VALUE, true);
    }

    /**
     * The fold's matching given {@code tickNs} per fold and {@code lastNs} at the end instead of the defaults (tests).
     */
    Fold matchingWithin(long tickNs, long lastNs) {
        tickMatchNs = tickNs;
        lastMatchNs = lastNs;
        return this;
    }

    /** Stops the kernel's record now, if it runs (a run stopped from outside); safe to call twice. */
    public void abandon() {
        if (kernel != null) {
            kernel.stop();
        }
    }

    /** One fold: take, name what can be named, match what can be matched, forget what nothing can need. */
    private void fold(long horizon, boolean last) {
        producer.pull();
        consumer.pull();
        takeKernelEvents();
        jvm.refresh();
        long[] r = src.channel.cycleStarts();
        long[] b = src.channel.newBlocks();
        if (r.length != rolls.length || b.length != blocks.length) {
            files.changed(); // a new cycle file or block is mapped
        }
        rolls = sorted(r);
        blocks = sorted(b);
        // Name only what the kernel's events have reached (the reader may lag), but do not wait on a quiet CPU for
        // ever.
        long nameBy = kernel == null || last ? horizon
                : Math.min(horizon, Math.max(kernelLatestNs - KernelWindow.SLACK_NS, horizon - KEEP_NS));
        producer.name(nameBy, namer);
        consumer.name(nameBy, namer);
        // A message is matched once every stall that began before its receipt is named.
        long named = Math.min(nameBy,
                Math.min(producer.unnamedStart(Long.MAX_VALUE), consumer.unnamedStart(Long.MAX_VALUE)));
        long matchBy = last || !jvm.atEnd() ? named : Math.min(named, heldBack());
        match(matchBy, last);
        long keepFrom = matchBy == Long.MIN_VALUE ? Long.MIN_VALUE : matchBy - KEEP_NS;
        producer.trim(keepFrom);
        consumer.trim(keepFrom);
        if (kernel != null && !last) {
            // A stall still going on began after the last one published: the windows keep a measured thread's
            // switch-out until it is switched back in, however long ago.
            long needed =
                    Math.min(Math.min(producer.unnamedStart(nameBy), consumer.unnamedStart(nameBy)), nameBy - KEEP_NS);
            producerCpu.trim(needed);
            consumerCpu.trim(needed);
        }
    }

    /**
     * Where the JVM's events come only at the end: the receipt time up to which messages must be matched now all the
     * same, because a ring is three quarters full (they are then matched without the JVM's events, and
     * counted as such).
     */
    private long heldBack() {
        SlowMessages slow = src.slow;
        long by = Long.MIN_VALUE;
        if (slow.published() - slowRead > slow.lapsAfter() / 4 * 3) {
            by = slow.receivedAt(slow.published() - slow.lapsAfter() / 2);
        }
        for (StallLog t : new StallLog[] {producer, consumer}) {
            if (t.kept() > StallLog.CAPACITY / 4 * 3) {
                by = Math.max(by, t.startAt(t.head() + StallLog.CAPACITY / 2));
            }
        }
        return by;
    }

    /**
     * The slow messages received before {@code by}: those of the window matched and counted, the warm-up's passed over.
     * A fold has {@link #TICK_MATCH_NS} (the last {@link #LAST_MATCH_NS}): past it the rest are passed over, not
     * matched, and counted as such. A producer that cannot keep its rate makes every message slow, with flights of
     * seconds over thousands of stalls each; matched one by one they would hold the monitor (its watchdog and the run's
     * end) for minutes and take a measured CPU, where a run must end within seconds of its window.
     */
    private void match(long by, boolean last) {
        SlowMessages slow = src.slow;
        long published = slow.published();
        long deadline = System.nanoTime() + (last ? lastMatchNs : tickMatchNs);
        boolean late = false;
        if (published - slowRead > slow.lapsAfter()) {
            lost += published - slow.lapsAfter() - slowRead; // lapped before the fold came to them
            slowRead = published - slow.lapsAfter();
        }
        matcher.against(producer, consumer, jvm.spans(), rolls, blocks);
        for (; slowRead < published; slowRead++) {
            long intended = slow.intendedAt(slowRead);
            long written = slow.writtenAt(slowRead);
            long received = slow.receivedAt(slowRead);
            if (slow.published() - slowRead > slow.lapsAfter()) {
                lost++; // overwritten while it was read
                continue;
            }
            if (received >= by) {
                return;
            }
            if (intended < windowStart || intended >= windowEnd) {
                continue;
            }
            if (late || (slowRead & 255) == 0 && System.nanoTime() > deadline) {
                late = true;
                lost++; // passed over: no time left in this fold
                continue;
            }
            kept++;
            withoutJvm += !last && jvm.atEnd() ? 1 : 0;
            matcher.overlaps(intended, written, received);
            matcher.count(intended, written, received - intended);
        }
    }

    private void takeKernelEvents() {
        if (kernel == null) {
            return;
        }
        if (!readerKnown && kernel.readerTid() > 0) {
            own.tool(kernel.readerTid());
            readerKnown = true;
        }
        KernelEvents e = kernel.events();
        long written = e.written();
        for (; kernelRead < written; kernelRead++) {
            kernelLatestNs = Math.max(kernelLatestNs, e.ts(kernelRead));
            int cpu = e.cpu(kernelRead);
            if (cpu == producerCpu.cpu) {
                producerCpu.add(e, kernelRead);
            }
            if (cpu == consumerCpu.cpu && consumerCpu != producerCpu) {
                consumerCpu.add(e, kernelRead);
            }
        }
        e.takenUpTo(kernelRead);
    }

    private static long[] sorted(long[] times) {
        Arrays.sort(times);
        return times;
    }

    /** What the fold found, once the run has ended. */
    public Tail result(Latency intended, String eventSource, boolean eventsRecorded, Tail.Jit jit) {
        FoldResult r = new FoldResult(windowStart, windowEnd, src.durationNs);
        Names names = kernel == null ? null : kernel.names();
        return r.window(producer, consumer, jvm.events(), rolls, blocks).jvmEventSource(eventSource)
                .jvmEventsRecorded(eventsRecorded).jit(jit).keptFloorNs(src.slow.floorNs()).kept(kept).overwritten(lost)
                .beyond(FoldResult.beyond(intended, matcher, names)).evidence(evidence(names)).build();
    }

    private TailEvidence evidence(Names names) {
        TailEvidence.Builder e = TailEvidence.builder().matchedWithoutJvmEvents(withoutJvm)
                .preemptors(FoldResult.preemptors(preemptors, names)).producer(FoldResult.counters(counters, 0))
                .consumer(FoldResult.counters(counters, 1));
        if (kernel == null) {
            return e.level(TailEvidence.COUNTERS).detail(whyNotTraced + "; per-second counters from /proc only")
                    .lostEvents(-1).build();
        }
        String detail = "the kernel's scheduler switches, interrupts, timer ticks and the measured threads' page "
                + "faults on CPUs " + producerCpu.cpu + " and " + consumerCpu.cpu
                + ", from a tracing instance of this run (mono clock)"
                + (kernel.failure() == null ? "" : "; " + kernel.failure())
                + (stopProblem == null ? "" : "; " + stopProblem);
        return e.level(TailEvidence.KERNEL_TRACE).detail(detail)
                .lostEvents(kernel.lost() + producerCpu.overflowed + consumerCpu.overflowed).build();
    }

    /** Names a stall when it can be: the queue's own events first, then the JVM's, then what the kernel saw. */
    private final class StallNamer implements StallLog.Namer {
        private int preemptor = -1;

        @Override
        public Why name(StallLog thread, long start, long end, boolean inWrite) {
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
            if (kernel == null || kernel.failure() != null && end > kernelLatestNs) {
                return Why.NOT_TRACED; // no trace, or past the last event of a reader that failed
            }
            KernelWindow w = thread == producer ? producerCpu : consumerCpu;
            Why why = w.name(thread.tid, start, end, own, files);
            if ((why == Why.PREEMPTED || why == Why.JVM_THREAD || why == Why.TOOL_THREAD) && w.topTaskName >= 0) {
                preemptor = w.topTaskName;
                if (end > windowStart && start < windowEnd) {
                    preemptors.add(preemptor, w.topTaskJvm, w.topTaskTool,
                            w.preemptedNs + w.jvmThreadNs + w.toolThreadNs);
                }
            }
            return why;
        }

        @Override
        public int preemptor() {
            return preemptor;
        }
    }
}
