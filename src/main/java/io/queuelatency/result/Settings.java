package io.queuelatency.result;

import io.queuelatency.exit.BadInputException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a study, or a matrix of them, is asked to do: every default written once (the {@link SettingsBuilder}'s
 * fields), checked in one place ({@link SettingsBuilder#build}): a value that can never be right is one line
 * ({@link Invalid}). A field's name is the option's ({@code --warmup} is {@link #warmupNs}, in ns) and
 * jvm-matrix.yaml's key. What only the host can tell (the CPUs allowed, the queue's space) is checked before
 * anything runs, into a {@link StudyConfig}.
 */
public final class Settings {
    public static final long SECOND_NS = 1_000_000_000L;
    /** The most messages per second a run takes. */
    public static final long MAX_RATE = 10_000_000L;
    /** The longest warm-up, window or floor. */
    public static final long MAX_RUN_NS = 24 * 3_600 * SECOND_NS;
    /** The largest message, bytes; the smallest is the intended latency's {@link Definition#smallestMessageBytes}. */
    public static final int MAX_SIZE = 65_536;
    public static final long MIN_BLOCK = 64 << 10;
    public static final long MAX_BLOCK = 64L << 30;
    /** The modes of {@link #kernelTrace}. */
    public static final String TRACE_AUTO = "auto";
    public static final String TRACE_ON = "on";
    public static final String TRACE_OFF = "off";
    public static final List<String> KERNEL_TRACE_MODES =
            Collections.unmodifiableList(Arrays.asList(TRACE_AUTO, TRACE_ON, TRACE_OFF));
    /** The values of {@link #topology}: the producer a thread of the measured JVM, or in a JVM of its own. */
    public static final String THREADS = "threads";
    public static final String PROCESSES = "processes";
    public static final List<String> TOPOLOGIES = Collections.unmodifiableList(Arrays.asList(THREADS, PROCESSES));

    /** The default workload's name: the reference study's copy of a filler. */
    public static final String COPY = "copy";
    /** runs: "auto" (MatrixPlan.AutoPlan); the default time budget of fixed runs and of a capacity search, 6 h. */
    public static final String AUTO = "auto";
    public static final long FIXED_TIME_BUDGET_NS = 6 * 3_600 * SECOND_NS;

    public static final Settings DEFAULTS = builder().build();

    /** Messages per second, on a fixed schedule. */
    public final long rate;
    /** Bytes per message. */
    public final int size;
    public final long warmupNs;
    public final long durationNs;
    /** The bare hand-off floor measured after the window (as long again for its warm-up); 0 for none. */
    public final long floorNs;
    /** The producer's and consumer's CPUs; null: chosen for the host (isolated, else 2 and 4, else the first two). */
    public final Integer producerCpu;
    public final Integer consumerCpu;
    /** Let the producer and consumer share one CPU (they then take turns: not a one-way latency). */
    public final boolean allowSameCpu;
    public final String queueDir;
    /** A Chronicle roll cycle, or "auto": the longest that fits. */
    public final String rollCycle;
    public final long blockSize;
    /** Record stalls, safepoints and the slow messages, to tell what the tail is made of. */
    public final boolean attribution;
    /**
     * Record the kernel's events on the measured CPUs, to name each stall's cause: "on", "off", or "auto" (on where
     * there is root, tracefs, and a CPU besides the measured two for the trace's reader).
     */
    public final String kernelTrace;
    /** Pre-fault the queue's file ahead of the writer from a third CPU. */
    public final boolean pretouch;
    /** The code in the message path: a built-in workload ("order", "garbage=1024") or a class; null: the copy. */
    public final String workload;
    /** The jar a workload's class is loaded from; null: the tool's class path. */
    public final String workloadJar;
    /** Time each stage of every message on its own ({@link Stage}), at a clock read more inside the write. */
    public final boolean probes;
    /**
     * --profile: the measured threads' stacks sampled (wall clock) and split into the slow messages' profile and the
     * rest of the window's; the value says what is slow ({@link SlowLimit}: "p99", "50us"). Null: not profiled.
     */
    public final String profile;
    /** --profile-interval: between two samples of one thread, ns; null: {@link #DEFAULT_PROFILE_INTERVAL_NS}. */
    public final Long profileIntervalNs;
    public static final long DEFAULT_PROFILE_INTERVAL_NS = 1_000_000;
    /**
     * {@link #THREADS}: the producer and the consumer are two threads of the measured JVM; {@link #PROCESSES}: the
     * producer runs in a second JVM (same java, flags and class path) over the same queue files.
     */
    public final String topology;
    public final boolean quiet;
    /** A matrix's fresh JVMs per entry; null: auto, until decided (MatrixPlan.AutoPlan). A search's: 3 for auto. */
    public final Integer runs;
    /** The most machine time a matrix or capacity search may take, ns; null: 8 rounds' (--runs auto), else 6 h. */
    public final Long timeBudgetNs;
    /** A matrix's sweeps (null: the one {@link #size}, {@link #rate}). */
    public final List<Integer> sizes;
    public final List<Long> rates;
    /** Options added to every JVM of a matrix, after the tool's own. */
    public final List<String> jvmOptions;
    /** A matrix cell still running this long after its floor, warm-up and window is stopped. */
    public final long cellGraceNs;
    /** Leave each JVM's first run out of a matrix's statistics (it still runs and is shown). */
    public final boolean skipFirst;
    /** The verdicts' practical margin (0.05: within 5% either way is equivalent); null for the report's default. */
    public final Double margin;
    /** A capacity search's budgets (run-matrix.sh capacity --sla): each percentile's most; empty for none. */
    public final List<Budget> sla;
    /** The highest rate a capacity search tries, msg/s, from {@link #rate} on; null: the most a run takes. */
    public final Long maxRate;

    Settings(SettingsBuilder b) {
        rate = b.rate;
        size = b.size;
        warmupNs = b.warmupNs;
        durationNs = b.durationNs;
        floorNs = b.floorNs;
        producerCpu = b.producerCpu;
        consumerCpu = b.consumerCpu;
        allowSameCpu = b.allowSameCpu;
        queueDir = b.queueDir;
        rollCycle = b.rollCycle;
        blockSize = b.blockSize;
        attribution = b.attribution;
        kernelTrace = b.kernelTrace;
        pretouch = b.pretouch;
        workload = b.workload;
        workloadJar = b.workloadJar;
        probes = b.probes;
        profile = b.profile;
        profileIntervalNs = b.profileIntervalNs;
        topology = b.topology;
        quiet = b.quiet;
        runs = b.runs;
        timeBudgetNs = b.timeBudgetNs;
        sizes = b.sizes == null ? null : Collections.unmodifiableList(new ArrayList<>(b.sizes));
        rates = b.rates == null ? null : Collections.unmodifiableList(new ArrayList<>(b.rates));
        jvmOptions = Collections.unmodifiableList(new ArrayList<>(b.jvmOptions));
        cellGraceNs = b.cellGraceNs;
        skipFirst = b.skipFirst;
        margin = b.margin;
        sla = Collections.unmodifiableList(new ArrayList<>(b.sla));
        maxRate = b.maxRate;
    }

    public static SettingsBuilder builder() {
        return new SettingsBuilder();
    }

    public SettingsBuilder toBuilder() {
        return builder().rate(rate).size(size).warmupNs(warmupNs).durationNs(durationNs).floorNs(floorNs)
                .producerCpu(producerCpu).consumerCpu(consumerCpu).allowSameCpu(allowSameCpu).queueDir(queueDir)
                .rollCycle(rollCycle).blockSize(blockSize).attribution(attribution).kernelTrace(kernelTrace)
                .pretouch(pretouch).workload(workload).workloadJar(workloadJar).probes(probes).profile(profile)
                .profileIntervalNs(profileIntervalNs)
                .topology(topology)
                .quiet(quiet).runs(runs).timeBudgetNs(timeBudgetNs).sizes(sizes).rates(rates).jvmOptions(jvmOptions)
                .cellGraceNs(cellGraceNs).skipFirst(skipFirst).margin(margin).sla(sla).maxRate(maxRate);
    }

    /**
     * Every setting by its public field's name, in the fields' order: a study's first, then a matrix's. The order is
     * HotSpot's declared order, which the stored files' binding relies on too (StoredFilesTest holds both to it).
     */
    public Map<String, Object> entries() {
        Map<String, Object> e = new LinkedHashMap<>();
        for (Field f : Settings.class.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isPublic(m) && !Modifier.isStatic(m) && !f.isSynthetic()) {
                try {
                    e.put(f.getName(), f.get(this));
                } catch (IllegalAccessException x) {
                    throw new IllegalStateException(x);
                }
            }
        }
        e.put("runs", runs == null ? AUTO : runs);
        return Collections.unmodifiableMap(e);
    }

    /** True when a workload besides the default copy is in the message path: its handling is then timed too. */
    public boolean workloadInPath() {
        return workload != null && !COPY.equals(workload);
    }

    /** Between two samples of one thread with --profile. */
    public long profileInterval() {
        return profileIntervalNs == null ? DEFAULT_PROFILE_INTERVAL_NS : profileIntervalNs;
    }

    /** The producer in a second JVM. */
    public boolean betweenProcesses() {
        return PROCESSES.equals(topology);
    }

    public long warmupMessages() {
        return messagesIn(warmupNs, rate);
    }

    public long measuredMessages() {
        return messagesIn(durationNs, rate);
    }

    public long totalMessages() {
        return warmupMessages() + measuredMessages();
    }

    /** A stored size into an int, one past the int's range kept out of range: the check refuses it, never wrapped. */
    public static int sizeOf(long bytes) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, bytes));
    }

    /** Exact for every duration up to 24 h and rate up to 10^7/s: no intermediate product overflows. */
    public static long messagesIn(long ns, long rate) {
        return ns / 1_000_000L * rate / 1_000L + (ns % 1_000_000L) * rate / 1_000_000_000L;
    }

    /** A highest rate below the rate it starts from is {@link Invalid}. */
    public Settings forCapacitySearch() {
        if (maxRate != null && maxRate < rate) {
            throw SettingsCheck.maxRate(this);
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Settings && entries().equals(((Settings) o).entries());
    }

    @Override
    public int hashCode() {
        return entries().hashCode();
    }

    @Override
    public String toString() {
        return entries().toString();
    }

    /** A value that can never be right, as its {@link SettingProblem}: words.SettingsWords makes the one line. */
    public static final class Invalid extends BadInputException {
        private static final long serialVersionUID = 1L;
        public final SettingProblem problem;

        Invalid(SettingProblem problem) {
            super(problem.toString());
            this.problem = problem;
        }
    }
}
