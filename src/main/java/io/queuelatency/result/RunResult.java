package io.queuelatency.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One study, as stored in result.json: what was timed, the configuration, the JVM and its exact command
 * line, the host, the message counts, the rate, GC and allocation in the measured window, both latency
 * distributions, and whether the run is valid. Reports and comparisons are computed from this and the
 * .hlog beside it, never from the measuring process.
 */
public final class RunResult {
    public static final String SCHEMA = "queue-latency/run/1";

    public String schema = SCHEMA;
    public String tool;
    public String startedAt;
    public String finishedAt;
    public Timed timed = new Timed();
    public Config config = new Config();
    public Jvm jvm = new Jvm();
    public Host host = new Host();
    public Messages messages = new Messages();
    public Rate rate = new Rate();
    public Window window = new Window();
    public QueueFacts queue = new QueueFacts();
    /** "intended" and "actual", in that order. */
    public Map<String, Latency> latency = new LinkedHashMap<>();
    /** check-host for this run's CPUs: findings and the verdict, publishable or indicative only. */
    public HostVerdict hostCheck;
    /** The bare hand-off between the same two CPUs, measured in this JVM after the study; null when skipped. */
    public Floor floor;
    public boolean valid;
    public List<String> invalidReasons = new ArrayList<>();
    public List<String> warnings = new ArrayList<>();

    public static final class Timed {
        public String clock = "System.nanoTime(), one JVM, read on both threads";
        public String from = "intended: the send time the producer's fixed schedule gave the message; "
                + "actual: System.nanoTime() read by the producer inside the queue write, before the payload";
        public String to = "System.nanoTime() read by the consumer as soon as the queue shows it the message, before any check";
        public String headline = "intended";
    }

    public static final class Config {
        public long ratePerSecond;
        public int messageSize;
        public long warmupNs;
        public long durationNs;
        public int producerCpu;
        public int consumerCpu;
        public String cpuChoice;
        public String queueDir;
        public String rollCycle;
        public long blockSize;
    }

    public static final class Jvm {
        public String vendor;
        public String vmName;
        public String vmVersion;
        public String javaVersion;
        public int majorVersion;
        public String javaHome;
        public String compiler;
        public List<String> inputArguments = new ArrayList<>();
        /** The measured JVM's command line, one argument per element: copy it to reproduce the run. */
        public List<String> commandLine = new ArrayList<>();
    }

    public static final class Host {
        public String hostname;
        public String os;
        public String kernel;
        public String cpuModel;
        public int onlineCpus;
        public String onlineCpuList;
        public String isolatedCpuList;
        public String allowedCpuList;
        public String queueFileSystem;
        public long queueFileSystemTotalBytes;
        public long queueFileSystemFreeBytes;
    }

    public static final class Messages {
        public long warmup;
        public long measured;
        public long expected;
        public long sent;
        public long received;
        public long lost;
        public long duplicated;
        public long outOfOrder;
        public long corrupted;
        public long clampedHigh;
        public long clampedNegative;
    }

    public static final class Rate {
        public long targetPerSecond;
        public double achievedPerSecond;
        public double achievedDeviationPercent;
        /** How far behind its schedule the producer fell at worst in the measured window. */
        public long maxSendLagNs;
        public long lateSends;
    }

    /** What happened in the JVM between the first and last measured message. */
    public static final class Window {
        public long gcCount;
        public long gcTimeMs;
        public Map<String, Long> gcCountByCollector = new LinkedHashMap<>();
        public long producerAllocatedBytes = -1;
        public long consumerAllocatedBytes = -1;
        public long heapUsedAtStartBytes;
        public long heapUsedAtEndBytes;
        public long heapMaxBytes;
    }

    public static final class QueueFacts {
        public String implementation;
        public String path;
        public long peakFootprintBytes;
        public int deletedCycles;
    }

    public static final class Floor {
        public long durationNs;
        public long overwritten;
        /** One System.nanoTime(), ns, mean over millions on the producer's CPU. */
        public double clockReadNs;
        /** One histogram record, ns, likewise. */
        public double histogramRecordNs;
        public Latency intended;
        public Latency actual;
        public String warning;
    }

    public static final class Latency {
        public String definition;
        public long count;
        public long minNs;
        public double meanNs;
        public long maxNs;
        public List<PercentileValue> percentiles = new ArrayList<>();
    }

    public static final class PercentileValue {
        public double percentile;
        public long valueNs;
        /** How many samples lie strictly above valueNs. */
        public long beyond;

        public PercentileValue() {
        }

        public PercentileValue(double percentile, long valueNs, long beyond) {
            this.percentile = percentile;
            this.valueNs = valueNs;
            this.beyond = beyond;
        }
    }
}
