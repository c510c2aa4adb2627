package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Fingerprint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The hosts of a fleet with one fingerprint: one host type. Every two of its hosts are compared ({@link HostPair}),
 * and each set of hosts that "cannot be told apart" connects is one pool, unless two hosts of that set are told apart
 * (a chain: b like a and like c, a and c apart), when each is reported alone. The result does not depend on the
 * hosts' order.
 */
public final class HostGroup {
    /** A host type's name in the fleet report: A, B, C, ... in the order of the hosts' names. */
    public final String name;
    public final Fingerprint fingerprint;
    public final List<FleetData.HostDir> hosts;
    /** Every two hosts of the type compared, in the order of their names. */
    public final List<HostPair> pairs;
    public final double level;
    /** The hosts' cells as one matrix or more: one per set of hosts pooled, in the order of their first host. */
    public final List<Pooled> pools = new ArrayList<>();

    public static final class Pooled {
        /** The group's name, and its first host's where the group has more than one pool: "B (host-3)". */
        public final String name;
        public final List<FleetData.HostDir> hosts;
        /** Where this host stands alone because its set of hosts is a chain: the two of it told apart; else null. */
        public final HostPair chain;
        /** The comparisons that keep its hosts from the type's other hosts (told apart, or another study). */
        public final List<HostPair> against;
        private MatrixData data;
        private List<Analysis> analyses;

        Pooled(String name, List<FleetData.HostDir> hosts, HostPair chain, List<HostPair> against) {
            this.name = name;
            this.hosts = Collections.unmodifiableList(hosts);
            this.chain = chain;
            this.against = Collections.unmodifiableList(against);
        }

        public MatrixData data(Path fleetDir) {
            if (data == null) {
                List<MatrixData> parts = hosts.stream().map(h -> h.data).collect(Collectors.toList());
                data = parts.size() == 1 ? parts.get(0) : pooled(fleetDir, parts);
            }
            return data;
        }

        /** The pool's analyses (one per slice of a sweep): given by the report, which slices as a matrix does. */
        public void analyses(List<Analysis> slices) {
            analyses = Collections.unmodifiableList(new ArrayList<>(slices));
        }

        public List<Analysis> analyses() {
            return analyses;
        }
    }

    private HostGroup(String name, Fingerprint fingerprint, List<FleetData.HostDir> hosts) {
        this.name = name;
        this.fingerprint = fingerprint;
        this.hosts = Collections.unmodifiableList(hosts);
        this.level = HostPair.level(hosts.size());
        List<HostPair> all = new ArrayList<>();
        int[] set = IntStream.range(0, hosts.size()).toArray(); // each host's set, named by its first host
        for (int i = 0; i < hosts.size(); i++) {
            for (int k = i + 1; k < hosts.size(); k++) {
                HostPair pair = HostPair.of(hosts.get(i), hosts.get(k), level);
                all.add(pair);
                if (pair.alike()) {
                    join(set, i, k);
                }
            }
        }
        this.pairs = Collections.unmodifiableList(all);
        for (int i = 0; i < hosts.size(); i++) {
            if (set[i] == i) {
                pool(set, i);
            }
        }
        pools.sort(java.util.Comparator.comparingInt(p -> hosts.indexOf(p.hosts.get(0))));
    }

    /** The pool (or, for a chain, the pools) of the set of hosts named {@code r}. */
    private void pool(int[] set, int r) {
        List<FleetData.HostDir> members = IntStream.range(0, hosts.size()).filter(i -> set[i] == r)
                .mapToObj(hosts::get).collect(Collectors.toList());
        HostPair chain = pairs.stream().filter(p -> !p.alike() && members.contains(p.first)
                && members.contains(p.second)).findFirst().orElse(null);
        if (chain == null) {
            pools.add(new Pooled(poolName(members.get(0)), members, null, against(members)));
            return;
        }
        for (FleetData.HostDir h : members) {
            List<FleetData.HostDir> alone = Collections.singletonList(h);
            pools.add(new Pooled(poolName(h), new ArrayList<>(alone), chain, against(alone)));
        }
    }

    private String poolName(FleetData.HostDir first) {
        return first == hosts.get(0) ? name : name + " (" + first.name + ")";
    }

    private List<HostPair> against(List<FleetData.HostDir> members) {
        return pairs.stream().filter(p -> members.contains(p.first) != members.contains(p.second))
                .collect(Collectors.toList());
    }

    /** The two sets joined under the lower name, so that a set is named by its first host. */
    private static void join(int[] set, int i, int k) {
        int from = Math.max(set[i], set[k]);
        int to = Math.min(set[i], set[k]);
        for (int h = 0; h < set.length; h++) {
            set[h] = set[h] == from ? to : set[h];
        }
    }

    /** The reported hosts grouped by equal fingerprints, in the order of their names; the groups named A, B, ... */
    public static List<HostGroup> of(FleetData fleet) {
        Map<Fingerprint, List<FleetData.HostDir>> byPrint = fleet.hosts(FleetData.HostDir::reported).stream()
                .collect(Collectors.groupingBy(h -> h.fingerprint, LinkedHashMap::new, Collectors.toList()));
        List<HostGroup> groups = new ArrayList<>();
        for (Map.Entry<Fingerprint, List<FleetData.HostDir>> e : byPrint.entrySet()) {
            groups.add(new HostGroup(name(groups.size()), e.getKey(), e.getValue()));
        }
        return groups;
    }

    private static String name(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "G" + (i + 1);
    }

    /**
     * The cells of several matrices of one plan as one matrix, under the first's plan and environment. A cell keeps its
     * run number where the parts' runs are disjoint (a split plan's shares); else each part's follow the earlier's.
     */
    static MatrixData pooled(Path dir, List<MatrixData> parts) {
        MatrixData first = parts.get(0);
        MatrixData data = new MatrixData(dir, first.plan, first.environment, null);
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        boolean disjoint = true;
        for (MatrixData part : parts) {
            java.util.Set<Integer> runs = part.cells.stream().map(c -> c.id.run).collect(Collectors.toSet());
            disjoint &= Collections.disjoint(seen, runs);
            seen.addAll(runs);
        }
        int offset = 0;
        for (MatrixData part : parts) {
            for (MatrixData.Cell c : part.cells) {
                data.cells.add(new MatrixData.Cell(disjoint ? c.id : c.id.withRun(c.id.run + offset),
                        first.plan.jvm(c.jvm.id), c.slice, c.dir, c.outcome, c.result));
            }
            offset = disjoint ? 0 : offset + part.mostRuns();
            data.floorCells.addAll(part.floorCells);
        }
        return data;
    }
}
