package io.queuelatency.result;

import java.util.Locale;

/**
 * The text a person reads: a header that says what was timed, on which JVM and host, with what settings,
 * then the percentile table for both latency definitions, then the verdict. Built from a RunResult only, so
 * it reads the same whether printed at the end of a run or regenerated from result.json.
 */
public final class ResultTable {
    private ResultTable() {
    }

    public static String header(RunResult r) {
        StringBuilder s = new StringBuilder();
        RunResult.Config c = r.config;
        line(s, "# %s: one-way latency, producer thread -> %s -> consumer thread", r.tool, r.queue.implementation);
        line(s, "# JVM:      %s %s (%s), Java %s, %s", r.jvm.vendor, r.jvm.vmName, r.jvm.vmVersion,
                r.jvm.javaVersion, r.jvm.javaHome);
        line(s, "# Compiler: %s", r.jvm.compiler);
        line(s, "# Flags:    %s", String.join(" ", r.jvm.inputArguments));
        line(s, "# Host:     %s, %s, %d CPUs online (%s), isolated: %s, kernel %s", r.host.hostname,
                r.host.cpuModel, r.host.onlineCpus, r.host.onlineCpuList, orNone(r.host.isolatedCpuList), r.host.kernel);
        line(s, "# CPUs:     producer %d, consumer %d (%s)", c.producerCpu, c.consumerCpu, c.cpuChoice);
        if (r.hostCheck != null) {
            line(s, "# Check:    %s (check-host explains)", r.hostCheck.headline());
        }
        line(s, "# Queue:    %s, roll cycle %s, block size %s", c.queueDir, c.rollCycle, bytes(c.blockSize));
        line(s, "# Load:     %,d msg/s, %d-byte messages, warm-up %s, measured %s (%,d messages)",
                c.ratePerSecond, c.messageSize, seconds(c.warmupNs), seconds(c.durationNs), r.messages.measured);
        line(s, "# Timed:    to the consumer's read; intended = from the scheduled send time (coordinated-omission corrected, the headline); actual = from the producer's write (the article's definition)");
        return s.toString();
    }

    public static String table(RunResult r) {
        StringBuilder s = new StringBuilder();
        RunResult.Latency intended = r.latency.get("intended");
        RunResult.Latency actual = r.latency.get("actual");
        line(s, "%-11s %14s %12s %14s %12s", "percentile", "intended ns", "beyond", "actual ns", "beyond");
        for (int i = 0; i < Percentiles.REPORTED.length; i++) {
            line(s, "%-11s %14s %12s %14s %12s", Percentiles.label(Percentiles.REPORTED[i]),
                    value(intended, i), beyond(intended, i), value(actual, i), beyond(actual, i));
        }
        line(s, "samples: %,d per definition; 'beyond' = samples above that value", intended == null ? 0 : intended.count);
        return s.toString();
    }

    public static String verdict(RunResult r) {
        StringBuilder s = new StringBuilder();
        RunResult.Messages m = r.messages;
        line(s, "messages: %,d sent, %,d received, %,d lost, %,d duplicated, %,d out of order, %,d corrupted",
                m.sent, m.received, m.lost, m.duplicated, m.outOfOrder, m.corrupted);
        line(s, "rate:     target %,d msg/s, achieved %,.1f msg/s (%+.3f%%), producer at worst %s behind schedule",
                r.rate.targetPerSecond, r.rate.achievedPerSecond, r.rate.achievedDeviationPercent, nanos(r.rate.maxSendLagNs));
        line(s, "window:   %d GCs (%d ms); allocated by producer %s, consumer %s; queue footprint peak %s",
                r.window.gcCount, r.window.gcTimeMs, allocated(r.window.producerAllocatedBytes),
                allocated(r.window.consumerAllocatedBytes), bytes(r.queue.peakFootprintBytes));
        if (r.floor != null && r.floor.actual != null && r.floor.actual.count > 0) {
            RunResult.Floor f = r.floor;
            long floorMedian = f.intended.percentiles.get(0).valueNs;
            RunResult.Latency queue = r.latency.get("intended");
            String adds = queue == null || queue.percentiles.isEmpty() ? ""
                    : String.format(Locale.ROOT, "; the queue adds %,d ns at the median", queue.percentiles.get(0).valueNs - floorMedian);
            line(s, "floor:    bare hand-off between the same CPUs: median %,d ns intended, %,d ns actual%s; clock read %.1f ns, histogram record %.1f ns",
                    floorMedian, f.actual.percentiles.get(0).valueNs, adds, f.clockReadNs, f.histogramRecordNs);
        }
        for (String w : r.warnings) {
            line(s, "WARNING:  %s", w);
        }
        if (r.valid) {
            line(s, "VALID:    rate held, nothing lost, no GC in the measured window");
        } else {
            line(s, "*** INVALID: %s", String.join("; ", r.invalidReasons));
        }
        return s.toString();
    }

    public static String full(RunResult r) {
        return header(r) + "\n" + table(r) + "\n" + verdict(r);
    }

    private static String value(RunResult.Latency l, int i) {
        return l == null || l.percentiles.size() <= i ? "-" : String.format(Locale.ROOT, "%,d", l.percentiles.get(i).valueNs);
    }

    private static String beyond(RunResult.Latency l, int i) {
        return l == null || l.percentiles.size() <= i ? "-" : String.format(Locale.ROOT, "%,d", l.percentiles.get(i).beyond);
    }

    private static String orNone(String list) {
        return list == null || list.isEmpty() ? "none" : list;
    }

    private static String allocated(long bytes) {
        return bytes < 0 ? "unknown" : String.format(Locale.ROOT, "%,d B", bytes);
    }

    static String seconds(long ns) {
        return ns % 1_000_000_000L == 0 ? (ns / 1_000_000_000L) + " s" : String.format(Locale.ROOT, "%.3f s", ns / 1e9);
    }

    static String nanos(long ns) {
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.3f ms", ns / 1e6) : String.format(Locale.ROOT, "%,d ns", ns);
    }

    static String bytes(long b) {
        if (b >= 1L << 30) {
            return String.format(Locale.ROOT, "%.2f GiB", b / (double) (1L << 30));
        }
        if (b >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%,d B", b);
    }

    private static void line(StringBuilder s, String format, Object... args) {
        s.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
