package io.queuelatency.measure;

import io.queuelatency.result.RunSetup;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Everything one study needs, checked against the host by the command line (cli.StudyOptions: the CPUs chosen, the
 * queue's directory found, its roll cycle chosen) and fixed from then on; built by name. Printed whole in the header
 * and stored whole in result.json.
 */
public final class StudyConfig {
    public final long ratePerSecond;
    public final int messageSize;
    public final long warmupNs;
    public final long durationNs;
    public final int producerCpu;
    public final int consumerCpu;
    /** Why these CPUs: "isolated", "as in the article", "first two allowed", "chosen by the user". */
    public final String cpuChoice;
    /** The directory the run adds its own queue directory under. */
    public final Path queueParent;
    public final String rollCycle;
    /** Why this roll cycle: given, or chosen to fit (QueueSpace). */
    public final String rollCycleChoice;
    public final long blockSize;
    public final long reportIntervalNs;
    /** How long the bare hand-off floor is measured (after as long a warm-up); 0 for none. */
    public final long floorNs;
    public final boolean quiet;
    /** Record the measured threads' stalls and keep the slow messages, to tell what the tail is made of. */
    public final boolean attribution;
    /** With attribution: record the kernel's events on the measured CPUs where it can (root, tracefs). */
    public final boolean kernelTrace;
    /** Why not, when not. */
    public final String kernelTraceWhyNot;
    /** The CPU of the thread that pre-faults the queue's file ahead of the writer; -1: none (the default). */
    public final int pretouchCpu;

    private StudyConfig(Builder b) {
        ratePerSecond = b.ratePerSecond;
        messageSize = b.messageSize;
        warmupNs = b.warmupNs;
        durationNs = b.durationNs;
        producerCpu = b.producerCpu;
        consumerCpu = b.consumerCpu;
        cpuChoice = b.cpuChoice;
        queueParent = b.queueParent;
        rollCycle = b.rollCycle;
        rollCycleChoice = b.rollCycleChoice;
        blockSize = b.blockSize;
        reportIntervalNs = TimeUnit.SECONDS.toNanos(1);
        floorNs = b.floorNs;
        quiet = b.quiet;
        attribution = b.attribution;
        kernelTrace = b.kernelTrace;
        kernelTraceWhyNot = b.kernelTraceWhyNot;
        pretouchCpu = b.pretouchCpu;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().ratePerSecond(ratePerSecond).messageSize(messageSize).warmupNs(warmupNs).durationNs(durationNs)
                .cpus(producerCpu, consumerCpu, cpuChoice).queueParent(queueParent).rollCycle(rollCycle, rollCycleChoice).blockSize(blockSize)
                .floorNs(floorNs).quiet(quiet).attribution(attribution)
                .kernelTrace(kernelTrace, kernelTraceWhyNot).pretouchCpu(pretouchCpu);
    }

    /** The same with {@code cpuChoice} told more (where the JVM's other threads run). */
    public StudyConfig withCpuChoice(String choice) {
        return toBuilder().cpus(producerCpu, consumerCpu, choice).build();
    }

    public long warmupMessages() {
        return RunSetup.messagesIn(warmupNs, ratePerSecond);
    }

    public long measuredMessages() {
        return RunSetup.messagesIn(durationNs, ratePerSecond);
    }

    public long totalMessages() {
        return warmupMessages() + measuredMessages();
    }

    /** By name; what the command line has not checked has no default here. */
    public static final class Builder {
        private long ratePerSecond;
        private int messageSize;
        private long warmupNs;
        private long durationNs;
        private int producerCpu;
        private int consumerCpu;
        private String cpuChoice;
        private Path queueParent;
        private String rollCycle;
        private String rollCycleChoice;
        private long blockSize;
        private long floorNs;
        private boolean quiet;
        private boolean attribution;
        private boolean kernelTrace;
        private String kernelTraceWhyNot;
        private int pretouchCpu = -1;

        public Builder ratePerSecond(long v) {
            ratePerSecond = v;
            return this;
        }

        public Builder messageSize(int v) {
            messageSize = v;
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

        public Builder cpus(int producer, int consumer, String why) {
            producerCpu = producer;
            consumerCpu = consumer;
            cpuChoice = why;
            return this;
        }

        public Builder queueParent(Path v) {
            queueParent = v;
            return this;
        }

        public Builder rollCycle(String cycle, String why) {
            rollCycle = cycle;
            rollCycleChoice = why;
            return this;
        }

        public Builder blockSize(long v) {
            blockSize = v;
            return this;
        }

        public Builder floorNs(long v) {
            floorNs = v;
            return this;
        }

        public Builder quiet(boolean v) {
            quiet = v;
            return this;
        }

        public Builder attribution(boolean v) {
            attribution = v;
            return this;
        }

        public Builder kernelTrace(boolean v, String whyNot) {
            kernelTrace = v;
            kernelTraceWhyNot = whyNot;
            return this;
        }

        public Builder pretouchCpu(int v) {
            pretouchCpu = v;
            return this;
        }

        public StudyConfig build() {
            return new StudyConfig(this);
        }
    }
}
