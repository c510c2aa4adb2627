package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.AutoRuns;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.stats.MedianRatio;
import io.queuelatency.stats.RankSum;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** --runs auto in words (summary.md, summary.json, run-matrix's last lines): runs taken, the end, the levels. */
public final class RoundsWords {
    private RoundsWords() {
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
