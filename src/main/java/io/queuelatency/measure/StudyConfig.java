package io.queuelatency.measure;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Everything one study needs, validated by whoever builds it (the command line) and fixed from then on.
 * Printed whole in the header and stored whole in result.json.
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

    public StudyConfig(long ratePerSecond, int messageSize, long warmupNs, long durationNs, int producerCpu,
                       int consumerCpu, String cpuChoice, Path queueParent, String rollCycle, String rollCycleChoice, long blockSize,
                       long floorNs, boolean quiet, boolean attribution) {
        this.rollCycleChoice = rollCycleChoice;
        this.attribution = attribution;
        this.ratePerSecond = ratePerSecond;
        this.messageSize = messageSize;
        this.warmupNs = warmupNs;
        this.durationNs = durationNs;
        this.producerCpu = producerCpu;
        this.consumerCpu = consumerCpu;
        this.cpuChoice = cpuChoice;
        this.queueParent = queueParent;
        this.rollCycle = rollCycle;
        this.blockSize = blockSize;
        this.reportIntervalNs = TimeUnit.SECONDS.toNanos(1);
        this.floorNs = floorNs;
        this.quiet = quiet;
    }

    /** The same with {@code cpuChoice} told more (where the JVM's other threads run). */
    public StudyConfig withCpuChoice(String choice) {
        return new StudyConfig(ratePerSecond, messageSize, warmupNs, durationNs, producerCpu, consumerCpu, choice, queueParent,
                rollCycle, rollCycleChoice, blockSize, floorNs, quiet, attribution);
    }

    public long warmupMessages() {
        return messagesIn(warmupNs);
    }

    public long measuredMessages() {
        return messagesIn(durationNs);
    }

    public long totalMessages() {
        return warmupMessages() + measuredMessages();
    }

    private long messagesIn(long ns) {
        return io.queuelatency.result.RunSetup.messagesIn(ns, ratePerSecond);
    }
}
