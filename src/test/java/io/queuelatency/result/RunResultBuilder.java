package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Test fixtures: a plausible valid run at 100,000 msg/s, 5 s of warm-up and 10 s measured; each field can be changed.
 */
public final class RunResultBuilder {
    public int schemaVersion = RunResult.SCHEMA_VERSION;
    public String tool = "queue-latency test";
    public Platform platform =
            new Platform("bare metal (no hypervisor flag)", "no vmx/svm visible", "tsc", 250, "always [madvise] never",
            "performance on 0-3");
    public long rate = 100_000;
    public int size = 256;
    public int producerCpu = 2;
    public int consumerCpu = 3;
    public String cpuChoice = "the first two isolated CPUs";
    public int majorVersion = 17;
    public String hostname = "testhost";
    public HostFindings hostCheck;
    public long sent = 1_500_000;
    public long lost;
    /** Sent and never read: the consumer fell behind. */
    public long unread;
    /** The rate the consumer handled; null as in results stored before run/7. */
    public Double handled;
    public double achieved = 100_000.0;
    public long maxSendLagNs;
    public long lateSends;
    public long gcCount;
    public long gcTimeMs;
    /** The collectors' pauses in the window (stored only where any paused). */
    public List<WindowFacts.Pauses> gcPauses = new ArrayList<>();
    public long producerAllocatedBytes = 64;
    public long consumerAllocatedBytes = -1;
    /** A workload in the path (null: the copy) and whether it says it allocates (null: not asked). */
    public String workload;
    public Boolean workloadAllocates;
    public String failure;
    public boolean stoppedEarly;
    public List<Warning> setupWarnings = new ArrayList<>();
    public Map<Definition, Latency> latency = new EnumMap<>(Definition.class);
    public RunResult.Floor floor;
    public Tail tail;
    /** --profile: the run's profile; null without. */
    public Profile profile;
    public Pretouch pretouch;
    /** How the two CPUs relate; null: not recorded (as before run/6). */
    public CpuPair cpuPair;

    public RunResultBuilder latency(Histogram intended, Histogram actual, Histogram inQueue) {
        latency(intended, actual);
        latency.put(Definition.IN_QUEUE, Latency.of(Definition.IN_QUEUE, inQueue));
        return this;
    }

    /** --probes' stages. */
    public Map<Stage, Latency> stages = new EnumMap<>(Stage.class);

    /** Every definition's histogram, as a run records them. */
    public RunResultBuilder latency(java.util.Map<Definition, Histogram> all) {
        all.forEach((d, h) -> latency.put(d, Latency.of(d, h)));
        return this;
    }

    public RunResultBuilder latency(Histogram intended, Histogram actual) {
        latency.put(Definition.INTENDED, Latency.of(Definition.INTENDED, intended));
        latency.put(Definition.ACTUAL, Latency.of(Definition.ACTUAL, actual));
        return this;
    }

    public static RunResult.Floor floor(Histogram h, double clockReadNs, double histogramRecordNs) {
        RunResult.Floor f = new RunResult.Floor();
        f.durationNs = 2_000_000_000L;
        f.clockReadNs = clockReadNs;
        f.histogramRecordNs = histogramRecordNs;
        f.intended = Latency.of(Definition.INTENDED, h);
        f.actual = Latency.of(Definition.ACTUAL, h);
        return f;
    }

    public RunSetup setup() {
        Settings asked = Settings.builder().rate(rate).size(size).warmupNs(5_000_000_000L).durationNs(10_000_000_000L)
                .blockSize(64L << 20).workload(workload).build();
        StudyConfig config = new StudyConfig();
        config.settings = asked;
        config.pinnedProducerCpu = producerCpu;
        config.pinnedConsumerCpu = consumerCpu;
        config.cpuChoice = cpuChoice;
        config.queueParent = java.nio.file.Paths.get("/dev/shm");
        config.chosenRollCycle = "MINUTELY";
        config.rollCycleChoice = "given (--roll-cycle)";
        config.workloadAllocates = workloadAllocates;
        JvmFacts jvm = new JvmFacts();
        jvm.vendor = "Test Vendor";
        jvm.vmName = "OpenJDK 64-Bit Server VM";
        jvm.vmVersion = "17.0.15+6";
        jvm.javaVersion = "17.0.15";
        jvm.majorVersion = majorVersion;
        jvm.javaHome = "/jdks/openjdk-" + majorVersion;
        jvm.compiler = "C2 (HotSpot)";
        jvm.inputArguments = Arrays.asList("-Xms2g");
        jvm.commandLine = Arrays.asList("java", "-Xms2g");
        jvm.garbageCollector = "G1";
        Host host = new Host();
        host.hostname = hostname;
        host.os = "Linux amd64";
        host.kernel = "6.1.0-test";
        host.cpuModel = "Test CPU 9000";
        host.onlineCpus = 4;
        host.onlineCpuList = "0-3";
        host.isolatedCpuList = "2-3";
        host.allowedCpuList = "0-3";
        host.queueFileSystem = "tmpfs (tmpfs)";
        host.queueFileSystemTotalBytes = 8L << 30;
        host.queueFileSystemFreeBytes = 8L << 30;
        host.platform = platform;
        host.cpuPair = cpuPair;
        RunSetup setup = new RunSetup();
        setup.tool = tool;
        setup.startedAt = "2026-01-01T00:00:00Z";
        setup.config = config;
        setup.jvm = jvm;
        setup.host = host;
        setup.hostCheck = hostCheck;
        setup.queueImplementation = "Chronicle Queue test (binary wire)";
        return setup;
    }

    public RunResult build() {
        long expected = 1_500_000;
        MessageCounts messages = new MessageCounts();
        messages.warmup = 500_000;
        messages.measured = 1_000_000;
        messages.expected = expected;
        messages.sent = sent;
        messages.received = sent - lost - unread;
        messages.lost = lost;
        messages.unread = unread;
        SendRate r = new SendRate(rate, achieved, 100.0 * (achieved - rate) / rate, maxSendLagNs, lateSends, handled);
        WindowFacts window = new WindowFacts();
        window.gcCountByCollector.put("G1 Young Generation", gcCount);
        window.gcCount = gcCount;
        window.gcTimeMs = gcTimeMs;
        window.gcPauses = gcPauses;
        window.producerAllocatedBytes = producerAllocatedBytes;
        window.consumerAllocatedBytes = consumerAllocatedBytes;
        window.heapUsedAtStartBytes = 10L << 20;
        window.heapUsedAtEndBytes = 12L << 20;
        window.heapMaxBytes = 2L << 30;
        window.timerInterrupts = new long[] {2_500, 2_500};
        window.stealMs = new long[] {0, 0};
        RunResult.Builder result = new RunResult.Builder();
        result.schemaVersion = schemaVersion;
        result.setup = setup();
        result.finishedAt = "2026-01-01T00:00:20Z";
        result.messages = messages;
        result.rate = r;
        result.window = window;
        result.queue = new RunResult.QueueFacts("Chronicle Queue test (binary wire)", "/dev/shm/q", 100L << 20, 0,
                pretouch);
        result.latency = latency;
        result.stages = stages;
        result.floor = floor;
        result.failure = failure;
        result.stoppedEarly = stoppedEarly;
        result.setupWarnings = setupWarnings;
        result.tail = tail;
        result.profile = profile;
        return result.build();
    }
}
