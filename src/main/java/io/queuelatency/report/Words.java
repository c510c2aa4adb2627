package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.AutoRuns;
import io.queuelatency.decide.Comparer;
import io.queuelatency.decide.Conclusion;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.HostShare;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.stats.RankSum;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report's words for its decisions, the same in summary.md, summary.json and run-matrix's last lines: verdicts,
 * conclusions, and --runs auto's rounds (the runs taken, why they ended, the levels). It decides nothing.
 */
public final class Words {
    private Words() {
    }

    /** "1.23 µs [0.98, 1.61]"; "n/a: 3 beyond" when too few samples; the worst with its run. */
    public static String cell(Estimate e) {
        return e.worstRun == null || e.tooFewSamples ? AnswerMarkdown.cell(e)
                : Units.ns(e.value) + " (" + e.worstRun + ")";
    }

    /** "6 runs, the fewest to reach 95%, give 96.9%": how many runs an interval over runs needs. */
    static String enoughRuns() {
        int n = OverRuns.runsFor(OverRuns.WANTED);
        return n + " runs, the fewest to reach 95%, give " + Units.percent(OverRuns.confidenceOf(n));
    }

    /** "a slower than b by 35% [10%, 66%]", "equivalent within 5% (...)", "cannot tell ...": from the slower side. */
    static String verdict(PairVerdict v, double margin) {
        String said = verdictAlone(v, margin);
        return v.decidedAtRound > 0 ? said + " (decided at the look after round " + v.decidedAtRound + ")" : said;
    }

    private static String verdictAlone(PairVerdict v, double margin) {
        if (v.test == null) {
            return "no verdict: " + VerdictsMarkdown.noVerdict(v);
        }
        switch (v.test.outcome) {
            case FIRST_FASTER:
                return v.second.id + " slower than " + v.first.id + " by "
                        + slowerBy(1 / v.test.ratio, 1 / v.test.high, 1 / v.test.low);
            case SECOND_FASTER:
                return v.first.id + " slower than " + v.second.id + " by "
                        + slowerBy(v.test.ratio, v.test.low, v.test.high);
            case EQUIVALENT:
                return String.format(Locale.ROOT, "equivalent within %.0f%% (%s/%s %s [%s, %s])", 100 * margin,
                        v.first.id,
                        v.second.id, Units.ratio(v.test.ratio), Units.ratio(v.test.low), Units.ratio(v.test.high));
            default:
                return cannotTell(v);
        }
    }

    /** "cannot tell (a/b 1.04 [0.97, 1.12]); ~14 runs each would decide"; the host first where it accounts for both. */
    private static String cannotTell(PairVerdict v) {
        MedianRatio t = v.test;
        String ratio = v.first.id + "/" + v.second.id + " " + Units.ratio(t.ratio);
        String said = t.reached() ? String.format(Locale.ROOT, "cannot tell (%s [%s, %s])", ratio,
                Units.ratio(t.low), Units.ratio(t.high)) : String.format(Locale.ROOT, "cannot tell (%s): %d and %d "
                + "runs cannot reach its level, %s", ratio, t.firstRuns, t.secondRuns, Units.percent(t.alpha));
        if (v.hostAccounts()) {
            return said + "; the host accounts for both (" + (v.host.by() == HostShare.By.FLOOR ? "its floor, "
                    + Units.ns(v.host.floorNs) + ", is half or more of each" : "both tails mostly the host's or the "
                    + "queue's") + "): a quieter host before more runs";
        }
        return said + String.format(Locale.ROOT, v.spreadBound() ? "; the runs' spread, more than their number: ~%,d "
                + "runs each would decide, a quieter host first (check-host)" : "; ~%,d runs each would decide",
                t.runsNeeded);
    }

    /** "35% [10%, 66%]": how much slower, from the slower's ratio to the faster (at least 1) and its interval. */
    public static String slowerBy(double ratio, double low, double high) {
        return Units.share(ratio - 1) + " [" + Units.share(low - 1) + ", " + Units.share(high - 1) + "]";
    }

