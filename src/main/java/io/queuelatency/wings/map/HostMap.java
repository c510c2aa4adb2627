package io.queuelatency.wings.map;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Host;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Warning;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** A map of the host's pairs ({@code queue-latency map}), as map.json stores it. */
public final class HostMap {
    public static final int SCHEMA_VERSION = 1;

    /** One pair measured: the lower CPU producing; the floor's "actual" latency, received - sent. */
    public static final class Pair {
        public final int producerCpu;
        public final int consumerCpu;
        public final CpuPair.Relation relation;
        public final Latency oneWay;
        /** Hand-offs the producer overwrote before the consumer read them: counted, not measured. */
        public final long overwritten;
        /** A pin that did not take; null when both did. */
        public final Warning pinFailure;

        public Pair(int[] cpus, CpuPair.Relation relation, Latency oneWay, long overwritten, Warning pinFailure) {
            this.producerCpu = cpus[0];
            this.consumerCpu = cpus[1];
            this.relation = relation;
            this.oneWay = oneWay;
            this.overwritten = overwritten;
            this.pinFailure = pinFailure;
        }

        /** The median one-way hand-off, ns; -1 where nothing was received. */
        public long p50Ns() {
            return oneWay.count == 0 ? -1 : oneWay.ns(Percentile.P50);
        }
    }

    /** The pairs of one relation: how many, and the spread of their medians and p99s. */
    public static final class RelationSummary {
        public final CpuPair.Relation relation;
        public final int pairs;
        public final long medianP50Ns;
        public final long minP50Ns;
        public final long maxP50Ns;
        public final long medianP99Ns;

        RelationSummary(CpuPair.Relation relation, List<Long> p50s, List<Long> p99s) {
            this.relation = relation;
            this.pairs = p50s.size();
            Collections.sort(p50s);
            Collections.sort(p99s);
            this.medianP50Ns = median(p50s);
            this.minP50Ns = p50s.get(0);
            this.maxP50Ns = p50s.get(p50s.size() - 1);
            this.medianP99Ns = median(p99s);
        }

        private static long median(List<Long> sorted) {
            int n = sorted.size();
            return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        }
    }

    public final String tool;
    public final String startedAt;
    public final String finishedAt;
    public final long elapsedNs;
    public final Host host;
    public final Plan plan;
    public final CpuTopology topology;
    public final List<Pair> pairs;
    public final CpuPair auto;

    public static final class Plan {
        public final List<Integer> cpus;
        public final String cpuList;
        public final int everyPairUpTo;
        /** Whether every pair is measured, else representative ones (too many CPUs, or over the time budget). */
        public final boolean everyPair;
        public final long rate;
        /** Each pair's measured time, its warm-up, and the first pair's warm-up. */
        public final long pairNs;
        public final long pairWarmupNs;
        public final long firstWarmupNs;
        /** The time the map was expected to take; in it a pair's overhead and the map's start. */
        public final long estimatedNs;
        public final long pairOverheadNs;
        public final long startNs;
        /** The most the plan was allowed to take (--time-budget); -1 in maps stored before it was. */
        public final long budgetNs;
        /** What every pair would have taken where that was over the budget, so representative pairs; else -1. */
        public final long everyPairNs;
        public final int pairCount;

        /** {@code times}, ns, in the fields' order from pairNs; the last two optional. */
        public Plan(List<Integer> cpus, String cpuList, int everyPairUpTo, long rate, long[] times, int pairCount) {
            this.cpus = Collections.unmodifiableList(new ArrayList<>(cpus));
            this.cpuList = cpuList;
            this.everyPairUpTo = everyPairUpTo;
            this.everyPair = pairCount == cpus.size() * (cpus.size() - 1) / 2;
            this.rate = rate;
            this.pairNs = times[0];
            this.pairWarmupNs = times[1];
            this.firstWarmupNs = times[2];
            this.estimatedNs = times[3];
            this.pairOverheadNs = times[4];
            this.startNs = times[5];
            this.budgetNs = times.length > 6 ? times[6] : -1;
            this.everyPairNs = times.length > 7 ? times[7] : -1;
            this.pairCount = pairCount;
        }
    }

    /** The map before it is measured: what it is of, how, and auto's pair; no pairs yet ({@link #measured}). */
    public HostMap(String tool, Host host, Plan plan, CpuTopology topology, CpuPair auto) {
        this.tool = tool;
        this.host = host;
        this.plan = plan;
        this.topology = topology;
        this.auto = auto;
        this.pairs = Collections.emptyList();
        this.startedAt = null;
        this.finishedAt = null;
        this.elapsedNs = 0;
    }

    private HostMap(HostMap before, List<Pair> pairs, String startedAt, String finishedAt, long elapsedNs) {
        this.tool = before.tool;
        this.host = before.host;
        this.plan = before.plan;
        this.topology = before.topology;
        this.auto = before.auto;
        this.pairs = Collections.unmodifiableList(new ArrayList<>(pairs));
        this.startedAt = startedAt;
        this.finishedAt = finishedAt;
        this.elapsedNs = elapsedNs;
    }

    public HostMap measured(List<Pair> pairs, String startedAt, String finishedAt, long elapsedNs) {
        return new HostMap(this, pairs, startedAt, finishedAt, elapsedNs);
    }

    /** Per relation measured, closest first: the pairs' count and the spread of their medians. */
    public List<RelationSummary> byRelation() {
        Map<CpuPair.Relation, List<Long>> p50s = new EnumMap<>(CpuPair.Relation.class);
        Map<CpuPair.Relation, List<Long>> p99s = new EnumMap<>(CpuPair.Relation.class);
        for (Pair p : pairs) {
            if (p.oneWay.count > 0) {
                p50s.computeIfAbsent(p.relation, r -> new ArrayList<>()).add(p.oneWay.ns(Percentile.P50));
                p99s.computeIfAbsent(p.relation, r -> new ArrayList<>()).add(p.oneWay.ns(Percentile.P99));
            }
        }
        List<RelationSummary> out = new ArrayList<>();
        for (Map.Entry<CpuPair.Relation, List<Long>> e : p50s.entrySet()) {
            out.add(new RelationSummary(e.getKey(), e.getValue(), p99s.get(e.getKey())));
        }
        return out;
    }

    /** The pair measured between these CPUs, in either direction; null where it was not. */
    public Pair pair(int a, int b) {
        return pairs.stream().filter(p -> p.producerCpu == a && p.consumerCpu == b
                || p.producerCpu == b && p.consumerCpu == a).findFirst().orElse(null);
    }
}
