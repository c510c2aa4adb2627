package io.queuelatency.wings.map;

import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.CpuList;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Which pairs a map measures and how long it takes: every pair (the lower CPU producing) where the CPUs are at most
 * {@code everyPairUpTo} and it fits the time budget; else a few pairs of each relation, spread over the CPUs, and
 * auto's. At the defaults the 2016 pairs of 64 CPUs take 2016 x (100 + 20 + 10) ms + 1 s + 0.2 s = 4m23s, within the
 * default budget of 5 minutes.
 */
public final class MapPlan {
    /**
     * Starting a pair's two threads, pinning them (OpenHFT's setAffinity takes about 1 ms each here), the hand-off's
     * 1 ms start, moving the JVM's other threads: 4 to 12 ms a pair on this project's 2-vCPU VM.
     */
    public static final long PAIR_OVERHEAD_NS = 10_000_000L;
    /** Before the first pair: loading the affinity library and pinning for the first time (under 0.2 s here). */
    public static final long START_NS = 200_000_000L;
    /** Pairs of one relation measured when not every pair is. */
    public static final int PAIRS_PER_RELATION = 3;
    /** The most a map's plan may take unless told more (--time-budget): 5 minutes. */
    public static final long DEFAULT_BUDGET_NS = 300_000_000_000L;

    public final HostMap.Plan stored;
    public final List<int[]> pairs;

    /** {@code times}: a pair's, its warm-up, the first pair's warm-up, the budget (or -1), every pair's (or -1). */
    private MapPlan(List<Integer> cpus, int everyPairUpTo, long rate, long[] times, List<int[]> pairs) {
        long estimatedNs = pairs.size() * (times[0] + times[1] + PAIR_OVERHEAD_NS) + times[2] + START_NS;
        this.stored = new HostMap.Plan(cpus, CpuList.format(cpus), everyPairUpTo, rate, new long[] {times[0], times[1],
            times[2], estimatedNs, PAIR_OVERHEAD_NS, START_NS, times[3], times[4]}, pairs.size());
        this.pairs = pairs;
    }

    /** The plan for two CPUs or more: each pair {@code pairNs} after a fifth of it, the first after firstWarmupNs. */
    public static MapPlan of(CpuTopology topology, List<Integer> cpus, int everyPairUpTo, long rate, long pairNs,
                             long firstWarmupNs) {
        List<int[]> pairs = cpus.size() <= everyPairUpTo ? CpuChoice.pairs(cpus) : representative(topology, cpus);
        return new MapPlan(cpus, everyPairUpTo, rate, new long[] {pairNs, pairNs / 5, firstWarmupNs, -1, -1}, pairs);
    }

    /** This plan within {@code budgetNs}: itself where it fits, else representative pairs (which may not: fits). */
    public MapPlan within(CpuTopology topology, long budgetNs) {
        HostMap.Plan p = stored;
        long[] times = {p.pairNs, p.pairWarmupNs, p.firstWarmupNs, budgetNs, -1};
        if (!p.everyPair || p.estimatedNs <= budgetNs || p.cpus.size() <= 2) {
            return new MapPlan(p.cpus, p.everyPairUpTo, p.rate, times, pairs);
        }
        times[4] = p.estimatedNs;
        return new MapPlan(p.cpus, p.everyPairUpTo, p.rate, times, representative(topology, p.cpus));
    }

    /** Whether the plan's estimate is within its budget (always, where none was applied). */
    public boolean fits() {
        return stored.budgetNs < 0 || stored.estimatedNs <= stored.budgetNs;
    }

    /** Up to {@link #PAIRS_PER_RELATION} pairs of each relation, evenly spaced in CPU order, and auto's pair. */
    static List<int[]> representative(CpuTopology topology, List<Integer> cpus) {
        Map<CpuPair.Relation, List<int[]>> byRelation = new EnumMap<>(CpuPair.Relation.class);
        for (int[] p : CpuChoice.pairs(cpus)) {
            byRelation.computeIfAbsent(topology.relation(p[0], p[1]), r -> new ArrayList<>()).add(p);
        }
        List<int[]> chosen = new ArrayList<>();
        CpuChoice auto = CpuChoice.auto(topology, cpus);
        chosen.add(new int[] {auto.producer, auto.consumer});
        for (List<int[]> of : byRelation.values()) {
            int k = Math.min(PAIRS_PER_RELATION, of.size());
            for (int i = 0; i < k; i++) {
                int[] p = of.get(k == 1 ? 0 : (int) ((long) i * (of.size() - 1) / (k - 1)));
                if (!(p[0] == auto.producer && p[1] == auto.consumer)) {
                    chosen.add(p);
                }
            }
        }
        return chosen;
    }

}
