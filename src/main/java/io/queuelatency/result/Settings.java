package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a study, or a matrix of them, is asked to do: one type, every default written once (the {@link Builder}'s
 * fields), built by name. The command line's options start from {@link #DEFAULTS} (their help shows them), so do
 * jvm-matrix.yaml's settings, and an override builds a new one ({@link #toBuilder}). The command line checks one
 * against the host, once, before anything runs (cli.StudyOptions).
 */
public final class Settings {
    public static final Settings DEFAULTS = builder().build();
    public static final long SECOND_NS = 1_000_000_000L;

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
    /** Where each run creates its own queue directory. */
    public final String queueDir;
    /** A Chronicle roll cycle, or "auto": the longest that fits. */
    public final String rollCycle;
    public final long blockSize;
    /** Record stalls, safepoints and the slow messages, to tell what the tail is made of. */
    public final boolean attribution;
    /**
     * Record the kernel's events on the measured CPUs, to name each stall's cause: "on", "off", or "auto" (on where there
     * is root, tracefs, and a CPU besides the measured two for the trace's reader).
     */
    public final String kernelTrace;
    /** Pre-fault the queue's file ahead of the writer from a third CPU. */
    public final boolean pretouch;
    /** A matrix's fresh JVMs per entry. */
    public final int runs;
    /** A matrix's sweeps: sizes and rates (null: the one {@link #size}, {@link #rate}). */
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
    /** A capacity search's budgets (run-matrix.sh capacity): each percentile's most; empty for none. */
    public final List<Budget> budgets;
    /** The highest rate a capacity search tries, msg/s; null: the most a run takes. */
    public final Long maxRate;

    private Settings(Builder b) {
        rate = b.rate;
        size = b.size;
        warmupNs = b.warmupNs;
        durationNs = b.durationNs;
        floorNs = b.floorNs;
        producerCpu = b.producerCpu;
        consumerCpu = b.consumerCpu;
        queueDir = b.queueDir;
        rollCycle = b.rollCycle;
        blockSize = b.blockSize;
        attribution = b.attribution;
        kernelTrace = b.kernelTrace;
        pretouch = b.pretouch;
        runs = b.runs;
        sizes = b.sizes == null ? null : Collections.unmodifiableList(new ArrayList<>(b.sizes));
        rates = b.rates == null ? null : Collections.unmodifiableList(new ArrayList<>(b.rates));
        jvmOptions = Collections.unmodifiableList(new ArrayList<>(b.jvmOptions));
        cellGraceNs = b.cellGraceNs;
        skipFirst = b.skipFirst;
        margin = b.margin;
        budgets = Collections.unmodifiableList(new ArrayList<>(b.budgets));
        maxRate = b.maxRate;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, for an override. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.rate = rate;
        b.size = size;
        b.warmupNs = warmupNs;
        b.durationNs = durationNs;
        b.floorNs = floorNs;
        b.producerCpu = producerCpu;
        b.consumerCpu = consumerCpu;
        b.queueDir = queueDir;
        b.rollCycle = rollCycle;
        b.blockSize = blockSize;
        b.attribution = attribution;
        b.kernelTrace = kernelTrace;
        b.pretouch = pretouch;
        b.runs = runs;
        b.sizes = sizes;
        b.rates = rates;
        b.jvmOptions = jvmOptions;
        b.cellGraceNs = cellGraceNs;
        b.skipFirst = skipFirst;
        b.margin = margin;
        b.budgets = budgets;
        b.maxRate = maxRate;
        return b;
    }

    /** The defaults, each once: the reference study's load (256 B at 100,000 msg/s), its queue, and this tool's windows. */
    public static final class Builder {
        private long rate = 100_000;
        private int size = 256;
        /** Covers the queue's first index array at 100,000 msg/s (2^20 messages), where the JIT discards code. */
        private long warmupNs = 15 * SECOND_NS;
        private long durationNs = 100 * SECOND_NS;
        private long floorNs = 2 * SECOND_NS;
        private Integer producerCpu;
        private Integer consumerCpu;
        private String queueDir = "/dev/shm";
        private String rollCycle = "auto";
        /** The reference harness's: one mapping per cycle file. */
        private long blockSize = 16L << 30;
        private boolean attribution = true;
        private String kernelTrace = "auto";
        private boolean pretouch;
        private int runs = 3;
        private List<Integer> sizes;
        private List<Long> rates;
        private List<String> jvmOptions = new ArrayList<>();
        private long cellGraceNs = 120 * SECOND_NS;
        private boolean skipFirst;
        private Double margin;
        private List<Budget> budgets = new ArrayList<>();
        private Long maxRate;

        public Builder budgets(List<Budget> v) {
            budgets = v;
            return this;
        }

        public Builder maxRate(Long v) {
            maxRate = v;
            return this;
        }

        public Builder rate(long v) {
            rate = v;
            return this;
        }

        public Builder size(int v) {
            size = v;
            return this;
        }

        public Builder warmupNs(long v) {
            warmupNs = v;
            return this;
        }

        public Builder durationNs(long v) {
            durationNs = v;
            return this;
        }

        public Builder floorNs(long v) {
            floorNs = v;
            return this;
        }

        public Builder producerCpu(Integer v) {
            producerCpu = v;
            return this;
        }

        public Builder consumerCpu(Integer v) {
            consumerCpu = v;
            return this;
        }

        public Builder queueDir(String v) {
            queueDir = v;
            return this;
        }

        public Builder rollCycle(String v) {
            rollCycle = v;
            return this;
        }

        public Builder blockSize(long v) {
            blockSize = v;
            return this;
        }

        public Builder attribution(boolean v) {
            attribution = v;
            return this;
        }

        public Builder kernelTrace(String v) {
            kernelTrace = v;
            return this;
        }

        public Builder pretouch(boolean v) {
            pretouch = v;
            return this;
        }

        public Builder runs(int v) {
            runs = v;
            return this;
        }

        public Builder sizes(List<Integer> v) {
            sizes = v;
            return this;
        }

        public Builder rates(List<Long> v) {
            rates = v;
            return this;
        }

        public Builder jvmOptions(List<String> v) {
            jvmOptions = v;
            return this;
        }

        public Builder cellGraceNs(long v) {
            cellGraceNs = v;
            return this;
        }

        public Builder skipFirst(boolean v) {
            skipFirst = v;
            return this;
        }

        public Builder margin(Double v) {
            margin = v;
            return this;
        }

        public Settings build() {
            return new Settings(this);
        }
    }
}
