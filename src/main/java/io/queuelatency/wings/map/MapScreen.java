package io.queuelatency.wings.map;

import io.queuelatency.report.RunBrief;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.PairWords;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** What {@code map} prints: its plan before it starts, its result when it ends; within {@link RunBrief#WIDTH}. */
public final class MapScreen {
    private static final String INDENT = "          ";

    private MapScreen() {
    }

    /** The header: the tool, the host, the plan and the time it will take. */
    public static String plan(HostMap m) {
        StringBuilder s = new StringBuilder();
        s.append(m.tool).append(": a map of the bare one-way hand-off between CPUs (the floor's code)\n");
        wrap(s, "host:     ", hostLine(m));
        if (m.host.pinnableWhy != null) {
            wrap(s, "pinnable: ", m.host.pinnableWhy);
        }
        wrap(s, "plan:     ", planLine(m));
        HostMap.Plan p = m.plan;
        wrap(s, "time:     ", "about " + time(p.estimatedNs) + ": " + Units.count(p.pairCount, "pair") + " x ("
                + ms(p.pairNs) + " + " + ms(p.pairWarmupNs) + " of warm-up + " + ms(p.pairOverheadNs)
                + " to start and pin two threads) + " + ms(p.firstWarmupNs) + " of warm-up for the JIT before the "
                + "first + " + ms(p.startNs) + " to load the affinity library" + (p.budgetNs > 0
                ? "; within the time budget, " + time(p.budgetNs) + " (--time-budget)" : ""));
        return s.toString();
    }

    /** The result: by relation, auto's pair and why, the time taken, the files in {@code dir}. */
    public static String result(HostMap m, String dir, boolean png) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%-16s %6s %16s %22s %14s%n", "relation", "pairs", "p50 (median)",
                "p50 (fastest-slowest)", "p99 (median)"));
        for (HostMap.RelationSummary r : m.byRelation()) {
            s.append(String.format(Locale.ROOT, "%-16s %6d %16s %22s %14s%n", r.relation.id, r.pairs,
                    Units.ns(r.medianP50Ns), Units.ns(r.minP50Ns) + " - " + Units.ns(r.maxP50Ns),
                    Units.ns(r.medianP99Ns)));
        }
        List<String> failed = m.pairs.stream().filter(p -> p.pinFailure != null || p.oneWay.count == 0)
                .map(p -> p.producerCpu + "-" + p.consumerCpu).collect(Collectors.toList());
        if (!failed.isEmpty()) {
            wrap(s, "WARNING:  ", "pairs whose threads were not pinned or received nothing: "
                    + String.join(", ", failed) + " (map.json says why)");
        }
        if (m.auto != null) {
            wrap(s, "auto:     ", autoLine(m));
            wrap(s, "why:      ", m.auto.why);
        }
        wrap(s, "took:     ", time(m.elapsedNs) + " (about " + time(m.plan.estimatedNs) + " expected)");
        s.append("results:  ").append(dir).append(" (map.json").append(png ? ", map.png" : "")
                .append(", map.html)\n");
        return s.toString();
    }

    /** "vm, AMD EPYC, CPUs 0-1 pinnable (online: 0-1), isolated: none, virtual machine: KVM ...". */
    static String hostLine(HostMap m) {
        return m.host.hostname + ", " + m.host.cpuModel + ", CPUs " + (m.host.pinnableCpuList != null
                ? m.host.pinnableCpuList + " pinnable" : m.host.allowedCpuList + " allowed") + " (online: "
                + m.host.onlineCpuList + "), isolated: " + HostWords.isolated(m.host.isolatedCpuList)
                + (m.host.platform == null || m.host.platform.virtualisation == null ? ""
                : ", " + m.host.platform.virtualisation);
    }

    /** "every pair of CPUs 0-1 (1 pair; every pair up to 64 CPUs), the lower CPU producing, 100 ms each ...". */
    static String planLine(HostMap m) {
        HostMap.Plan p = m.plan;
        String which = p.everyPair ? "every pair of CPUs " + p.cpuList + " (" + Units.count(p.pairCount, "pair")
                + "; every pair up to " + p.everyPairUpTo + " CPUs)"
                : "representative pairs of CPUs " + p.cpuList + " (" + Units.count(p.pairCount, "pair") + ": a few of "
                + "each relation, spread over the CPUs, and auto's; " + (p.everyPairNs > 0 ? "every pair would take "
                + "about " + time(p.everyPairNs) + ", more than the time budget, " + time(p.budgetNs)
                : p.cpus.size() + " CPUs is more than " + p.everyPairUpTo) + ")";
        return which + ", the lower CPU producing (one direction of each pair), " + ms(p.pairNs) + " each at "
                + String.format(Locale.ROOT, "%,d", p.rate) + " msg/s after " + ms(p.pairWarmupNs)
                + " of warm-up, the first after " + ms(p.firstWarmupNs);
    }

    /** "CPUs 0 and 1: shared-l3: one L3, ...; 153 ns at p50 here". */
    static String autoLine(HostMap m) {
        HostMap.Pair measured = m.pair(m.auto.producerCpu, m.auto.consumerCpu);
        return "CPUs " + m.auto.producerCpu + " and " + m.auto.consumerCpu + ", " + PairWords.facts(m.auto)
                + (measured == null || measured.p50Ns() < 0 ? "" : "; " + Units.ns(measured.p50Ns()) + " at p50 here");
    }

    /** What was timed, in one sentence (the page's opening). */
    static String measuredWhat(HostMap m) {
        return "Each pair: the floor's bare hand-off (no queue), one long per 128-byte slot of a ring, sent on a fixed "
                + "schedule by the lower CPU and spun on by the other; timed from the producer's System.nanoTime() "
                + "before the store to the consumer's after it saw the value, so a clock read is in every value. In a "
                + "virtual machine the relations are those the hypervisor presents; the hand-off is what its vCPUs "
                + "do.";
    }

    /** "1.1 s" under a minute, else "4m13s". */
    static String time(long ns) {
        return ns < 59_950_000_000L ? String.format(Locale.ROOT, "%.1f s", ns / 1e9) : Units.minutes(ns);
    }

    /** "100 ms", "1000 ms", "0.5 ms". */
    private static String ms(long ns) {
        return ns % 1_000_000 == 0 ? ns / 1_000_000 + " ms" : String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    /** {@code head} then {@code text}, wrapped at spaces within 120 columns, continued under the text. */
    static void wrap(StringBuilder s, String head, String text) {
        StringBuilder line = new StringBuilder(head);
        boolean first = true;
        for (String word : text.split(" ")) {
            if (!first && line.length() + 1 + word.length() > RunBrief.WIDTH) {
                s.append(line).append('\n');
                line = new StringBuilder(INDENT);
                first = true;
            }
            line.append(first ? "" : " ").append(word);
            first = false;
        }
        s.append(line).append('\n');
    }
}
