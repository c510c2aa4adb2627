package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Test fixtures: a plausible valid run at 100,000 msg/s, 5 s of warm-up and 10 s measured; each field can be changed. */
public final class RunResultBuilder {
    public int schemaVersion = RunResult.SCHEMA_VERSION;
    public String tool = "queue-latency test";
    public Platform platform = new Platform("bare metal (no hypervisor flag)", "no vmx/svm visible", "tsc", 250, "always [madvise] never",
            "performance on 0-3");
    public long rate = 100_000;
    public int size = 256;
    public int producerCpu = 2;
    public int consumerCpu = 3;
    public String cpuChoice = "the first two isolated CPUs";
    public int majorVersion = 17;
    public String hostname = "testhost";
    public HostVerdict hostCheck;
    public long sent = 1_500_000;
    public long lost;
    public double achieved = 100_000.0;
    public long maxSendLagNs;
    public long lateSends;
    public long gcCount;
    public long gcTimeMs;
    public String failure;
    public boolean stoppedEarly;
    public List<Warning> setupWarnings = new ArrayList<>();
    public Map<Definition, Latency> latency = new EnumMap<>(Definition.class);
    public RunResult.Floor floor;
    public Tail tail;
    public Pretouch pretouch;

    public RunResultBuilder latency(Histogram intended, Histogram actual, Histogram inQueue) {
        latency(intended, actual);
        latency.put(Definition.IN_QUEUE, Latency.of(Definition.IN_QUEUE, inQueue));
        return this;
    }

    public RunResultBuilder latency(Histogram intended, Histogram actual) {
        latency.put(Definition.INTENDED, Latency.of(Definition.INTENDED, intended));
        latency.put(Definition.ACTUAL, Latency.of(Definition.ACTUAL, actual));
        return this;
    }

    public static RunResult.Floor floor(Histogram h, double clockReadNs, double histogramRecordNs) {
        return new RunResult.Floor(2_000_000_000L, 0, clockReadNs, histogramRecordNs, Latency.of(Definition.INTENDED, h),
                Latency.of(Definition.ACTUAL, h), null);
    }

    public RunSetup setup() {
        RunResult.Config config = new RunResult.Config(rate, size, 5_000_000_000L, 10_000_000_000L, producerCpu, consumerCpu, cpuChoice,
                "/dev/shm", "MINUTELY", "given (--roll-cycle)", 64L << 20);
        RunResult.JvmFacts jvm = new RunResult.JvmFacts("Test Vendor", "OpenJDK 64-Bit Server VM", "17.0.15+6", "17.0.15", majorVersion,
                "/jdks/openjdk-" + majorVersion, "C2 (HotSpot)", Arrays.asList("-Xms2g"), Arrays.asList("java", "-Xms2g"), "G1");
        RunResult.Host host = new RunResult.Host(hostname, "Linux amd64", "6.1.0-test", "Test CPU 9000", 4, "0-3", "2-3", "0-3",
                "tmpfs (tmpfs)", 8L << 30, 8L << 30, platform);
        return new RunSetup(tool, "2026-01-01T00:00:00Z", config, jvm, host, hostCheck, "Chronicle Queue test (binary wire)");
    }

    public RunResult build() {
        long expected = 1_500_000;
        MessageCounts messages = new MessageCounts(500_000, 1_000_000, expected, sent, sent - lost, lost, 0, 0, 0, 0, 0, false);
        SendRate r = new SendRate(rate, achieved, 100.0 * (achieved - rate) / rate, maxSendLagNs, lateSends);
        Map<String, Long> collectors = new LinkedHashMap<>();
        collectors.put("G1 Young Generation", gcCount);
        WindowFacts window = new WindowFacts(gcCount, gcTimeMs, collectors, 64, 0, 10L << 20, 12L << 20, 2L << 30,
                new long[] {2_500, 2_500}, new long[] {0, 0});
        RunResult.QueueFacts queue = new RunResult.QueueFacts("Chronicle Queue test (binary wire)", "/dev/shm/q", 100L << 20, 0, pretouch);
        return RunResult.builder().schemaVersion(schemaVersion).setup(setup()).finishedAt("2026-01-01T00:00:20Z").messages(messages).rate(r)
                .window(window).queue(queue).latency(latency).floor(floor).failure(failure).stoppedEarly(stoppedEarly)
                .setupWarnings(setupWarnings).tail(tail).build();
    }
}
