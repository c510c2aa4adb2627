package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every number and verdict of a matrix report, computed once from the stored cells; each writer (summary.md,
 * summary.json, estimates.csv, the figures) only renders it, so one number has one value everywhere.
 * <ul>
 *   <li>estimates: per JVM, definition and percentile, the {@link Estimate} over the runs counted;</li>
 *   <li>the host's floor ({@link HostFloor}): one for the whole matrix, the bare hand-off measured in floor
 *       cells of their own (or, in a matrix stored before them, inside each JVM after its window);</li>
 *   <li>verdicts: every pair of JVMs at p50, p99 and p99.99 (intended latency) with two or more runs each, tested
 *       together: each at 5% / m ({@link MedianRatio}), and where the plan looks K times as its rounds come
 *       (--runs auto) at 5% / (m K), {@link #looks}; at a tail percentile a pair has none where the host
 *       accounts for both JVMs' latency ({@link HostShare}: by the floor, or by what explains their tails), and a
 *       third JVM never withholds a pair's.</li>
 * </ul>
 */
public final class Analysis {
    /**
     * The host accounts for a JVM's latency at a tail percentile where its floor reaches half of it, or where half of
     * the samples beyond are explained by the host or the queue alone. The median is not judged so: there the floor
     * is the hardware's cost of moving a cache line between the two CPUs, paid alike by every JVM, not the host's
     * scheduling noise.
     */
    public static final double HOST_SHARE = 0.5;

    /** True at the percentiles the host-share rule judges: above the median, below the worst. */
    public static boolean judgesHost(Percentile p) {
        return p.compareTo(Percentile.P50) > 0 && !p.isWorst();
    }
    /** The verdicts' practical margin, percent: the one place it is written, for the code and the options' help. */
    public static final int DEFAULT_MARGIN_PERCENT = 5;
    public static final double DEFAULT_MARGIN = DEFAULT_MARGIN_PERCENT / 100.0;

    public final MatrixData data;
    public final double margin;
    /** The JVMs with at least one run that counts, in the plan's order. */
    public final List<MatrixPlan.PlannedJvm> jvms;
    private final Map<MatrixPlan.PlannedJvm, Map<Definition, Map<Percentile, Estimate>>> estimates =
            new LinkedHashMap<>();
    /** The host's floor, one for every JVM of the matrix. */
    public final HostFloor hostFloor;
    public final List<PairVerdict> verdicts = new ArrayList<>();
    /** How many comparisons the report's error control covers. */
    public final int comparisons;
    /** How many looks the plan spends its error rate over (K): 1 for a fixed number of runs. */
    public final int looks;

    public Analysis(MatrixData data, double margin) {
        this.data = data;
        this.margin = margin;
        this.jvms = data.comparableJvms();
        for (MatrixPlan.PlannedJvm j : jvms) {
            estimate(j);
        }
        this.hostFloor = HostFloor.of(data, jvms);
        this.comparisons = countTested();
        this.looks = data.plan.looks();
        for (Percentile p : Percentile.HEADLINE) {
            for (int i = 0; i < jvms.size(); i++) {
                for (int k = i + 1; k < jvms.size(); k++) {
                    MatrixPlan.PlannedJvm a = jvms.get(i);
                    MatrixPlan.PlannedJvm b = jvms.get(k);
                    PairVerdict.NoVerdict none = noVerdict(a, b, p);
                    MedianRatio test = none != null ? null
                            : MedianRatio.of(estimate(a, Definition.INTENDED, p).runValues,
                            estimate(b, Definition.INTENDED, p).runValues, comparisons, looks, margin);
                    verdicts.add(new PairVerdict(a, b, p, test, none, hostShare(a, b, p)));
                }
            }
        }
    }

    /** Every estimate of one JVM, per definition its runs measured and reported percentile. */
    private void estimate(MatrixPlan.PlannedJvm j) {
        List<Estimate.StoredRun> runs = data.statisticRuns(j);
        Map<Definition, Map<Percentile, Estimate>> byDefinition = new EnumMap<>(Definition.class);
        for (Definition d : Definition.values()) {
            Map<Percentile, Estimate> byPercentile = new LinkedHashMap<>();
            boolean measured = true;
            for (Estimate.StoredRun run : runs) {
                measured &= !run.result.latency(d).isEmpty(); // messages under 24 bytes carry no actual send time
            }
            for (Percentile p : measured ? Percentile.REPORTED : Collections.<Percentile>emptyList()) {
                byPercentile.put(p, Estimate.of(runs, d, p));
            }
            byDefinition.put(d, byPercentile);
        }
        estimates.put(j, byDefinition);
    }

    /**
     * The host's share of the pair's latencies at {@code p}: its floor against both JVMs' latency, and what explains
     * both JVMs' tails; null where the host rule does not judge {@code p}.
     */
    private HostShare hostShare(MatrixPlan.PlannedJvm a, MatrixPlan.PlannedJvm b, Percentile p) {
        if (!judgesHost(p)) {
            return null;
        }
        Estimate floor = hostFloor.at(Definition.INTENDED, p);
        // a floor with too few samples beyond p to bound it says nothing of the host there: it withholds nothing
        return new HostShare(p, floor == null || floor.tooFewSamples ? Double.NaN : floor.value,
                estimate(a, Definition.INTENDED, p).value,
                estimate(b, Definition.INTENDED, p).value, hostTail(a, p), hostTail(b, p));
    }

    /** Of {@code j}'s samples beyond {@code p}, the share the host or the queue alone explains; -1 where not known. */
    private double hostTail(MatrixPlan.PlannedJvm j, Percentile p) {
        TailShare t = TAIL_PERCENTILES.contains(p) ? tail(j, p) : null;
        return t == null ? -1 : t.notJvmShare();
    }

    /** The comparisons the report tests: pairs at the headline percentiles that get a verdict. */
    private int countTested() {
        int tested = 0;
        for (Percentile p : Percentile.HEADLINE) {
            for (int i = 0; i < jvms.size(); i++) {
                for (int k = i + 1; k < jvms.size(); k++) {
                    if (noVerdict(jvms.get(i), jvms.get(k), p) == null) {
                        tested++;
                    }
                }
            }
        }
        return tested;
    }

    private PairVerdict.NoVerdict noVerdict(MatrixPlan.PlannedJvm a, MatrixPlan.PlannedJvm b, Percentile p) {
        HostShare host = hostShare(a, b, p);
        if (host != null && host.by() != null) {
            return PairVerdict.NoVerdict.HOST;
        }
        Estimate ea = estimate(a, Definition.INTENDED, p);
        Estimate eb = estimate(b, Definition.INTENDED, p);
        if (ea.runs < 2 || eb.runs < 2) {
            return PairVerdict.NoVerdict.TOO_FEW_RUNS;
        }
        if (ea.tooFewSamples || eb.tooFewSamples) {
            return PairVerdict.NoVerdict.TOO_FEW_SAMPLES;
        }
        return null;
    }

    /** The level each comparison is tested at: 5% / (m x K looks). */
    public double alphaPerComparison() {
        return MedianRatio.level(comparisons, looks);
    }

    /** The percentiles whose tail is broken down by cause. */
    public static final List<Percentile> TAIL_PERCENTILES =
            java.util.Arrays.asList(Percentile.P99, Percentile.P99_9, Percentile.P99_99);

    /**
     * The samples beyond {@code p} of {@code jvm}'s counted runs and what explains them, pooled; null when no run
     * recorded its tail.
     */
    public TailShare tail(MatrixPlan.PlannedJvm jvm, Percentile p) {
        return TailShare.pooled(data.statisticRuns(jvm), p);
    }

    /** The estimate; null only for the actual latency of messages too small to carry it (under 24 bytes). */
    public Estimate estimate(MatrixPlan.PlannedJvm jvm, Definition d, Percentile p) {
        return estimates.get(jvm).get(d).get(p);
    }

    /** What is handed each estimate of {@link #forEachEstimate} in turn. */
    public interface EstimateVisitor {
        void accept(MatrixPlan.PlannedJvm jvm, Definition d, Percentile p, Estimate e);
    }

    /** Every estimate made, by JVM in the plan's order, then definition, then reported percentile. */
    public void forEachEstimate(EstimateVisitor visitor) {
        for (MatrixPlan.PlannedJvm j : jvms) {
            for (Definition d : Definition.values()) {
                for (Percentile p : Percentile.REPORTED) {
                    Estimate e = estimate(j, d, p);
                    if (e != null) {
                        visitor.accept(j, d, p, e);
                    }
                }
            }
        }
    }

    /**
     * Of the pairs at {@code p}, how many the host accounts for, by its floor and by their tails; none at the
     * percentiles the host rule does not judge.
     */
    public Conclusion.HostPairs hostPairs(Percentile p) {
        int pairs = 0;
        int byFloor = 0;
        int byTail = 0;
        for (PairVerdict v : verdictsAt(p)) {
            pairs++;
            HostShare.By by = v.host == null ? null : v.host.by();
            byFloor += by == HostShare.By.FLOOR ? 1 : 0;
            byTail += by == HostShare.By.TAIL ? 1 : 0;
        }
        Estimate floor = hostFloor.at(Definition.INTENDED, p);
        return new Conclusion.HostPairs(pairs, byFloor, byTail,
                floor == null || floor.tooFewSamples ? Double.NaN : floor.value);
    }

    public List<PairVerdict> verdictsAt(Percentile p) {
        List<PairVerdict> at = new ArrayList<>();
        for (PairVerdict v : verdicts) {
            if (v.percentile.equals(p)) {
                at.add(v);
            }
        }
        return at;
    }

    /** The JVMs by their estimate at {@code p} (intended), lowest first. */
    public List<MatrixPlan.PlannedJvm> ranking(Percentile p) {
        List<MatrixPlan.PlannedJvm> ranked = new ArrayList<>(jvms);
        ranked.sort(Comparator.comparingDouble(j -> estimate(j, Definition.INTENDED, p).value));
        return ranked;
    }

    /** The fewest runs counted for any JVM: what the intervals' confidence rests on. */
    public int fewestRuns() {
        int fewest = Integer.MAX_VALUE;
        for (MatrixPlan.PlannedJvm j : jvms) {
            fewest = Math.min(fewest, data.statisticRuns(j).size());
        }
        return fewest == Integer.MAX_VALUE ? 0 : fewest;
    }

    /** The JVM faster than every other at {@code p} by the report's verdicts, or null. */
    public MatrixPlan.PlannedJvm winner(Percentile p) {
        if (jvms.size() < 2) {
            return null;
        }
        for (MatrixPlan.PlannedJvm candidate : jvms) {
            boolean beatsAll = true;
            for (PairVerdict v : verdictsAt(p)) {
                if ((v.first == candidate || v.second == candidate) && v.faster() != candidate) {
                    beatsAll = false;
                }
            }
            if (beatsAll) {
                return candidate;
            }
        }
        return null;
    }

    /**
     * What the report concludes: one per headline percentile, or one for the whole report where fewer than two JVMs
     * count.
     */
    public List<Conclusion> conclusions() {
        List<Conclusion> out = new ArrayList<>();
        if (jvms.isEmpty()) {
            out.add(new Conclusion.NoJvm());
        } else if (jvms.size() == 1) {
            out.add(new Conclusion.OneJvm(at(jvms.get(0), Percentile.P50)));
        } else {
            for (Percentile p : Percentile.HEADLINE) {
                out.add(conclusion(p));
            }
        }
        return out;
    }

    private Conclusion.JvmAt at(MatrixPlan.PlannedJvm j, Percentile p) {
        return new Conclusion.JvmAt(j, estimate(j, Definition.INTENDED, p).value);
    }

    private Conclusion conclusion(Percentile p) {
        Conclusion.HostPairs host = hostPairs(p);
        if (host.pairs > 0 && host.withheld() == host.pairs) {
            return new Conclusion.HostForEveryPair(p, host);
        }
        MatrixPlan.PlannedJvm winner = winner(p);
        if (winner != null) {
            double least = Double.MAX_VALUE;
            for (PairVerdict v : verdictsAt(p)) {
                if (v.first == winner || v.second == winner) {
                    least = Math.min(least, v.marginOf(winner));
                }
            }
            return new Conclusion.Fastest(p, host, at(winner, p), least);
        }
        MatrixPlan.PlannedJvm lowest = ranking(p).get(0);
        int tested = 0;
        int equivalent = 0;
        int faster = 0;
        int needed = 0;
        int hostWithLowest = 0;
        for (PairVerdict v : verdictsAt(p)) {
            if (v.test == null) {
                hostWithLowest += v.none == PairVerdict.NoVerdict.HOST && (v.first == lowest || v.second == lowest)
                        ? 1 : 0;
                continue;
            }
            tested++;
            if (v.test.outcome == MedianRatio.Decision.EQUIVALENT) {
                equivalent++;
            } else if (v.faster() != null) {
                faster++;
            } else if (v.first == lowest || v.second == lowest) {
                needed = Math.max(needed, v.test.runsNeeded);
            }
        }
        return tested == 0 ? new Conclusion.TooFewRuns(p, host, at(lowest, p))
                : new Conclusion.Undecided(p, host, at(lowest, p),
                        new Conclusion.PairsTested(tested, faster, equivalent), hostWithLowest > 0 ? -hostWithLowest
                        : needed);
    }
}
