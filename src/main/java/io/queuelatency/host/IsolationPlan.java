package io.queuelatency.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The one layout check-host advises, so that every row names the same CPUs, and only CPUs that exist: a measured
 * pair (each on a core of its own, their SMT siblings kept idle) and every other CPU for housekeeping (the kernel,
 * interrupts, the JVM's other threads). The pair is the one already isolated and pinned where there is one; else the
 * first two isolated CPUs; else CPUs 2 and 4 as in the reference study, where they are two cores apart from CPU 0's;
 * else the first CPU of each of the first two cores after CPU 0's. CPU 0's core is housekeeping: the boot CPU takes
 * the timer and most interrupts, and nohz_full cannot include it. A host with fewer than three CPUs has no layout: it
 * cannot spare one for housekeeping.
 */
public final class IsolationPlan {
    /** The measured pair, producer first. */
    public final int producer;
    public final int consumer;
    /** What to isolate: the pair and their SMT siblings. */
    public final List<Integer> isolate;
    /** Everything else. */
    public final List<Integer> housekeeping;

    private IsolationPlan(int producer, int consumer, List<Integer> isolate, List<Integer> housekeeping) {
        this.producer = producer;
        this.consumer = consumer;
        this.isolate = isolate;
        this.housekeeping = housekeeping;
    }

    /**
     * The layout for a host with {@code online} CPUs, {@code isolated} ones, a pinned pair, and each CPU's SMT
     * siblings ({@code siblings}, the CPU itself included); null where the host has fewer than three CPUs.
     */
    public static IsolationPlan of(List<Integer> online, List<Integer> isolated, int pinnedProducer, int pinnedConsumer,
                                   Function<Integer, List<Integer>> siblings) {
        if (online.size() < 3) {
            return null;
        }
        int[] pair = null;
        if (pinnedProducer != pinnedConsumer && isolated.contains(pinnedProducer)
                && isolated.contains(pinnedConsumer)) {
            pair = new int[] {pinnedProducer, pinnedConsumer};
        } else if (isolated.size() >= 2) {
            pair = new int[] {isolated.get(0), isolated.get(1)};
        } else {
            pair = byCores(online, siblings);
        }
        TreeSet<Integer> isolate = new TreeSet<>();
        for (int cpu : pair) {
            isolate.add(cpu);
            for (int s : siblings.apply(cpu)) {
                if (online.contains(s)) {
                    isolate.add(s);
                }
            }
        }
        List<Integer> housekeeping = new ArrayList<>();
        for (int cpu : online) {
            if (!isolate.contains(cpu)) {
                housekeeping.add(cpu);
            }
        }
        if (housekeeping.isEmpty()) { // siblings took every other CPU: keep the pair alone isolated
            isolate.retainAll(java.util.Arrays.asList(pair[0], pair[1]));
            for (int cpu : online) {
                if (!isolate.contains(cpu)) {
                    housekeeping.add(cpu);
                }
            }
        }
        return new IsolationPlan(pair[0], pair[1], new ArrayList<>(isolate), housekeeping);
    }

    /**
     * CPUs 2 and 4 where they are two cores and neither is CPU 0's; else the first CPU of the first two other cores.
     */
    private static int[] byCores(List<Integer> online, Function<Integer, List<Integer>> siblings) {
        Map<String, List<Integer>> cores = new LinkedHashMap<>();
        for (int cpu : online) {
            List<Integer> core = new ArrayList<>(siblings.apply(cpu));
            if (!core.contains(cpu)) {
                core.add(cpu);
            }
            java.util.Collections.sort(core);
            cores.putIfAbsent(core.toString(), core);
        }
        List<List<Integer>> spare = new ArrayList<>();
        for (List<Integer> core : cores.values()) {
            if (!core.contains(online.get(0))) {
                spare.add(core);
            }
        }
        if (online.contains(2) && online.contains(4)) {
            List<Integer> two = coreOf(2, spare);
            List<Integer> four = coreOf(4, spare);
            if (two != null && four != null && two != four) {
                return new int[] {2, 4};
            }
        }
        if (spare.size() >= 2) {
            return new int[] {spare.get(0).get(0), spare.get(1).get(0)};
        }
        // One core to spare (or none beside CPU 0's): its threads, or the first two CPUs after CPU 0.
        List<Integer> rest = new ArrayList<>(online);
        rest.remove(online.get(0));
        return new int[] {rest.get(0), rest.get(1)};
    }

    private static List<Integer> coreOf(int cpu, List<List<Integer>> cores) {
        for (List<Integer> core : cores) {
            if (core.contains(cpu)) {
                return core;
            }
        }
        return null;
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
