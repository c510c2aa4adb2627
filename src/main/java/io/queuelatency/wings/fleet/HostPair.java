package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Estimate;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.RankSum;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Two hosts of one fingerprint: whether their cells may be pooled. Not where they ran different studies or a floor is
 * missing; told apart where their floors differ by a two-sided rank test ({@link RankSum}, Bonferroni over the type's
 * pairs and percentiles) or by more than {@link #MARGIN} at p50.
 */
public final class HostPair {
    /** The error rate of the floor tests of one host type, shared out over its host pairs and the percentiles. */
    public static final double FAMILY_ALPHA = 0.05;
    /** The floors' medians at p50 further apart than this (the larger over the smaller, less 1) keep hosts apart. */
    public static final double MARGIN = 0.10;
    public static final List<Percentile> FLOOR_CHECKED =
            Collections.unmodifiableList(Arrays.asList(Percentile.P50, Percentile.P99));
    /** The settings that may differ between pooled hosts: how long a host may take, not what it measures. */
    private static final List<String> NOT_COMPARED =
            Arrays.asList("timeBudgetNs", "cellGraceNs", "quiet", "margin", "sla", "maxRate");

    public enum Apart { NO, SETTINGS, FLOOR_METHOD, TOOL, NO_FLOOR, RANK_TEST, MARGIN }

    public final FleetData.HostDir first;
    public final FleetData.HostDir second;
    public final Apart apart;
    /** SETTINGS: the settings that differ; TOOL: the two builds; NO_FLOOR: the host(s) without a floor; else empty. */
    public final List<String> detail;
    /** Each percentile's test in {@link #FLOOR_CHECKED}'s order; empty where the floors were not compared. */
    public final List<RankSum> tests;
    public final double level;
    /** The larger floor median at p50 over the smaller; NaN where the floors were not compared. */
    public final double medianRatio;
    /** The first percentile whose test tells the floors apart; null where none does. */
    public final Percentile toldApartAt;

    /** {@code apart} null: the floors are compared to say whether they are. */
    private HostPair(FleetData.HostDir first, FleetData.HostDir second, double level, Apart apart,
            List<String> detail) {
        this.first = first;
        this.second = second;
        this.level = level;
        this.detail = Collections.unmodifiableList(detail);
        if (apart != null) {
            this.apart = apart;
            this.tests = Collections.emptyList();
            this.medianRatio = Double.NaN;
            this.toldApartAt = null;
        } else {
            this.tests = Collections.unmodifiableList(FLOOR_CHECKED.stream()
                    .map(p -> RankSum.of(floors(first, p), floors(second, p))).collect(Collectors.toList()));
            this.toldApartAt = FLOOR_CHECKED.stream().filter(p -> tests.get(FLOOR_CHECKED.indexOf(p)).p < level)
                    .findFirst().orElse(null);
            double ma = Estimate.median(floors(first, Percentile.P50));
            double mb = Estimate.median(floors(second, Percentile.P50));
            this.medianRatio = Math.max(ma, mb) / Math.min(ma, mb);
            this.apart = toldApartAt != null ? Apart.RANK_TEST : medianRatio - 1 > MARGIN ? Apart.MARGIN : Apart.NO;
        }
    }

    public boolean alike() {
        return apart == Apart.NO;
    }

    /** Whether the rank test could tell the floors apart at its level with as many floors as they have. */
    public boolean rankTestCanTell() {
        return !tests.isEmpty() && RankSum.smallestP(tests.get(0).n1, tests.get(0).n2) <= level;
    }

    static HostPair of(FleetData.HostDir a, FleetData.HostDir b, double level) {
        MatrixPlan pa = a.data.plan;
        MatrixPlan pb = b.data.plan;
        Map<String, Object> theirs = pb.settings.entries();
        List<String> settings = pa.settings.entries().entrySet().stream().filter(e -> !NOT_COMPARED.contains(e.getKey())
                && !Objects.equals(e.getValue(), theirs.get(e.getKey()))).map(Map.Entry::getKey)
                .collect(Collectors.toList());
        if (!settings.isEmpty()) {
            return new HostPair(a, b, level, Apart.SETTINGS, settings);
        }
        if ((pa.hostFloor == null) != (pb.hostFloor == null)) {
            return new HostPair(a, b, level, Apart.FLOOR_METHOD, new ArrayList<>());
        }
        if (!Objects.equals(pa.tool, pb.tool)) {
            return new HostPair(a, b, level, Apart.TOOL,
                    Arrays.asList(String.valueOf(pa.tool), String.valueOf(pb.tool)));
        }
        List<String> without = java.util.stream.Stream.of(a, b).filter(h -> floors(h, Percentile.P50).length == 0
                || floors(h, Percentile.P99).length == 0).map(h -> h.name).collect(Collectors.toList());
        if (!without.isEmpty()) {
            return new HostPair(a, b, level, Apart.NO_FLOOR, without);
        }
        return new HostPair(a, b, level, null, new ArrayList<>());
    }

    /** The host's floors' values at {@code p} (intended), one per floor counted; empty where it has none. */
    public static double[] floors(FleetData.HostDir h, Percentile p) {
        double[] values = h.alone.hostFloor.floors.stream().mapToDouble(f -> f.intended.ns(p)).toArray();
        return Arrays.stream(values).anyMatch(v -> v < 0) ? new double[0] : values;
    }

    /** The level of each floor test in a type of {@code hosts} hosts: 5% over its host pairs times the percentiles. */
    static double level(int hosts) {
        int pairs = hosts * (hosts - 1) / 2;
        return FAMILY_ALPHA / Math.max(1, pairs * FLOOR_CHECKED.size());
    }
}
