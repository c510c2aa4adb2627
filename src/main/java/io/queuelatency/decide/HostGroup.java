package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Fingerprint;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The hosts of a fleet with one fingerprint: one host type. Their cells are pooled into one matrix only where the
 * hosts ran the same study (the matrix's settings, the same JVMs, the floor measured the same way) and their floors
 * agree: each host's floor (the bare hand-off on its own CPUs, over its floor cells) at p50 and at p99 has an
 * interval that overlaps every other pooled host's. A host that does not agree so with the hosts before it starts a
 * pool of its own, with why; hosts of different fingerprints are never pooled.
 */
public final class HostGroup {
    /** The percentiles at which pooled hosts' floors must agree. */
    public static final List<Percentile> FLOOR_CHECKED =
            Collections.unmodifiableList(java.util.Arrays.asList(Percentile.P50, Percentile.P99));
    /** The settings that may differ between pooled hosts: how long a host may take, not what it measures. */
    private static final List<String> NOT_COMPARED =
            java.util.Arrays.asList("timeBudgetNs", "cellGraceNs", "quiet", "margin", "sla", "maxRate");

    /** A host type's name in the fleet report: A, B, C, ... in the order of the hosts' names. */
    public final String name;
    public final Fingerprint fingerprint;
    public final List<FleetData.HostDir> hosts;
    /** The hosts' cells as one matrix or more: one per set of hosts that agree. */
    public final List<Pooled> pools = new ArrayList<>();

    /** Hosts whose cells are reported as one matrix. */
    public static final class Pooled {
        /** The group's name, and the first host's where the group has more than one pool: "B (host-3)". */
        public final String name;
        public final List<FleetData.HostDir> hosts = new ArrayList<>();
        /** Why this pool is not the group's first, where it is not (floors or settings that differ); else null. */
        public final String apart;
        private MatrixData data;
        private List<Analysis> analyses;

        Pooled(String name, String apart) {
            this.name = name;
            this.apart = apart;
        }

        /** The pooled cells: the one host's matrix, or the hosts' together. */
        public MatrixData data(Path fleetDir) {
            if (data == null) {
                List<MatrixData> parts = new ArrayList<>();
                for (FleetData.HostDir h : hosts) {
                    parts.add(h.data);
                }
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
        for (FleetData.HostDir h : hosts) {
            Pooled joined = null;
            for (Pooled p : pools) {
                if (apart(p, h) == null) {
                    joined = p;
                    break;
                }
            }
            if (joined == null) {
                joined = new Pooled(pools.isEmpty() ? name : name + " (" + h.name + ")",
                        pools.isEmpty() ? null : apart(pools.get(0), h));
                pools.add(joined);
            }
            joined.hosts.add(h);
        }
    }

    /** The reported hosts grouped by equal fingerprints, in the order of their names; the groups named A, B, ... */
    public static List<HostGroup> of(FleetData fleet) {
        Map<Fingerprint, List<FleetData.HostDir>> byPrint = new LinkedHashMap<>();
        for (FleetData.HostDir h : fleet.reported()) {
            byPrint.computeIfAbsent(h.fingerprint, k -> new ArrayList<>()).add(h);
        }
        List<HostGroup> groups = new ArrayList<>();
        for (Map.Entry<Fingerprint, List<FleetData.HostDir>> e : byPrint.entrySet()) {
            groups.add(new HostGroup(name(groups.size()), e.getKey(), e.getValue()));
        }
        return groups;
    }

    private static String name(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "G" + (i + 1);
    }

    /** Why {@code h} may not join {@code pool}: settings, JVMs or floors that differ; null where it may. */
    static String apart(Pooled pool, FleetData.HostDir h) {
        for (FleetData.HostDir other : pool.hosts) {
            String why = apart(other, h);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /** Why two hosts' cells may not be pooled; null where they may. */
    public static String apart(FleetData.HostDir a, FleetData.HostDir b) {
        MatrixPlan pa = a.data.plan;
        MatrixPlan pb = b.data.plan;
        List<String> settings = new ArrayList<>();
        Map<String, Object> theirs = pb.settings.entries();
        for (Map.Entry<String, Object> e : pa.settings.entries().entrySet()) {
            if (!NOT_COMPARED.contains(e.getKey()) && !Objects.equals(e.getValue(), theirs.get(e.getKey()))) {
                settings.add(e.getKey());
            }
        }
        if (!settings.isEmpty()) {
            return "its matrix's settings differ from " + a.name + "'s: " + String.join(", ", settings);
        }
        if ((pa.hostFloor == null) != (pb.hostFloor == null)) {
            return "its floor was measured otherwise than " + a.name + "'s (floor cells in one, inside each JVM in "
                    + "the other)";
        }
        for (Percentile p : FLOOR_CHECKED) {
            Estimate fa = a.alone.hostFloor.at(Definition.INTENDED, p);
            Estimate fb = b.alone.hostFloor.at(Definition.INTENDED, p);
            if (fa == null || fb == null) {
                return "no floor measured on " + (fa == null ? a.name : b.name) + ", so the floors cannot be compared";
            }
            if (!overlap(fa, fb)) {
                return "its floor at " + p.name() + " differs from " + a.name + "'s: their intervals do not overlap";
            }
        }
        return null;
    }

    /** Whether two estimates' intervals overlap (an estimate without one: its value). */
    static boolean overlap(Estimate a, Estimate b) {
        double[] x = bounds(a);
        double[] y = bounds(b);
        return x[0] <= y[1] && y[0] <= x[1];
    }

    private static double[] bounds(Estimate e) {
        double low = Double.isNaN(e.low) ? e.value : e.low;
        double high = Double.isNaN(e.high) ? Double.POSITIVE_INFINITY : e.high;
        return new double[] {low, high};
    }

    /**
     * The cells of several matrices of one plan (hosts of one fingerprint that split or repeated it) as one matrix,
     * under the first's plan and environment, with every part's floor cells. A cell keeps its run number where the
     * parts' runs are disjoint (a split plan's shares); where they overlap (each host ran the whole plan), each later
     * part's runs follow the earlier parts'.
     */
    static MatrixData pooled(Path dir, List<MatrixData> parts) {
        MatrixData first = parts.get(0);
        MatrixData data = new MatrixData(dir, first.plan, first.environment, null);
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        boolean disjoint = true;
        for (MatrixData part : parts) {
            java.util.Set<Integer> runs = new java.util.HashSet<>();
            for (MatrixData.Cell c : part.cells) {
                runs.add(c.id.run);
            }
            disjoint &= java.util.Collections.disjoint(seen, runs);
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
