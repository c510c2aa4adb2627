package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Platform;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Stage;
import io.queuelatency.result.RunSetup;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.text.Units;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.JvmWords;
import io.queuelatency.words.PairWords;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** table.txt and --verbose, from a RunResult only: the same at a run's end or rebuilt from result.json. */
public final class RunScreen {
    private RunScreen() {
    }

    public static String header(RunSetup r) {
        StringBuilder s = new StringBuilder();
        StudyConfig c = r.config;
        line(s, "# %s: one-way latency, producer thread -> %s -> consumer thread%s", r.tool, r.queueImplementation,
                c.settings.betweenProcesses() ? ", in two JVMs (--topology processes)" : "");
        line(s, "# JVM:      %s %s (%s), Java %s, %s", r.jvm.vendor, r.jvm.vmName, r.jvm.vmVersion,
                r.jvm.javaVersion, r.jvm.javaHome);
        line(s, "# Compiler: %s", r.jvm.compiler);
        line(s, "# Flags:    %s", String.join(" ", r.jvm.inputArguments));
        line(s, "# Host:     %s, %s, %d CPUs online (%s), isolated: %s, kernel %s",
                r.host.hostname, r.host.cpuModel, r.host.onlineCpus, r.host.onlineCpuList,
                HostWords.isolated(r.host.isolatedCpuList), r.host.kernel);
        if (r.host.platform != null) {
            Platform p = r.host.platform;
            line(s, "# Platform: %s; nested: %s; clock source %s; timer tick %s; transparent huge "
                    + "pages %s; governor %s", p.virtualisation,
                    p.nested, p.clockSource, p.timerTickHz < 0 ? "unknown" : p.timerTickHz + " Hz",
                    p.transparentHugePages, p.governor);
        }
        if (r.host.pinnableCpuList != null) {
            line(s, "# Pinnable: CPUs %s: %s", r.host.pinnableCpuList, r.host.pinnableWhy);
        }
        line(s, "# CPUs:     producer %d, consumer %d (%s)", c.pinnedProducerCpu, c.pinnedConsumerCpu, c.cpuChoice);
        line(s, "# Pair:     %s", r.host.cpuPair == null ? "how the two CPUs relate was not recorded (results stored "
                + "before it was)" : PairWords.facts(r.host.cpuPair));
        line(s, "# JVM GC:   %s; %s release", r.jvm.garbageCollector, JvmWords.release(r.jvm.release()));
        if (r.hostCheck != null) {
            line(s, "# Check:    %s (check-host explains)", HostWords.headline(r.hostCheck));
        }
        line(s, "# Queue:    %s, roll cycle %s%s, block size %s", c.queueParent, c.chosenRollCycle,
                c.rollCycleChoice == null ? "" : " (" + c.rollCycleChoice + ")", Units.bytes(c.settings.blockSize));
        line(s, "# Load:     %,d msg/s, %s, warm-up %s, measured %s (%,d messages)",
                c.settings.rate, RunWords.messages(Integer.toString(c.settings.size), c.settings),
                Units.seconds(c.settings.warmupNs), Units.seconds(c.settings.durationNs), c.measuredMessages());
        line(s, "# Timed:    to the consumer's read; %s",
                DefinitionWords.screen(Definition.of(c.settings.workloadInPath())));
        return s.toString();
    }

    public static String table(RunResult r) {
        return table(r, Percentile.REPORTED);
    }

    /** The table at {@code percentiles} ("-" where not stored), then actual minus in-queue at p50 and p99. */
    public static String table(RunResult r, List<Percentile> percentiles) {
        StringBuilder s = new StringBuilder();
        percentiles(s, r, percentiles, true);
        line(s, "samples: %,d per definition; 'beyond' = samples above that value",
                r.latency(Definition.HEADLINE).count);
        if (!r.measuredArticleActual()) {
            line(s, "stored by an earlier version: its producer read the clock only inside the write, so the actual "
                    + "latency (the article's definition) was not measured; that reading is the in-queue latency");
        }
        lineIfAny(s, openingTheWrite(r));
        lineIfAny(s, stages(r));
        return s.toString();
    }

