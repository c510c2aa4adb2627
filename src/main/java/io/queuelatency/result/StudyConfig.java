package io.queuelatency.result;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One study's configuration: the {@link Settings} asked, and what checking them against the host made of those the
 * host decides (cli.StudyOptions): the two CPUs and why, the directory the queue goes in, the roll cycle and why,
 * whether the kernel's events are recorded and why not, the pre-toucher's CPU. Built by name, fixed from then on;
 * stored in result.json (the settings it does not store read back as their defaults) and printed in the run's header.
 */
public final class StudyConfig {
    /** The monitor's tick: progress, the interval histograms of latency.hlog, the tail's fold. */
    public final long reportIntervalNs = Settings.SECOND_NS;
    /** What was asked. */
    public final Settings settings;
    /** The CPUs the producer and consumer are pinned to, chosen for the host where not given. */
    public final int producerCpu;
    public final int consumerCpu;
    /** Why these CPUs: "isolated", "as in the article", "first two allowed", "chosen by the user". */
    public final String cpuChoice;
    /** The directory the run adds its own queue directory under; null in results that did not store it. */
    public final Path queueDir;
    /** The Chronicle roll cycle: the one given, or the longest that fits. */
    public final String rollCycle;
    /** Why this roll cycle: given, or chosen to fit the queue's filesystem; null in results of schema 3 and earlier. */
    public final String rollCycleChoice;
    /** With attribution: record the kernel's events on the measured CPUs where it can (root, tracefs). */
    public final boolean kernelTrace;
    /** Why not, when not. */
    public final String kernelTraceWhyNot;
    /** The CPU of the thread that pre-faults the queue's file ahead of the writer; -1: none (the default). */
    public final int pretouchCpu;

    private StudyConfig(Builder b) {
        settings = b.settings;
        producerCpu = b.producerCpu;
        consumerCpu = b.consumerCpu;
        cpuChoice = b.cpuChoice;
        queueDir = b.queueDir;
        rollCycle = b.rollCycle;
        rollCycleChoice = b.rollCycleChoice;
        kernelTrace = b.kernelTrace;
        kernelTraceWhyNot = b.kernelTraceWhyNot;
        pretouchCpu = b.pretouchCpu;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return builder().settings(settings).cpus(producerCpu, consumerCpu, cpuChoice).queueDir(queueDir)
                .rollCycle(rollCycle, rollCycleChoice).kernelTrace(kernelTrace, kernelTraceWhyNot)
                .pretouchCpu(pretouchCpu);
    }

    /** The same with {@code cpuChoice} told more (where the JVM's other threads run). */
    public StudyConfig withCpuChoice(String choice) {
        return toBuilder().cpus(producerCpu, consumerCpu, choice).build();
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

    /**
     * The configuration whole, as (name, value) in a fixed order: the {@link Settings#entries settings}, those the host
     * decided as decided (the CPUs, the queue's directory, the roll cycle, the kernel's trace on or off), each followed
     * by why (cpuChoice, rollCycleChoice, kernelTraceWhyNot; pretouchCpu after pretouch).
     */
    public Map<String, Object> entries() {
        Map<String, Object> e = new LinkedHashMap<>();
        for (Map.Entry<String, Object> asked : settings.entries().entrySet()) {
            String name = asked.getKey();
            switch (name) {
                case "producerCpu":
                    e.put(name, producerCpu);
                    break;
                case "consumerCpu":
                    e.put(name, consumerCpu);
                    e.put("cpuChoice", cpuChoice);
                    break;
                case "queueDir":
                    e.put(name, queueDir == null ? null : queueDir.toString());
                    break;
                case "rollCycle":
                    e.put(name, rollCycle);
                    e.put("rollCycleChoice", rollCycleChoice);
                    break;
                case "kernelTrace":
                    e.put(name, kernelTrace ? "on" : "off");
                    e.put("kernelTraceWhyNot", kernelTraceWhyNot);
                    break;
                case "pretouch":
                    e.put(name, asked.getValue());
                    e.put("pretouchCpu", pretouchCpu);
                    break;
                default:
                    e.put(name, asked.getValue());
            }
        }
        return Collections.unmodifiableMap(e);
    }

    @Override
    public String toString() {
        return entries().toString();
    }

    /** By name; what only the host check decides has no default here but none (no CPU's reason, no pre-toucher). */
    public static final class Builder {
        private Settings settings = Settings.DEFAULTS;
        private int producerCpu;
        private int consumerCpu;
        private String cpuChoice;
        private Path queueDir;
        private String rollCycle;
        private String rollCycleChoice;
        private boolean kernelTrace;
        private String kernelTraceWhyNot;
        private int pretouchCpu = -1;

        public Builder settings(Settings v) {
            settings = v;
            return this;
        }

        public Builder cpus(int producer, int consumer, String why) {
            producerCpu = producer;
            consumerCpu = consumer;
            cpuChoice = why;
            return this;
        }

        public Builder queueDir(Path v) {
            queueDir = v;
            return this;
        }

        public Builder rollCycle(String cycle, String why) {
            rollCycle = cycle;
            rollCycleChoice = why;
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
