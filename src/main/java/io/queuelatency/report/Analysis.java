package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.HostVerdict;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.stats.PairTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every number and verdict of a matrix report, computed once from the stored cells; each writer (summary.md,
 * summary.json, estimates.csv, the figures) only renders it, so one number has one value everywhere.
 * <ul>
 *   <li>estimates: per JVM, definition and percentile, the {@link Estimate} over the runs counted;</li>
 *   <li>the floor: the same for the bare hand-off measured with each run, and per percentile whether the
 *       host's share of the tail is too large for a JVM verdict: where the bare hand-off alone reaches
 *       {@link #HOST_SHARE} of the queue's latency for some JVM at a tail percentile, that percentile
 *       measures the host;</li>
 *   <li>verdicts: every pair of JVMs at p50, p99 and p99.99 (intended latency) with two or more runs each,
 *       outside the host's percentiles, tested together: each at 5% / m ({@link PairTest}).</li>
 * </ul>
 */
final class Analysis {
    /**
     * A floor at or above half the queue's latency at a tail percentile: that percentile is the host's. The
     * median is not judged so: there the floor is the hardware's cost of moving a cache line between the two
     * CPUs, paid alike by every JVM, not the host's scheduling noise.
     */
    static final double HOST_SHARE = 0.5;

    /** True at the percentiles the host-share rule judges: above the median, below the worst. */
    static boolean judgesHost(Percentile p) {
        return p.compareTo(Percentile.P50) > 0 && !p.isWorst();
    }
    static final double DEFAULT_MARGIN = 0.05;

    /** Why a pair has no verdict at a percentile. */
    enum NoVerdict { HOST, TOO_FEW_RUNS, TOO_FEW_SAMPLES }

    /** One pair at one percentile: its test, or why there is none. */
    static final class Verdict {
        final MatrixPlan.Jvm first;
        final MatrixPlan.Jvm second;
        final Percentile percentile;
        /** Null when not tested. */
        final PairTest test;
        final NoVerdict none;

        Verdict(MatrixPlan.Jvm first, MatrixPlan.Jvm second, Percentile percentile, PairTest test, NoVerdict none) {
            this.first = first;
            this.second = second;
            this.percentile = percentile;
            this.test = test;
            this.none = none;
        }

        /** "openjdk-17 faster by 12% [5%, 18%]", "equivalent within 5% (0.99 [0.97, 1.02])", "cannot tell ...". */
        String text(double margin) {
            if (test == null) {
                return none == NoVerdict.HOST ? "no verdict: the host's tail" : none == NoVerdict.TOO_FEW_RUNS
                        ? "no verdict: fewer than 2 runs" : "no verdict: too few samples beyond";
            }
            switch (test.outcome) {
                case FIRST_FASTER:
                    return String.format(Locale.ROOT, "%s faster by %s [%s, %s]", first.id, Units.share(1 - test.ratio),
                            Units.share(1 - test.high), Units.share(1 - test.low));
                case SECOND_FASTER:
                    return String.format(Locale.ROOT, "%s faster by %s [%s, %s]", second.id, Units.share(1 - 1 / test.ratio),
                            Units.share(1 - 1 / test.low), Units.share(1 - 1 / test.high));
                case EQUIVALENT:
                    return String.format(Locale.ROOT, "equivalent within %.0f%% (%s/%s %s [%s, %s])", 100 * margin, first.id,
                            second.id, Units.ratio(test.ratio), Units.ratio(test.low), Units.ratio(test.high));
                default:
                    return String.format(Locale.ROOT, "cannot tell (%s/%s %s [%s, %s]); ~%,d runs each would decide", first.id,
                            second.id, Units.ratio(test.ratio), Units.ratio(test.low), Units.ratio(test.high), test.runsNeeded);
            }
        }

        /** The JVM this verdict says is faster, or null. */
        MatrixPlan.Jvm faster() {
            if (test == null) {
                return null;
            }
            return test.outcome == PairTest.Outcome.FIRST_FASTER ? first : test.outcome == PairTest.Outcome.SECOND_FASTER ? second : null;
        }
    }

    /** Whether a percentile's tail is the host's by what explains it: the JVM whose tail is most the host's or the queue's. */
    static final class TailHost {
        final Percentile percentile;
        final MatrixPlan.Jvm jvm;
        final double share;

        TailHost(Percentile percentile, MatrixPlan.Jvm jvm, double share) {
            this.percentile = percentile;
            this.jvm = jvm;
            this.share = share;
        }
    }

    /** Whether a percentile is the host's: the JVM whose floor comes nearest its queue latency there. */
    static final class HostShare {
        final Percentile percentile;
        final MatrixPlan.Jvm jvm;
        final double floorNs;
        final double queueNs;

        HostShare(Percentile percentile, MatrixPlan.Jvm jvm, double floorNs, double queueNs) {
            this.percentile = percentile;
            this.jvm = jvm;
            this.floorNs = floorNs;
            this.queueNs = queueNs;
        }

        boolean hosts() {
            return floorNs >= HOST_SHARE * queueNs;
        }
    }

    final MatrixData data;
    final double margin;
    /** The JVMs with at least one run that counts, in the plan's order. */
    final List<MatrixPlan.Jvm> jvms;
    private final Map<MatrixPlan.Jvm, Map<Definition, Map<Percentile, Estimate>>> estimates = new LinkedHashMap<>();
    private final Map<MatrixPlan.Jvm, Map<Definition, Map<Percentile, Estimate>>> floors = new LinkedHashMap<>();
    /** Per tail percentile below the worst (intended): the JVM whose floor comes nearest its queue latency. */
    final Map<Percentile, HostShare> hostShare = new LinkedHashMap<>();
    /** Per tail percentile with a recorded tail: the JVM whose samples beyond are most explained by the host or the queue alone. */
    final Map<Percentile, TailHost> tailHost = new LinkedHashMap<>();
    final List<Verdict> verdicts = new ArrayList<>();
    /** How many comparisons the report's error control covers. */
    final int comparisons;

    Analysis(MatrixData data, double margin) {
        this.data = data;
        this.margin = margin;
        this.jvms = data.comparableJvms();
        for (MatrixPlan.Jvm j : jvms) {
            List<Estimate.Run> runs = data.statisticRuns(j);
            Map<Definition, Map<Percentile, Estimate>> byDefinition = new EnumMap<>(Definition.class);
            Map<Definition, Map<Percentile, Estimate>> floorByDefinition = new EnumMap<>(Definition.class);
            for (Definition d : Definition.values()) {
                Map<Percentile, Estimate> byPercentile = new LinkedHashMap<>();
                Map<Percentile, Estimate> floorByPercentile = new LinkedHashMap<>();
                boolean measured = true;
                for (Estimate.Run run : runs) {
                    measured &= !run.result.latency(d).isEmpty(); // messages under 24 bytes carry no actual send time
                }
                for (Percentile p : measured ? Percentile.REPORTED : Collections.<Percentile>emptyList()) {
                    byPercentile.put(p, Estimate.of(runs, d, p));
                    Estimate f = Estimate.ofFloor(runs, d, p);
                    if (f != null) {
                        floorByPercentile.put(p, f);
                    }
                }
                byDefinition.put(d, byPercentile);
                floorByDefinition.put(d, floorByPercentile);
            }
            estimates.put(j, byDefinition);
            floors.put(j, floorByDefinition);
        }
        for (Percentile p : Percentile.belowWorst()) {
            if (!judgesHost(p)) {
                continue;
            }
            HostShare nearest = null;
            for (MatrixPlan.Jvm j : jvms) {
                Estimate f = floor(j, Definition.INTENDED, p);
                if (f != null) {
                    HostShare s = new HostShare(p, j, f.value, estimate(j, Definition.INTENDED, p).value);
                    if (nearest == null || s.floorNs / s.queueNs > nearest.floorNs / nearest.queueNs) {
                        nearest = s;
                    }
                }
            }
            if (nearest != null) {
                hostShare.put(p, nearest);
            }
        }
        for (Percentile p : TAIL_PERCENTILES) {
            TailHost most = null;
            for (MatrixPlan.Jvm j : jvms) {
                TailShare t = judgesHost(p) ? tail(j, p) : null;
                double share = t == null ? -1 : t.notJvmShare();
                if (share >= 0 && (most == null || share > most.share)) {
                    most = new TailHost(p, j, share);
                }
            }
            if (most != null) {
                tailHost.put(p, most);
            }
        }
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
        this.comparisons = tested;
        for (Percentile p : Percentile.HEADLINE) {
            for (int i = 0; i < jvms.size(); i++) {
                for (int k = i + 1; k < jvms.size(); k++) {
                    MatrixPlan.Jvm a = jvms.get(i);
                    MatrixPlan.Jvm b = jvms.get(k);
                    NoVerdict none = noVerdict(a, b, p);
                    PairTest test = none != null ? null : PairTest.of(estimate(a, Definition.INTENDED, p).runValues,
                            estimate(b, Definition.INTENDED, p).runValues, comparisons, margin);
                    verdicts.add(new Verdict(a, b, p, test, none));
                }
            }
        }
    }

    private NoVerdict noVerdict(MatrixPlan.Jvm a, MatrixPlan.Jvm b, Percentile p) {
        if (isHosts(p)) {
            return NoVerdict.HOST;
        }
        Estimate ea = estimate(a, Definition.INTENDED, p);
        Estimate eb = estimate(b, Definition.INTENDED, p);
        if (ea.runs < 2 || eb.runs < 2) {
            return NoVerdict.TOO_FEW_RUNS;
        }
        if (ea.tooFewSamples || eb.tooFewSamples) {
            return NoVerdict.TOO_FEW_SAMPLES;
        }
        return null;
    }

    /** The percentiles whose tail is broken down by cause. */
    static final List<Percentile> TAIL_PERCENTILES = java.util.Arrays.asList(Percentile.P99, Percentile.P99_9, Percentile.P99_99);

    /** One JVM's tail at one percentile, pooled over its counted runs that recorded one. */
    static final class TailShare {
        final int runs;
        final long samples;
        final long matched;
        final Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
        /** Of matched, the samples that only the host or the queue explains; -1 when a run stored before it was counted. */
        final long notJvm;

        TailShare(int runs, long samples, long matched, long notJvm) {
            this.runs = runs;
            this.samples = samples;
            this.matched = matched;
            this.notJvm = notJvm;
        }

        /** The share of the matched samples only the host or the queue explains; -1 when not known. */
        double notJvmShare() {
            return notJvm < 0 || matched == 0 ? -1 : (double) notJvm / matched;
        }

        double share(Tail.Cause c) {
            Long n = byCause.get(c);
            return matched == 0 || n == null ? 0 : (double) n / matched;
        }
    }

    /** The samples beyond {@code p} of {@code jvm}'s counted runs and what explains them, pooled; null when no run recorded its tail. */
    TailShare tail(MatrixPlan.Jvm jvm, Percentile p) {
        int runs = 0;
        long samples = 0;
        long matched = 0;
        long notJvm = 0;
        Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
        for (Estimate.Run run : data.statisticRuns(jvm)) {
            Tail t = run.result.tail;
            Tail.Beyond b = t == null ? null : t.beyond(p);
            if (b == null) {
                continue;
            }
            runs++;
            samples += b.samples;
            matched += b.matched;
            notJvm = notJvm < 0 || b.notJvm < 0 ? -1 : notJvm + b.notJvm;
            for (Tail.Cause c : Tail.Cause.values()) {
                byCause.merge(c, b.count(c), Long::sum);
            }
        }
        if (runs == 0) {
            return null;
        }
        TailShare share = new TailShare(runs, samples, matched, notJvm);
        share.byCause.putAll(byCause);
        return share;
    }

    /** The estimate; null only for the actual latency of messages too small to carry it (under 24 bytes). */
    Estimate estimate(MatrixPlan.Jvm jvm, Definition d, Percentile p) {
        return estimates.get(jvm).get(d).get(p);
    }

    /** The floor's estimate, or null where it was not measured with every counted run. */
    Estimate floor(MatrixPlan.Jvm jvm, Definition d, Percentile p) {
        return floors.get(jvm).get(d).get(p);
    }

    boolean isHosts(Percentile p) {
        HostShare s = hostShare.get(p);
        return s != null && s.hosts() || isHostsByTail(p);
    }

    /** True where some JVM's samples beyond {@code p} are at least half explained by the host or the queue alone. */
    boolean isHostsByTail(Percentile p) {
        TailHost t = tailHost.get(p);
        return t != null && t.share >= HOST_SHARE;
    }

    List<Verdict> verdictsAt(Percentile p) {
        List<Verdict> at = new ArrayList<>();
        for (Verdict v : verdicts) {
            if (v.percentile.equals(p)) {
                at.add(v);
            }
        }
        return at;
    }

    /** The JVMs by their estimate at {@code p} (intended), lowest first. */
    List<MatrixPlan.Jvm> ranking(Percentile p) {
        List<MatrixPlan.Jvm> ranked = new ArrayList<>(jvms);
        ranked.sort(Comparator.comparingDouble(j -> estimate(j, Definition.INTENDED, p).value));
        return ranked;
    }

    /** The fewest runs counted for any JVM: what the intervals' confidence rests on. */
    int fewestRuns() {
        int fewest = Integer.MAX_VALUE;
        for (MatrixPlan.Jvm j : jvms) {
            fewest = Math.min(fewest, data.statisticRuns(j).size());
        }
        return fewest == Integer.MAX_VALUE ? 0 : fewest;
    }

    /** The JVM faster than every other at {@code p} by the report's verdicts, or null. */
    MatrixPlan.Jvm winner(Percentile p) {
        if (jvms.size() < 2) {
            return null;
        }
        for (MatrixPlan.Jvm candidate : jvms) {
            boolean beatsAll = true;
            for (Verdict v : verdictsAt(p)) {
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

    /** One sentence per headline percentile: what the verdicts support there, and nothing more. */
    List<String> sentences() {
        List<String> out = new ArrayList<>();
        if (jvms.isEmpty()) {
            out.add("No JVM has a valid run yet: nothing to decide.");
            return out;
        }
        if (jvms.size() == 1) {
            out.add(String.format(Locale.ROOT, "Only %s has valid runs (median %s): there is nothing to compare it with.",
                    jvms.get(0).id, Units.ns(estimate(jvms.get(0), Definition.INTENDED, Percentile.P50).value)));
            return out;
        }
        for (Percentile p : Percentile.HEADLINE) {
            out.add(sentence(p));
        }
        return out;
    }

    private String sentence(Percentile p) {
        String at = p.equals(Percentile.P50) ? "At the median" : "At " + p.name();
        if (isHosts(p) && !hostShare.containsKey(p) || isHosts(p) && !hostShare.get(p).hosts()) {
            TailHost t = tailHost.get(p);
            return String.format(Locale.ROOT, "%s %.0f%% of %s's samples beyond it are explained by a stall of its CPUs, a queue roll or "
                    + "a late send, and by no GC pause or safepoint: this percentile measures the host, not the JVMs, and gets no verdict.",
                    at, 100 * t.share, t.jvm.id);
        }
        if (isHosts(p)) {
            HostShare s = hostShare.get(p);
            return String.format(Locale.ROOT, "%s the bare hand-off between the same CPUs, with no queue at all, already reaches %s "
                            + "against the queue's %s (%s): this percentile measures the host, not the JVMs, and gets no verdict.",
                    at, Units.ns(s.floorNs), Units.ns(s.queueNs), s.jvm.id);
        }
        MatrixPlan.Jvm winner = winner(p);
        if (winner != null) {
            double least = Double.MAX_VALUE;
            for (Verdict v : verdictsAt(p)) {
                if (v.first == winner || v.second == winner) {
                    least = Math.min(least, v.first == winner ? 1 - v.test.ratio : 1 - 1 / v.test.ratio);
                }
            }
            return String.format(Locale.ROOT, "%s %s is faster than every other JVM (%s; by at least %s), with the error of %s "
                    + "controlled together.", at, winner.id, Units.ns(estimate(winner, Definition.INTENDED, p).value), Units.share(least),
                    comparisons == 1 ? "the report's one comparison" : "all " + comparisons + " comparisons of the report");
        }
        List<Verdict> tested = new ArrayList<>();
        for (Verdict v : verdictsAt(p)) {
            if (v.test != null) {
                tested.add(v);
            }
        }
        MatrixPlan.Jvm lowest = ranking(p).get(0);
        if (tested.isEmpty()) {
            return String.format(Locale.ROOT, "%s no JVM can be told apart: a verdict needs 2 or more runs of each JVM (%d counted here; "
                    + "%s). Lowest measured: %s (%s).", at, fewestRuns(), Estimate.enoughRuns(), lowest.id,
                    Units.ns(estimate(lowest, Definition.INTENDED, p).value));
        }
        int equivalent = 0;
        int faster = 0;
        int needed = 0;
        for (Verdict v : tested) {
            if (v.test.outcome == PairTest.Outcome.EQUIVALENT) {
                equivalent++;
            } else if (v.faster() != null) {
                faster++;
            } else if (v.first == lowest || v.second == lowest) {
                needed = Math.max(needed, v.test.runsNeeded);
            }
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%s no JVM is distinguishable from every other on this host "
                + "with these runs (lowest measured: %s, %s)", at, lowest.id, Units.ns(estimate(lowest, Definition.INTENDED, p).value)));
        s.append(String.format(Locale.ROOT, "; of %d pairs, %d differ and %d are equivalent within %.0f%%", tested.size(), faster,
                equivalent, 100 * margin));
        if (needed > 0) {
            s.append(String.format(Locale.ROOT, "; telling %s apart from the others would take about %,d runs per JVM at the spread seen, "
                    + "or a quieter (isolated) host", lowest.id, needed));
        }
        return s.append('.').toString();
    }

    /** The paragraph at the top of summary.md: the sentences, then what the host check says of them. */
    String paragraph(HostVerdict check) {
        StringBuilder s = new StringBuilder(String.join(" ", sentences()));
        if (jvms.isEmpty()) {
            return s.toString();
        }
        if (check == null) {
            s.append(" The host was not checked: judge its numbers with care.");
        } else if (check.publishable()) {
            s.append(" The host check found this host fit for publishable numbers.");
        } else {
            s.append(" The host check says **").append(check.headline()).append("**: these numbers hold for this host as it is, not for a tuned one.");
        }
        return s.toString();
    }
}
