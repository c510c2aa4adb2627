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
    public Settings settings = Settings.DEFAULTS;
    /** Those asked ({@link Settings#producerCpu}), else chosen. */
    public int pinnedProducerCpu;
    public int pinnedConsumerCpu;
    /** Why these CPUs: "isolated", "as in the article", "first two allowed", "chosen by the user". */
    public String cpuChoice;
    /**
     * The directory the run adds its own queue directory under: {@link Settings#queueDir}, or the system's temporary
     * directory where it is /dev/shm and there is none; null in results that did not store it.
     */
    public Path queueParent;
    /** The one asked ({@link Settings#rollCycle}), or for "auto" the longest that fits. */
    public String chosenRollCycle;
    /** Null in results of schema 3. */
    public String rollCycleChoice;
    /** Whether the kernel's events are recorded, as {@link Settings#kernelTrace} and the host decide; why not. */
    public boolean traceKernel;
    public String kernelTraceWhyNot;
    /** The pre-toucher's CPU; -1: none. */
    public int pretouchCpu = -1;
    /**
     * The CPU of the tool's own threads (the monitor, which runs the tail's fold, and the kernel trace's reader): the
     * first CPU this process may use that is neither measured one, one not isolated first; -1 where there is none
     * (a 2-CPU host), and the fold then waits for the window's end (tail/Fold).
     */
    public int toolCpu = -1;
    /**
     * With a workload in the path ({@link Settings#workloadInPath}), whether it says it allocates (its
     * {@code allocates()}, asked of an instance made before the run); null without one.
     */
    public Boolean workloadAllocates;

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
}