    /**
     * --probes, two lines: "stages:   p50/p99 open 61 ns/90 ns, fill ..., hand-off ..., handle ..." and what a probe
     * costs ("a clock read more inside the write, 21.3 ns by the floor"); null without.
     */
    static String stages(RunResult r) {
        if (r.stages.isEmpty()) {
            return null;
        }
        List<String> each = new ArrayList<>();
        for (Stage stage : Stage.values()) {
            Latency l = stage.isInQueue() ? r.latency(Definition.IN_QUEUE) : r.stages.get(stage);
            if (l != null && !l.isEmpty()) {
                each.add(DefinitionWords.stage(stage) + " " + Units.ns(l.ns(Percentile.P50)) + "/"
                        + Units.ns(l.ns(Percentile.P99)));
            }
        }
        if (r.config.settings.betweenProcesses() && !r.stages.containsKey(Stage.FILL)) {
            each.add("open and fill timed in the producer's JVM, not handed over");
        }
        return "stages:   p50/p99 " + String.join(", ", each) + "\n          (--probes: a clock read more inside "
                + "the write, " + (r.floor == null ? "its cost in the floor when one is measured"
                : String.format(Locale.ROOT, "%.1f ns by the floor", r.floor.clockReadNs)) + ")";
    }

    /** A row per percentile, a column per definition: its value and, with {@code beyond}, the samples above it. */
    static void percentiles(StringBuilder s, RunResult r, List<Percentile> percentiles, boolean beyond) {
        String first = beyond ? "%-11s" : "%-10s";
        String cell = beyond ? " %14s %12s" : " %10s";
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, first, "percentile"));
        for (Latency l : shown(r)) {
            head.append(String.format(Locale.ROOT, cell, DefinitionWords.label(l.definition), "beyond"));
        }
        line(s, "%s", head);
        for (Percentile p : percentiles) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, first, p.name()));
            for (Latency l : shown(r)) {
                Latency.Value v = l.at(p);
                row.append(String.format(Locale.ROOT, cell, v == null ? "-" : Units.ns(v.valueNs),
                        v == null ? "-" : TablesMarkdown.count(v.beyond)));
            }
            line(s, "%s", row);
        }
    }

    private static List<Latency> shown(RunResult r) {
        return Stream.of(Definition.values()).filter(d -> d == Definition.HEADLINE || !r.latency(d).isEmpty())
                .map(r::latency).collect(Collectors.toList());
    }

    /** "actual - in-queue: 412 ns at p50 (opening the write), 3 ns at p99 (...)"; null where the run lacks either. */
    static String openingTheWrite(RunResult r) {
        Latency actual = r.latency(Definition.ACTUAL);
        Latency inQueue = r.latency(Definition.IN_QUEUE);
        for (Latency l : new Latency[] {actual, inQueue}) {
            if (l.isEmpty() || l.at(Percentile.P50) == null || l.at(Percentile.P99) == null) {
                return null;
            }
        }
        return String.format(Locale.ROOT, "actual - in-queue: %s at p50 (opening the write), %s at p99 (in the tail "
                + "both hold the same stalls; within one bucket of the histogram: none)",
                visible(actual.ns(Percentile.P50), actual.ns(Percentile.P50) - inQueue.ns(Percentile.P50)),
                visible(actual.ns(Percentile.P99), actual.ns(Percentile.P99) - inQueue.ns(Percentile.P99)));
    }

    /** "412 ns", or "none" where the difference is within one bucket of the histogram at {@code actual}. */
    private static String visible(long actual, long diff) {
        double d = TablesMarkdown.overResolution(actual, diff);
        return d == 0 ? "none" : Units.ns(d);
    }

    /** The run's counts, rate and validity: the last lines of its screen. */
    public static String validity(RunResult r) {
        StringBuilder s = new StringBuilder();
        MessageCounts m = r.messages;
        line(s, "messages: %,d measured + %,d warm-up (not counted) = %,d sent; of all sent: %,d received, %,d lost, "
                + "%,d duplicated, %,d out of order, %,d corrupted", m.measured, m.warmup, m.sent, m.received, m.lost,
                m.duplicated, m.outOfOrder, m.corrupted);
        double deviation = r.rate.achievedDeviationPercent;
        line(s, "rate:     target %,d msg/s, achieved %,.1f msg/s%s, producer at worst %s behind schedule",
                r.rate.targetPerSecond, r.rate.achievedPerSecond, Math.abs(deviation) < 0.05 ? ""
                        : String.format(Locale.ROOT, " (%+.1f%%)", deviation), Units.exact(r.rate.maxSendLagNs));
        line(s, "window:   %d GCs (%d ms); allocated by producer %s, consumer %s; queue footprint peak %s",
                r.window.gcCount, r.window.gcTimeMs, allocated(r.window.producerAllocatedBytes),
                allocated(r.window.consumerAllocatedBytes), Units.bytes(r.queue.peakFootprintBytes));
        if (!r.window.gcPauses.isEmpty()) {
            long[] safepoints = GcMarkdown.safepointPauses(r.tail, false);
            line(s, "GC:       in the window, as the collectors' beans tell: %s%s%s", RunWords.pauses(r.window),
                    safepoints == null ? "" : String.format(Locale.ROOT, "; as GC safepoints: %,d, %s in all, longest "
                    + "%s", safepoints[0], Units.ns(safepoints[1]), Units.ns(safepoints[2])),
                    r.validity.gc.bytesPerMessage < 0 ? "" : String.format(Locale.ROOT, "; the measured threads "
                    + "allocated %,d B/message", r.validity.gc.bytesPerMessage));
        }
        long[] ticks = r.window.timerInterrupts;
        long[] steal = r.window.stealMs;
        if (ticks[0] >= 0 && ticks[1] >= 0) {
            double seconds = r.config.settings.durationNs / 1e9;
            line(s, "kernel:   in the window, local timer interrupts (the tick and high-resolution timers) %,.0f/s on "
                    + "the producer's CPU %d and %,.0f/s on the consumer's CPU %d; steal %s ms and %s ms",
                    ticks[0] / seconds, r.config.pinnedProducerCpu,
                    ticks[1] / seconds, r.config.pinnedConsumerCpu,
                    steal[0] < 0 ? "?" : Long.toString(steal[0]), steal[1] < 0 ? "?" : Long.toString(steal[1]));
        }
        if (r.floor != null && r.floor.measured()) {
            RunResult.Floor f = r.floor;
            long floorMedian = f.latency(Definition.HEADLINE).ns(Percentile.P50);
            long queueMedian = r.latency(Definition.HEADLINE).ns(Percentile.P50);
            String adds = queueMedian < 0 ? ""
                    : String.format(Locale.ROOT, "; the queue adds %,d ns at the median", queueMedian - floorMedian);
            String medians = Stream.of(Definition.values()).filter(d -> f.latency(d) != null)
                    .map(d -> String.format(Locale.ROOT, "%,d ns %s", f.latency(d).ns(Percentile.P50),
                    DefinitionWords.label(d))).collect(Collectors.joining(", "));
            line(s, "floor:    bare hand-off between the same CPUs: median %s%s; clock read %.1f ns, histogram record "
                    + "%.1f ns", medians, adds, f.clockReadNs, f.histogramRecordNs);
        }
        if (r.tail != null) {
            s.append(TailScreen.block(r.tail, r.config.toolCpu));
        }
        for (String w : RunWords.warnings(r.validity.warnings)) {
            line(s, "WARNING:  %s", w);
        }
        if (r.failure != null) {
            line(s, "*** FAILED: %s", r.failure);
        } else if (r.valid()) {
            line(s, "VALID:    rate held, nothing lost, %s", r.validity.gc.countsAsLatency() && r.window.gcCount > 0
                    ? "GC in the window counted as latency (the workload allocates, "
                    + r.validity.gc.rule.name().toLowerCase(Locale.ROOT) + ")" : "no GC in the measured window");
        } else {
            line(s, "*** INVALID: %s", RunWords.joinedReasons(r.validity.invalidReasons));
        }
        return s.toString();
    }

    public static String full(RunResult r) {
        return header(r.setup()) + "\n" + table(r) + "\n" + validity(r)
                + (r.profile == null ? "" : RunBrief.profile(r.profile) + "\n"
                + RunBrief.counters(r.profile, r.messages.measured) + "\n");
    }

    private static String allocated(long bytes) {
        return bytes < 0 ? "unknown" : String.format(Locale.ROOT, "%,d B", bytes);
    }

    /** The line above {@link #configuration}'s. */
    public static final String CONFIGURATION = "# Configuration (every setting, as checked):";

    /** --verbose: the checked configuration, one {@code name = value} a line under {@link #CONFIGURATION}. */
    public static String configuration(StudyConfig c) {
        return CONFIGURATION + "\n" + c.entries().entrySet().stream().map(e -> e.getKey() + " = " + e.getValue() + "\n")
                .collect(Collectors.joining());
    }

    static void line(StringBuilder s, String format, Object... args) {
        s.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    /** {@code text} as a line; nothing where it is null. */
    static void lineIfAny(StringBuilder s, String text) {
        if (text != null) {
            line(s, "%s", text);
        }
    }
}