    /** "improved", "cannot tell", "no verdict: fewer than 2 runs": B against A at one percentile. */
    static String change(Comparer.Change c) {
        return c == Comparer.Change.TOO_FEW_RUNS ? "no verdict: fewer than 2 runs"
                : c.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** "cpuModel: A Test CPU 9000, B Other CPU 1000". */
    static String difference(Comparer.Difference d) {
        return d.fact + ": A " + d.a + ", B " + d.b;
    }

    /** One sentence per conclusion: what the verdicts support, and nothing more. */
    static List<String> sentences(Analysis a) {
        return a.conclusions().stream().map(c -> sentence(c, a)).collect(Collectors.toList());
    }

    private static String sentence(Conclusion c, Analysis a) {
        switch (c.kind) {
            case NO_JVM:
                return "No JVM has a valid run yet: nothing to decide.";
            case ONE_JVM:
                Conclusion.JvmAt only = ((Conclusion.OneJvm) c).only;
                return String.format(Locale.ROOT, "Only %s has valid runs (median %s): there is nothing to compare it "
                        + "with.", only.jvm.id, Units.ns(only.valueNs));
            default:
                return sentence((Conclusion.AtPercentile) c, a);
        }
    }

    private static String sentence(Conclusion.AtPercentile c, Analysis a) {
        String said = sentenceAlone(c, a);
        return c.host.accounted() == 0 ? said : String.format(Locale.ROOT, "%s Beside the verdicts: %s.", said,
                hostReasons(c.host));
    }

    /** "the host's floor, 1.10 ms, reaches half of both JVMs' latency in 12 of 55 pairs, and ... in 3 more". */
    static String hostReasons(Conclusion.HostPairs h) {
        List<String> reasons = new ArrayList<>();
        if (h.byFloor > 0) {
            reasons.add(String.format(Locale.ROOT, "the host's floor, %s, reaches half of both JVMs' latency in %d of "
                    + "%d pairs", Units.ns(h.floorNs), h.byFloor, h.pairs));
        }
        if (h.byTail > 0) {
            reasons.add(String.format(Locale.ROOT, "the host or the queue alone explains half or more of both JVMs' "
                    + "samples beyond it in %d %s", h.byTail, h.byFloor > 0 ? "more" : "of " + h.pairs + " pairs"));
        }
        return String.join(", and ", reasons);
    }

    private static String sentenceAlone(Conclusion.AtPercentile c, Analysis a) {
        String at = Percentile.P50.equals(c.percentile) ? "At the median" : "At " + c.percentile.name();
        switch (c.kind) {
            case FASTEST:
                Conclusion.Fastest f = (Conclusion.Fastest) c;
                return String.format(Locale.ROOT, "%s %s is faster than every other JVM (%s, an estimate %s below the "
                        + "next one's), with the error of %s controlled together.", at, f.fastest.jvm.id,
                        Units.ns(f.fastest.valueNs), Units.share(f.least), a.comparisons == 1
                                ? "the report's one comparison"
                                : "all " + a.comparisons + " comparisons of the report");
            case TOO_FEW_RUNS:
                Conclusion.JvmAt lowest = ((Conclusion.TooFewRuns) c).lowest;
                return String.format(Locale.ROOT, "%s no JVM can be told apart: a verdict needs 2 or more runs of each "
                        + "JVM (%d counted here; %s). Lowest estimate: %s (%s).", at, a.fewestRuns(), enoughRuns(),
                        lowest.jvm.id, Units.ns(lowest.valueNs));
            default:
                return undecided(at, (Conclusion.Undecided) c, a.margin);
        }
    }

    private static String undecided(String at, Conclusion.Undecided c, double margin) {
        String next = c.runsNeeded < 0 ? "; the host accounts for %2$d of %1$s's undecided pairs (the floor, "
                + "check-host): a quieter host before more runs" : c.runsNeeded == 0 ? "" : c.spread ? "; the runs' "
                + "spread, more than their number, keeps %1$s from the others: a quieter (isolated) host first "
                + "(check-host), else about %3$,d runs per JVM at the ratios and spread seen" : "; telling %1$s apart "
                + "from the others would take about %3$,d runs per JVM at the ratios and spread seen, or a quieter "
                + "(isolated) host";
        return String.format(Locale.ROOT, "%s no JVM is faster than every other on this host with these runs (lowest "
                + "estimate: %s, %s); of %d pairs, %d differ and %d are equivalent within %.0f%%", at, c.lowest.jvm.id,
                Units.ns(c.lowest.valueNs), c.pairs.tested, c.pairs.differ, c.pairs.equivalent, 100 * margin)
                + String.format(Locale.ROOT, next + ".", c.lowest.jvm.id, -c.runsNeeded, c.runsNeeded);
    }

    public static String hostSentence(HostFindings check) {
        return check == null ? "The host was not checked: judge its numbers with care."
                : check.publishable() ? "The host check found this host fit for publishable numbers."
                : "The host check says **" + HostWords.headline(check) + "**: these numbers hold for this host as it "
                + "is, not for a tuned one.";
    }

    /** Why the rounds ended: "decided at look 1 of 3 (after round 3)"; where they have not, that --resume goes on. */
    public static String end(MatrixPlan plan) {
        MatrixPlan.AutoPlan auto = plan.auto;
        if (auto.end == null) {
            return "not ended: stopped before a look decided it or the time budget was spent (run-matrix.sh --resume "
                    + "goes on)";
        }
        boolean wall = auto.wallNs > 0; // else a matrix of a version that counted the cells' own time
        String spent = Units.minutes(wall ? auto.wallNs : auto.spentNs) + " of the "
                + Units.minutes(auto.timeBudgetNs) + " time budget spent (" + (wall
                ? "wall time from the first cell's start to the last one's end; the cells' own "
                + Units.minutes(auto.spentNs) + ")"
                : "the cells' own time" + (plan.hostFloor == null ? ")" : " and the floor cells')"));
        switch (auto.end) {
            case DECIDED:
                return String.format(Locale.ROOT, "decided at look %d of %d (after round %d): no comparison "
                        + "open then (by the engine that ran it); %s", auto.looksTaken, auto.looks.size(),
                        auto.rounds, spent);
            case LAST_LOOK:
                return String.format(Locale.ROOT, "%s (after round %d) with comparisons still open; %s",
                        auto.looks.size() == 1 ? "the one look the time budget allowed"
                        : "the last look of " + auto.looks.size(), auto.rounds, spent);
            default:
                return String.format(Locale.ROOT, "the time budget ends: %s, and the rounds up to look %d of %d "
                        + "would not fit (the verdicts are look %d's, after round %d)", spent, auto.looksTaken + 1,
                        auto.looks.size(), auto.looksTaken, auto.rounds);
        }
    }

    /** "openjdk-21 3 runs, openjdk-21-c1 6 runs": the cells each JVM of the analysis ran, valid or not. */
    public static String runs(MatrixData data) {
        return data.plan.jvms.stream().filter(j -> j.available).map(j -> j.id + " " + Units.count(ran(data, j), "run"))
                .collect(Collectors.joining(", "));
    }

    /** The cells of {@code j} that ran, valid or not. */
    static int ran(MatrixData data, MatrixPlan.PlannedJvm j) {
        return (int) data.cellsOf(j).stream().filter(c -> c.outcome != null).count();
    }

    /** "Holm's step-down over 12 comparisons at 5%, the first at 0.417%" (under --runs auto, this look's share). */
    public static String level(Analysis a) {
        return String.format(Locale.ROOT, "Holm's step-down over %s at %s%s, the first at %s",
                Units.count(a.comparisons, "comparison"), Units.percent(a.alpha), a.looks == 1
                ? a.alpha < MedianRatio.FAMILY_ALPHA ? " (5% over the slices)" : ""
                : AutoRuns.firstDecidingLook(a.data.plan) == 0 ? " (all of it at the last look: no look of this plan "
                + "can reach the family's level)" : a.alpha * Analysis.slices(a.data.plan.settings)
                >= MedianRatio.FAMILY_ALPHA ? " (all of it at this look: no earlier look's runs could reach the "
                + "family's level)" : " (this look's share of 5%)", Units.percent(a.alphaPerComparison()));
    }

    /** --plan's sentence on the verdicts' family: its size, 5% spent over the looks, the first look that can decide. */
    public static String family(MatrixPlan plan) {
        int deciding = AutoRuns.firstDecidingLook(plan);
        return String.format(Locale.ROOT, "The verdicts' family: %s (every pair of the JVMs found at each of %s), 5%% "
                + "split over the looks as Lan and DeMets' Pocock-type function spends it, each look's share by Holm's "
                + "step-down: at most 5%% chance of any false verdict in all (the union bound). %s",
                Units.count(Analysis.familySize(plan), "comparison"), VerdictsMarkdown.headline(), deciding > 0
                ? "The first look that can decide: after round " + deciding + " (the exact test on fewer runs cannot "
                + "reach its level)." : "No look of this budget can decide: the "
                + "exact test on " + plan.auto.looks.get(plan.auto.looks.size() - 1) + " runs cannot reach the "
                + "family's level; give a longer --time-budget.");
    }

    /** "With 6 runs of a JVM no pair can reach the first step's level: ..."; "" where the runs reach it. */
    public static String reach(Analysis a) {
        int fewest = a.fewestRuns();
        int needed = a.runsToReach();
        if (a.alpha == 0) {
            int first = AutoRuns.firstDecidingLook(a.data.plan);
            return "This look spends none of the 5%: the plan keeps it for the looks whose runs can reach the "
                    + "family's level" + (first > 0 ? " (the first after round " + first + ")." : ".");
        }
        return fewest >= 2 && fewest < needed ? String.format(Locale.ROOT, "With %d runs of a JVM no pair can reach "
                + "the first step's level: the exact test on n runs each goes no lower than 2 / C(2n, n) (%s at %d), "
                + "and %d runs each would.", fewest, Units.percent(RankSum.smallestP(fewest, fewest)), fewest,
                needed) : "";
    }

    /** The looks: "after rounds 5, 6 and 8". */
    public static String looks(MatrixPlan.AutoPlan auto) {
        List<String> rounds = auto.looks.stream().map(String::valueOf).collect(Collectors.toList());
        return (rounds.size() == 1 ? "after round " : "after rounds ") + RunWords.list(rounds);
    }
}
