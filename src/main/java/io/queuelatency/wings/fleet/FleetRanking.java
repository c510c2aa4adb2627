package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.AutoRuns;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Whether the JVMs rank the same on every host type: for each pair of JVMs two or more pools measured, at each headline
 * percentile, each pool's own verdict of the pair (nothing is tested anew) and its ratio. What they say together
 * ({@link Agreement}) rests on the verdicts alone, never on the estimates' order.
 */
public final class FleetRanking {
    /** One pool's verdict of a pair, from the pair's first JVM's side. */
    public enum PairSide { FIRST_FASTER, SECOND_FASTER, EQUIVALENT, UNDECIDED, NO_VERDICT }

    /** What the pools' verdicts of one pair say together. */
    public enum Agreement {
        /** Every pool decides, and the same way: the same JVM faster on each, or equivalent on each. */
        SAME,
        /** One pool or more decides an order and no pool the opposite; the others undecided, equivalent or none. */
        SOME,
        /** One pool decides the first JVM faster and another the second. */
        OPPOSITE,
        /** No pool decides an order (and not every pool says equivalent). */
        UNDETERMINED
    }

    public static final class PoolPlace {
        public final HostGroup.Pooled pool;
        public final PairSide side;
        /** The first JVM's over the second's: the verdict's ratio, else the estimates'; NaN where unbounded. */
        public final double ratio;
        /** The verdict's interval for that ratio; NaN where the pair was not tested. */
        public final double low;
        public final double high;

        PoolPlace(HostGroup.Pooled pool, PairSide side, double ratio, double[] interval) {
            this.pool = pool;
            this.side = side;
            this.ratio = ratio;
            this.low = interval == null ? Double.NaN : interval[0];
            this.high = interval == null ? Double.NaN : interval[1];
        }
    }

    public static final class RankedPair {
        public final String first;
        public final String second;
        public final Percentile percentile;
        public final MatrixData.Slice slice;
        public final List<PoolPlace> places;
        public final Agreement agreement;

        RankedPair(String first, String second, Percentile percentile, MatrixData.Slice slice,
                List<PoolPlace> places) {
            this.first = first;
            this.second = second;
            this.percentile = percentile;
            this.slice = slice;
            this.places = Collections.unmodifiableList(places);
            this.agreement = agreement(places);
        }
    }

    private FleetRanking() {
    }

    /** Every pair of JVMs that two or more pools measured, at each headline percentile, slice by slice. */
    public static List<RankedPair> of(List<HostGroup.Pooled> pools) {
        List<RankedPair> pairs = new ArrayList<>();
        for (MatrixData.Slice s : FleetFigures.slices(pools)) {
            List<String> ids = shared(pools, s);
            for (Percentile p : Percentile.HEADLINE) {
                for (int i = 0; i < ids.size(); i++) {
                    for (int k = i + 1; k < ids.size(); k++) {
                        List<PoolPlace> places = places(pools, s, ids.get(i), ids.get(k), p);
                        if (places.size() >= 2) {
                            pairs.add(new RankedPair(ids.get(i), ids.get(k), p, s, places));
                        }
                    }
                }
            }
        }
        return pairs;
    }

    /** The JVMs with a counted run in two or more pools at slice {@code s}, in the order they first appear. */
    private static List<String> shared(List<HostGroup.Pooled> pools, MatrixData.Slice s) {
        List<String> seen = new ArrayList<>();
        List<String> shared = new ArrayList<>();
        for (HostGroup.Pooled pool : pools) {
            Analysis a = at(pool, s);
            for (MatrixPlan.PlannedJvm j : a == null ? Collections.<MatrixPlan.PlannedJvm>emptyList() : a.jvms) {
                if (seen.contains(j.id) && !shared.contains(j.id)) {
                    shared.add(j.id);
                }
                seen.add(j.id);
            }
        }
        return shared;
    }

    /** The pool's analysis of slice {@code s}; null where it did not measure it. */
    static Analysis at(HostGroup.Pooled pool, MatrixData.Slice s) {
        return pool.analyses().stream().filter(a -> AutoRuns.sliceOf(a).equals(s)).findFirst().orElse(null);
    }

    private static List<PoolPlace> places(List<HostGroup.Pooled> pools, MatrixData.Slice s, String x, String y,
            Percentile p) {
        List<PoolPlace> places = new ArrayList<>();
        for (HostGroup.Pooled pool : pools) {
            Analysis a = at(pool, s);
            MatrixPlan.PlannedJvm jx = a == null ? null : jvm(a, x);
            MatrixPlan.PlannedJvm jy = a == null ? null : jvm(a, y);
            if (jx == null || jy == null) {
                continue;
            }
            Estimate ex = a.estimate(jx, Definition.INTENDED, p);
            Estimate ey = a.estimate(jy, Definition.INTENDED, p);
            double ratio = ex.tooFewSamples || ey.tooFewSamples ? Double.NaN : ex.value / ey.value;
            PairVerdict v = a.verdictsAt(p).stream().filter(c -> c.first == jx && c.second == jy
                    || c.first == jy && c.second == jx).reduce((first, last) -> last).orElse(null);
            places.add(place(pool, v, jx, ratio));
        }
        return places;
    }

    private static PoolPlace place(HostGroup.Pooled pool, PairVerdict v, MatrixPlan.PlannedJvm x, double ratio) {
        if (v == null || v.test == null) {
            return new PoolPlace(pool, PairSide.NO_VERDICT, ratio, null);
        }
        MedianRatio t = v.test;
        boolean turned = v.first != x;
        double[] interval = turned ? new double[] {1 / t.high, 1 / t.low} : new double[] {t.low, t.high};
        ratio = turned ? 1 / t.ratio : t.ratio; // the verdict's own: the median of the run-to-run ratios
        return new PoolPlace(pool, t.outcome == MedianRatio.Decision.EQUIVALENT ? PairSide.EQUIVALENT
                : t.outcome == MedianRatio.Decision.CANNOT_TELL ? PairSide.UNDECIDED
                : v.faster() == x ? PairSide.FIRST_FASTER : PairSide.SECOND_FASTER, ratio, interval);
    }

    private static MatrixPlan.PlannedJvm jvm(Analysis a, String id) {
        return a.jvms.stream().filter(j -> j.id.equals(id)).findFirst().orElse(null);
    }

    static Agreement agreement(List<PoolPlace> places) {
        boolean first = false;
        boolean second = false;
        boolean allSame = true;
        for (PoolPlace p : places) {
            first |= p.side == PairSide.FIRST_FASTER;
            second |= p.side == PairSide.SECOND_FASTER;
            allSame &= p.side == places.get(0).side;
        }
        PairSide one = places.get(0).side;
        if (allSame && (one == PairSide.FIRST_FASTER || one == PairSide.SECOND_FASTER || one == PairSide.EQUIVALENT)) {
            return Agreement.SAME;
        }
        return first && second ? Agreement.OPPOSITE : first || second ? Agreement.SOME : Agreement.UNDETERMINED;
    }
}
