package io.queuelatency.result;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One study's configuration: the {@link Settings} asked, and what checking them against the host decided of them
 * (cli.StudyOptions), each with why. Stored in result.json (the settings it does not store read back as defaults).
 */
public final class StudyConfig {
    /** The monitor's tick: progress, the interval histograms of latency.hlog, the tail's fold. */
    public final long reportIntervalNs = Settings.SECOND_NS;
    public final Settings settings;
    /** Those asked ({@link Settings#producerCpu}), else chosen. */
    public final int pinnedProducerCpu;
    public final int pinnedConsumerCpu;
    /** Why these CPUs: "isolated", "as in the article", "first two allowed", "chosen by the user". */
    public final String cpuChoice;
    /**
     * The directory the run adds its own queue directory under: {@link Settings#queueDir}, or the system's temporary
     * directory where it is /dev/shm and there is none; null in results that did not store it.
     */
    public final Path queueParent;
    /** The one asked ({@link Settings#rollCycle}), or for "auto" the longest that fits. */
    public final String chosenRollCycle;
    /** Null in results of schema 3. */
    public final String rollCycleChoice;
    /** Whether the kernel's events are recorded, as {@link Settings#kernelTrace} and the host decide; why not. */
    public final boolean traceKernel;
    public final String kernelTraceWhyNot;
    /** The pre-toucher's CPU; -1: none. */
    public final int pretouchCpu;
    /**
     * The CPU of the tool's own threads (the monitor, which runs the tail's fold, and the kernel trace's reader): the
     * first CPU this process may use that is neither measured one, one not isolated first; -1 where there is none
     * (a 2-CPU host), and the fold then waits for the window's end (tail/Fold).
     */
    public final int toolCpu;
    /**
     * With a workload in the path ({@link Settings#workloadInPath}), whether it says it allocates (its
     * {@code allocates()}, asked of an instance made before the run); null without one.
     */
    public final Boolean workloadAllocates;

    private StudyConfig(Builder b) {
        settings = b.settings;
        pinnedProducerCpu = b.pinnedProducerCpu;
        pinnedConsumerCpu = b.pinnedConsumerCpu;
        cpuChoice = b.cpuChoice;
        queueParent = b.queueParent;
        chosenRollCycle = b.chosenRollCycle;
        rollCycleChoice = b.rollCycleChoice;
        traceKernel = b.traceKernel;
        kernelTraceWhyNot = b.kernelTraceWhyNot;
        pretouchCpu = b.pretouchCpu;
        toolCpu = b.toolCpu;
        workloadAllocates = b.workloadAllocates;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return builder().settings(settings).cpus(pinnedProducerCpu, pinnedConsumerCpu, cpuChoice)
                .queueParent(queueParent).chosenRollCycle(chosenRollCycle, rollCycleChoice)
                .traceKernel(traceKernel, kernelTraceWhyNot).pretouchCpu(pretouchCpu).toolCpu(toolCpu)
                .workloadAllocates(workloadAllocates);
    }

    public StudyConfig withCpuChoice(String choice) {
        return toBuilder().cpus(pinnedProducerCpu, pinnedConsumerCpu, choice).build();
    }

    public long warmupMessages() {
        return settings.warmupMessages();
    }

    public long measuredMessages() {
        return settings.measuredMessages();
    }

    public long totalMessages() {
        return settings.totalMessages();
    }

    /** The {@link Settings#entries settings} as asked, each one the host decides followed by what it decided. */
    public Map<String, Object> entries() {
        Map<String, Object> e = new LinkedHashMap<>();
        for (Map.Entry<String, Object> asked : settings.entries().entrySet()) {
            e.put(asked.getKey(), asked.getValue());
            switch (asked.getKey()) {
                case "consumerCpu":
                    e.put("pinnedProducerCpu", pinnedProducerCpu);
                    e.put("pinnedConsumerCpu", pinnedConsumerCpu);
                    e.put("cpuChoice", cpuChoice);
                    e.put("toolCpu", toolCpu);
                    break;
                case "queueDir":
                    e.put("queueParent", queueParent == null ? null : queueParent.toString());
                    break;
                case "rollCycle":
                    e.put("chosenRollCycle", chosenRollCycle);
                    e.put("rollCycleChoice", rollCycleChoice);
                    break;
                case "kernelTrace":
                    e.put("traceKernel", traceKernel);
                    e.put("kernelTraceWhyNot", kernelTraceWhyNot);
                    break;
                case "pretouch":
                    e.put("pretouchCpu", pretouchCpu);
                    break;
                case "workloadJar":
                    if (workloadAllocates != null) {
                        e.put("workloadAllocates", workloadAllocates);
                    }
                    break;
                default:
            }
        }
        return Collections.unmodifiableMap(e);
    }

    @Override
    public String toString() {
        return entries().toString();
    }

    public static final class Builder {
        private Settings settings = Settings.DEFAULTS;
        private int pinnedProducerCpu;
        private int pinnedConsumerCpu;
        private String cpuChoice;
        private Path queueParent;
        private String chosenRollCycle;
        private String rollCycleChoice;
        private boolean traceKernel;
        private String kernelTraceWhyNot;
        private int pretouchCpu = -1;
        private int toolCpu = -1;
        private Boolean workloadAllocates;

        public Builder settings(Settings v) {
            settings = v;
            return this;
        }

        public Builder cpus(int producer, int consumer, String why) {
            pinnedProducerCpu = producer;
            pinnedConsumerCpu = consumer;
            cpuChoice = why;
            return this;
        }

        public Builder queueParent(Path v) {
            queueParent = v;
            return this;
        }

        public Builder chosenRollCycle(String cycle, String why) {
            chosenRollCycle = cycle;
            rollCycleChoice = why;
            return this;
        }

        public Builder traceKernel(boolean v, String whyNot) {
            traceKernel = v;
            kernelTraceWhyNot = whyNot;
            return this;
        }

        public Builder pretouchCpu(int v) {
            pretouchCpu = v;
            return this;
        }

        public Builder toolCpu(int v) {
            toolCpu = v;
            return this;
        }

        public Builder workloadAllocates(Boolean v) {
            workloadAllocates = v;
            return this;
        }

        public StudyConfig build() {
            return new StudyConfig(this);
        }
    }
}
