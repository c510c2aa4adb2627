package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * --runs auto in words, the same in summary.md, summary.json and run-matrix's last lines: how many runs each JVM
 * took, why the rounds ended, and the level each comparison was tested at.
 */
public final class RoundsWords {
    private RoundsWords() {
    }

    /**
     * Why the rounds ended: "decided at look 1 of 3 (after round 3)"; where they have not ended, that --resume goes
     * on.
     */
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
                return String.format(Locale.ROOT, "decided at look %d of %d (after round %d): every comparison "
                        + "faster, slower or equivalent, or withheld; %s", auto.looksTaken, auto.looks.size(),
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
        List<String> each = new ArrayList<>();
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            int cells = 0;
            for (MatrixData.Cell c : data.cellsOf(j)) {
                cells += c.outcome != null ? 1 : 0;
            }
            if (j.available) {
                each.add(j.id + " " + cells + (cells == 1 ? " run" : " runs"));
            }
        }
        return String.join(", ", each);
    }

    /** "each comparison at 5% / (3 x 3 looks) = 0.56%", or without looks "5% / 3 = 1.67%". */
    public static String level(Analysis a) {
        return a.looks > 1
                ? String.format(Locale.ROOT, "5%% / (%d x %d looks) = %s", a.comparisons, a.looks,
                        Units.percent(a.alphaPerComparison()))
                : String.format(Locale.ROOT, "5%% / %d = %s", a.comparisons, Units.percent(a.alphaPerComparison()));
    }

    /** The looks: "after rounds 5, 6 and 8". */
    public static String looks(MatrixPlan.AutoPlan auto) {
        List<String> rounds = new ArrayList<>();
        auto.looks.forEach(r -> rounds.add(Integer.toString(r)));
        if (rounds.size() == 1) {
            return "after round " + rounds.get(0);
        }
        return "after rounds " + String.join(", ", rounds.subList(0, rounds.size() - 1)) + " and "
                + rounds.get(rounds.size() - 1);
    }
}
