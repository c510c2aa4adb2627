package io.queuelatency.decide;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.Holm;
import io.queuelatency.stats.MedianRatio;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every number and verdict of a matrix report, computed once from the stored cells; each writer only renders it: the
 * {@link Estimate}s, the {@link HostFloor}, and every pair's verdict at the headline percentiles, one family
 * ({@link #familySize}) under Holm's step-down, each with its {@link HostShare}.
 */
public final class Analysis {
    /**
     * The host accounts for a JVM's latency at a tail percentile where its floor reaches half of it, or where half of
     * the samples beyond are the host's or the queue's alone. Not at the median: there the floor is the cost of moving
     * a cache line between the two CPUs, paid alike by every JVM, not the host's noise.
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
    /** {@link MatrixData#comparableJvms}. */
    public final List<MatrixPlan.PlannedJvm> jvms;
    private final Map<MatrixPlan.PlannedJvm, Map<Definition, Map<Percentile, Estimate>>> estimates =
            new LinkedHashMap<>();
    public final HostFloor hostFloor;
    public final List<PairVerdict> verdicts = new ArrayList<>();
    /** How many comparisons the report's family holds, fixed by the plan ({@link #familySize}). */
    public final int comparisons;
    /** The family's level at this look: 5%, spent over --runs auto's looks ({@link AutoRuns#alphaAt}). */
    public final double alpha;
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
        this.comparisons = familySize(data.plan);
        this.looks = data.plan.looks();
        this.alpha = AutoRuns.alphaAt(data.plan, data.mostRuns()) / slices(data.plan.settings);
        List<PairVerdict.NoVerdict> none = new ArrayList<>();
        List<double[][]> runs = new ArrayList<>();
        for (Percentile p : Percentile.HEADLINE) {
            for (int i = 0; i < jvms.size(); i++) {
                for (int k = i + 1; k < jvms.size(); k++) {
                    PairVerdict.NoVerdict why = noVerdict(jvms.get(i), jvms.get(k), p);
                    none.add(why);
                    runs.add(why != null ? null : new double[][] {
                            estimate(jvms.get(i), Definition.HEADLINE, p).runValues,
                            estimate(jvms.get(k), Definition.HEADLINE, p).runValues});
                }
            }
        }
        List<MedianRatio> tests = Holm.test(runs, comparisons, alpha, margin);
        int n = 0;
        for (Percentile p : Percentile.HEADLINE) {
            for (int i = 0; i < jvms.size(); i++) {
                for (int k = i + 1; k < jvms.size(); k++, n++) {
                    verdicts.add(new PairVerdict(jvms.get(i), jvms.get(k), p, tests.get(n), none.get(n),
                            hostShare(jvms.get(i), jvms.get(k), p)));
                }
            }
        }
        standEarlierDecisions();
    }

    /** The analyses a report shows: one per slice of a sweep, else one; at {@code margin}, else the plan's. */
    public static List<Analysis> of(MatrixData data, Double margin) {
        double m = margin != null ? margin : data.plan.settings.margin != null ? data.plan.settings.margin
                : DEFAULT_MARGIN;
        List<Analysis> slices = new ArrayList<>();
        if (data.sweeps()) {
            for (MatrixData.Slice s : data.slices()) {
                slices.add(new Analysis(data.slice(s), m));
            }
        } else {
            slices.add(new Analysis(data, m));
        }
        return slices;
    }

    /**
     * Under --runs auto, a pair decided at an earlier look keeps that verdict (the look before this one is analysed as
     * it stood, recursively): a decision, once made, is not tested again on later runs.
     */
    private void standEarlierDecisions() {
        List<Integer> looks = data.plan.auto == null ? Collections.<Integer>emptyList() : data.plan.auto.looks;
        int k = AutoRuns.lookAt(looks, data.mostRuns());
        if (k < 1) {
            return;
        }
        int round = looks.get(k - 1);
        Analysis earlier = new Analysis(data.upToRound(round), margin);
        for (PairVerdict before : earlier.verdicts) {
            for (int i = 0; i < verdicts.size(); i++) {
                PairVerdict now = verdicts.get(i);
                if (before.decided() && now.first.id.equals(before.first.id) && now.second.id.equals(before.second.id)
                        && now.percentile.equals(before.percentile)) {
                    verdicts.set(i, before.standing(round));
                }
            }
        }
    }

    /**
     * The comparisons of a report's family, fixed by its plan: every pair of its available JVMs at each headline
     * percentile (a sweep's slices are each a family of their own, at the report's level over their number).
     */
    public static int familySize(MatrixPlan plan) {
        long n = plan.jvms.stream().filter(j -> j.available).count();
        return Math.max(1, (int) (n * (n - 1) / 2) * Percentile.HEADLINE.size());
    }

    public static int slices(io.queuelatency.result.Settings s) {
        return (s.sizes == null ? 1 : Math.max(1, s.sizes.size()))
                * (s.rates == null ? 1 : Math.max(1, s.rates.size()));
    }

    /** Every estimate of one JVM, per definition its runs measured and reported percentile. */
    private void estimate(MatrixPlan.PlannedJvm j) {
        List<Estimate.StoredRun> runs = data.statisticRuns(j);
        Map<Definition, Map<Percentile, Estimate>> byDefinition = new EnumMap<>(Definition.class);
        for (Definition d : Definition.values()) {
            Map<Percentile, Estimate> byPercentile = new LinkedHashMap<>();
            // messages under 24 bytes carry no actual send time
            boolean measured = runs.stream().noneMatch(run -> run.result.latency(d).isEmpty());
            for (Percentile p : measured ? Percentile.REPORTED : Collections.<Percentile>emptyList()) {
                byPercentile.put(p, Estimate.of(runs, d, p));
            }
            byDefinition.put(d, byPercentile);
        }
        estimates.put(j, byDefinition);
    }

    /** The host's share of the pair's latencies at {@code p}; null where {@link #judgesHost} is false. */
    private HostShare hostShare(MatrixPlan.PlannedJvm a, MatrixPlan.PlannedJvm b, Percentile p) {
        if (!judgesHost(p)) {
            return null;
        }
        Estimate floor = hostFloor.at(Definition.HEADLINE, p);
        // a floor with too few samples beyond p to bound it says nothing of the host there: it accounts for nothing
        return new HostShare(p, floor == null || floor.tooFewSamples ? Double.NaN : floor.value,
                estimate(a, Definition.HEADLINE, p).value,
                estimate(b, Definition.HEADLINE, p).value, hostTail(a, p), hostTail(b, p));
    }

    /** Of {@code j}'s samples beyond {@code p}, the share the host or the queue alone explains; -1 where not known. */
    private double hostTail(MatrixPlan.PlannedJvm j, Percentile p) {
        TailShare t = TAIL_PERCENTILES.contains(p) ? tail(j, p) : null;
        return t == null ? -1 : t.notJvmShare();
    }

    private PairVerdict.NoVerdict noVerdict(MatrixPlan.PlannedJvm a, MatrixPlan.PlannedJvm b, Percentile p) {
        Estimate ea = estimate(a, Definition.HEADLINE, p);
        Estimate eb = estimate(b, Definition.HEADLINE, p);
        if (ea.runs < 2 || eb.runs < 2) {
            return PairVerdict.NoVerdict.TOO_FEW_RUNS;
        }
        if (ea.tooFewSamples || eb.tooFewSamples) {
            return PairVerdict.NoVerdict.TOO_FEW_SAMPLES;
        }
        return null;
    }

    /** The smallest level a comparison is tested at: Holm's first step, the family's level at this look over m. */
    public double alphaPerComparison() {
        return alpha / comparisons;
    }

    public static final List<Percentile> TAIL_PERCENTILES =
            java.util.Arrays.asList(Percentile.P99, Percentile.P99_9, Percentile.P99_99);

    /** The samples beyond {@code p} of {@code jvm}'s counted runs, pooled; null when no run recorded its tail. */
    public TailShare tail(MatrixPlan.PlannedJvm jvm, Percentile p) {
        return TailShare.pooled(data.statisticRuns(jvm), p);
    }

    /** The estimate; null only for the actual latency of messages too small to carry it (under 24 bytes). */
    public Estimate estimate(MatrixPlan.PlannedJvm jvm, Definition d, Percentile p) {
        return estimates.get(jvm).get(d).get(p);
    }

    public interface EstimateVisitor {
        void accept(MatrixPlan.PlannedJvm jvm, Definition d, Percentile p, Estimate e);
    }

    /** The definitions the cells measured: the handled latency where some JVM has estimates of it. */
    public List<Definition> measured() {
        return Definition.of(jvms.stream().anyMatch(j -> estimate(j, Definition.HANDLED, Percentile.P50) != null));
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

    /** Of the pairs at {@code p}, how many the host accounts for, by its floor and by their tails. */
    public Conclusion.HostPairs hostPairs(Percentile p) {
        List<HostShare.By> by = verdictsAt(p).stream().map(v -> v.host == null ? null : v.host.by())
                .collect(Collectors.toList());
        Estimate floor = hostFloor.at(Definition.HEADLINE, p);
        return new Conclusion.HostPairs(by.size(), Collections.frequency(by, HostShare.By.FLOOR),
                Collections.frequency(by, HostShare.By.TAIL),
                floor == null || floor.tooFewSamples ? Double.NaN : floor.value);
    }

    public List<PairVerdict> verdictsAt(Percentile p) {
        return verdicts.stream().filter(v -> v.percentile.equals(p)).collect(Collectors.toList());
    }

    /** The JVMs by their estimate at {@code p} (intended), lowest first. */
    public List<MatrixPlan.PlannedJvm> ranking(Percentile p) {
        List<MatrixPlan.PlannedJvm> ranked = new ArrayList<>(jvms);
        ranked.sort(Comparator.comparingDouble(j -> estimate(j, Definition.HEADLINE, p).value));
        return ranked;
    }

    /** The runs each JVM needs before any pair can be decided at the first Holm step's level. */
    public int runsToReach() {
        return MedianRatio.runsToReach(alphaPerComparison());
    }

    /** The fewest runs counted for any JVM: what the intervals' confidence rests on. */
    public int fewestRuns() {
        return jvms.stream().mapToInt(j -> data.statisticRuns(j).size()).min().orElse(0);
    }

    /** The JVM faster than every other at {@code p} by the report's verdicts, or null. */
    public MatrixPlan.PlannedJvm winner(Percentile p) {
        if (jvms.size() < 2) {
            return null;
        }
        List<PairVerdict> at = verdictsAt(p);
        return jvms.stream().filter(c -> at.stream().noneMatch(v -> (v.first == c || v.second == c) && v.faster() != c))
                .findFirst().orElse(null);
    }

    /** One per headline percentile, or one for the whole report where fewer than two JVMs count. */
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
        return new Conclusion.JvmAt(j, estimate(j, Definition.HEADLINE, p).value);
    }

    private Conclusion conclusion(Percentile p) {
        Conclusion.HostPairs host = hostPairs(p);
        MatrixPlan.PlannedJvm winner = winner(p);
        if (winner != null) {
            double least = verdictsAt(p).stream().filter(v -> v.first == winner || v.second == winner)
                    .mapToDouble(v -> v.marginOf(winner)).min().orElse(Double.MAX_VALUE);
            return new Conclusion.Fastest(p, host, at(winner, p), least);
        }
        MatrixPlan.PlannedJvm lowest = ranking(p).get(0);
        int tested = 0;
        int equivalent = 0;
        int faster = 0;
        int needed = 0;
        int hostWithLowest = 0;
        boolean spread = false;
        for (PairVerdict v : verdictsAt(p)) {
            if (v.test == null) {
                continue;
            }
            tested++;
            if (v.test.outcome == MedianRatio.Decision.EQUIVALENT) {
                equivalent++;
            } else if (v.faster() != null) {
                faster++;
            } else if (v.first == lowest || v.second == lowest) {
                hostWithLowest += v.hostAccounts() ? 1 : 0;
                spread |= v.spreadBound();
                needed = Math.max(needed, v.test.runsNeeded);
            }
        }
        return tested == 0 ? new Conclusion.TooFewRuns(p, host, at(lowest, p))
                : new Conclusion.Undecided(p, host, at(lowest, p),
                        new Conclusion.PairsTested(tested, faster, equivalent), hostWithLowest > 0 ? -hostWithLowest
                        : needed, spread);
    }
}
