package io.queuelatency.report;

import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Host;
import io.queuelatency.result.Platform;
import io.queuelatency.result.RunResult;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.PairWords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.DoubleStream;

/** The host as a reviewer asks for it, one {fact, value} row each (summary.md, summary.json); "?" where unknown. */
final class HostEnvironment {
    private HostEnvironment() {
    }

    static List<String[]> rows(MatrixData data) {
        Host e = data.environment;
        Platform p = e != null && e.platform != null ? e.platform : firstPlatform(data);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"CPU model", e == null ? "?" : e.cpuModel});
        rows.add(new String[] {"CPUs online", e == null ? "?" : e.onlineCpus + " (" + e.onlineCpuList + ")"});
        rows.add(new String[] {"isolated CPUs", e == null ? "?" : HostWords.isolated(e.isolatedCpuList)});
        rows.add(new String[] {"pinned CPUs (producer, consumer)", data.pinned()});
        rows.add(new String[] {"the pair's relation", pair(data)});
        rows.add(new String[] {"kernel", e == null ? "?" : e.kernel});
        rows.add(new String[] {"virtualisation", p == null ? "?" : p.virtualisation + "; nested: " + p.nested});
        rows.add(new String[] {"clock source (System.nanoTime)", known(p, q -> q.clockSource)});
        rows.add(new String[] {"timer tick", tick(p, data)});
        rows.add(new String[] {"steal time", steal(data)});
        rows.add(new String[] {"transparent huge pages", known(p, q -> q.transparentHugePages)});
        rows.add(new String[] {"frequency governor", known(p, q -> q.governor)});
        rows.add(new String[] {"/dev/shm free",
                e == null || e.queueFileSystemFreeBytes < 0 ? "?" : Units.bytes(e.queueFileSystemFreeBytes)});
        return rows;
    }

    /** The pair's facts: the first valid cell's on the matrix's relation, else environment.json's. */
    private static String pair(MatrixData data) {
        CpuPair.Relation relation = data.pairRelation();
        for (MatrixData.Cell c : data.cells) {
            if (c.valid() && c.result.host.cpuPair != null && c.result.host.cpuPair.relation == relation) {
                return PairWords.facts(c.result.host.cpuPair);
            }
        }
        Host e = data.environment;
        return e != null && e.cpuPair != null ? PairWords.facts(e.cpuPair) + " (as chosen before the first cell)"
                : "not recorded (results stored before it was)";
    }

    private static Platform firstPlatform(MatrixData data) {
        return data.results().stream().map(r -> r.host.platform).filter(p -> p != null).findFirst().orElse(null);
    }

    private static String known(Platform p, Function<Platform, String> fact) {
        return p == null || fact.apply(p) == null ? "?" : fact.apply(p);
    }

    /** The timer tick configured, and measured in the windows on the measured CPUs (median over the runs). */
    private static String tick(Platform p, MatrixData data) {
        String configured = p == null || p.timerTickHz < 0 ? "not readable from the kernel's config"
                : p.timerTickHz + " Hz (CONFIG_HZ)";
        double[][] perSecond = perRun(data, true);
        return perSecond[0].length == 0 ? configured + "; not measured (results stored before it was)"
                : String.format(Locale.ROOT, "%s; measured in the windows: %,.0f/s on the producer's CPU, %,.0f/s on "
                + "the consumer's (median of %d runs; local timer interrupts: the tick and high-resolution timers)",
                configured, Estimate.median(perSecond[0]), Estimate.median(perSecond[1]), perSecond[0].length);
    }

    /** Steal per window on the measured CPUs; a hypervisor that reports none reads 0. */
    private static String steal(MatrixData data) {
        double[][] ms = perRun(data, false);
        if (ms[0].length == 0) {
            return "not measured (results stored before it was)";
        }
        double max = DoubleStream.concat(Arrays.stream(ms[0]), Arrays.stream(ms[1])).reduce(0, Math::max);
        if (max == 0) {
            return String.format(Locale.ROOT, "0 ms in all %d windows on both measured CPUs (a hypervisor that does "
                    + "not report steal reads 0 too)", ms[0].length);
        }
        return String.format(Locale.ROOT, "reported: %,.0f ms per window on the producer's CPU and %,.0f ms on the "
                + "consumer's (median of %d runs), at most %,.0f ms", Estimate.median(ms[0]), Estimate.median(ms[1]),
                ms[0].length, max);
    }

    /** Per measured CPU, each run's timer interrupts per second (ticks) or steal in ms; runs without them left out. */
    private static double[][] perRun(MatrixData data, boolean ticks) {
        List<double[]> rows = new ArrayList<>();
        for (RunResult r : data.results()) {
            long[] v = ticks ? r.window.timerInterrupts : r.window.stealMs;
            if (v[0] >= 0 && v[1] >= 0) {
                double scale = ticks ? 1e9 / r.config.settings.durationNs : 1;
                rows.add(new double[] {v[0] * scale, v[1] * scale});
            }
        }
        return new double[][] {rows.stream().mapToDouble(v -> v[0]).toArray(),
            rows.stream().mapToDouble(v -> v[1]).toArray()};
    }
}
