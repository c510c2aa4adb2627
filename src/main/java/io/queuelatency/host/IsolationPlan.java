package io.queuelatency.host;

import io.queuelatency.result.CpuTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The one layout check-host advises, so that every row names the same CPUs: a measured pair (their SMT siblings kept
 * idle) and every other CPU for housekeeping. The pair: the one isolated and pinned, else the first two isolated,
 * else auto's once isolated.
 */
public final class IsolationPlan {
    public final int producer;
    public final int consumer;
    /** What to isolate: the pair and their SMT siblings. */
    public final List<Integer> isolate;
    public final List<Integer> housekeeping;

    private IsolationPlan(int producer, int consumer, List<Integer> isolate, List<Integer> housekeeping) {
        this.producer = producer;
        this.consumer = consumer;
        this.isolate = isolate;
        this.housekeeping = housekeeping;
    }

    /** The layout for a host; null where it has fewer than three CPUs (none to spare for housekeeping). */
    public static IsolationPlan of(List<Integer> online, List<Integer> isolated, int pinnedProducer, int pinnedConsumer,
                                   CpuTopology topology) {
        if (online.size() < 3) {
            return null;
        }
        int[] pair = pinnedProducer != pinnedConsumer && isolated.contains(pinnedProducer)
                && isolated.contains(pinnedConsumer) ? new int[] {pinnedProducer, pinnedConsumer}
                : isolated.size() >= 2 ? new int[] {isolated.get(0), isolated.get(1)} : byCores(online, topology);
        TreeSet<Integer> isolate = new TreeSet<>();
        for (int cpu : pair) {
            isolate.add(cpu);
            topology.coreOf(cpu).stream().filter(online::contains).forEach(isolate::add);
        }
        if (isolate.containsAll(online)) { // siblings took every other CPU: keep the pair alone isolated
            isolate.retainAll(java.util.Arrays.asList(pair[0], pair[1]));
        }
        return new IsolationPlan(pair[0], pair[1], new ArrayList<>(isolate),
                online.stream().filter(cpu -> !isolate.contains(cpu)).collect(Collectors.toList()));
    }

    /** The pair {@link CpuChoice} would choose among the CPUs but CPU 0, so that the advice and the choice agree. */
    private static int[] byCores(List<Integer> online, CpuTopology topology) {
        List<Integer> candidates = new ArrayList<>(online);
        candidates.remove(Integer.valueOf(0));
        CpuChoice auto = CpuChoice.auto(topology, candidates);
        return new int[] {auto.producer, auto.consumer};
    }

    /** "isolcpus=2,4 nohz_full=2,4 rcu_nocbs=2,4 irqaffinity=0-1,3,5-15". */
    public String kernelParameters() {
        String cpus = CpuList.format(isolate);
        return "isolcpus=" + cpus + " nohz_full=" + cpus + " rcu_nocbs=" + cpus + " irqaffinity="
                + CpuList.format(housekeeping);
    }

    /** "measure on CPUs 2 and 4; 0-1,3,5-15 for everything else". */
    public String describe() {
        return "measure on CPUs " + producer + " and " + consumer
                + (isolate.size() > 2 ? " (isolating their SMT siblings too)" : "")
                + "; CPUs " + CpuList.format(housekeeping) + " for everything else";
    }
}
