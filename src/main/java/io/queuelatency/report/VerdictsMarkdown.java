package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** summary.md's verdicts pair by pair. */
final class VerdictsMarkdown {
    private VerdictsMarkdown() {
    }

    static void verdicts(Markdown md, Analysis a) {
        md.paragraph("## Verdicts, pair by pair");
        if (a.jvms.size() < 2) {
            md.paragraph("Fewer than two JVMs with valid runs: nothing to compare.");
            return;
        }
        md.line("Intended latency. Each verdict is the median of the ratios of every run of one JVM to every run of "
                + "the other (Hodges-Lehmann), with its exact interval (the Wilcoxon-Mann-Whitney rank-sum test's, on "
                + "the runs).");
        md.line("No distribution is assumed, only that one JVM's runs are the other's times a factor: the level holds "
                + "for runs in two modes or with heavy tails.");
        md.line(String.format(Locale.ROOT, "The error is controlled over the whole report: its family, fixed by the "
                + "plan before the first cell, is every pair of its JVMs at %s.", headline()));
        md.line("Tested by " + Words.level(a) + ".");
        md.line("So the chance of any false \"faster\" or \"equivalent\" in the report is at most 5%" + (a.looks > 1
                ? " over all its looks (5% split over them as Lan and DeMets' Pocock-type function spends it, each "
                + "look's share tested alone: the union bound)." : "."));
        String reach = Words.reach(a);
        if (!reach.isEmpty()) {
            md.line(reach);
        }
        md.line(String.format(Locale.ROOT, "Outcomes: slower by x%% [interval]; equivalent, the whole interval "
                + "within %.0f%% either way (--margin); no verdict where a JVM has fewer than 2 runs or too few "
                + "samples beyond; cannot tell, with about how many runs per JVM would decide with an 80%% chance at "
                + "the ratio and spread seen.", 100 * a.margin));
        md.line("Where the host accounts for both JVMs (the floor, the tail's causes) or the runs' spread more than "
                + "their number keeps a pair open, the host comes first: a quieter host before more runs.");
        if (a.data.plan.auto != null) {
            md.line("Runs until decided (--runs auto, looks " + Words.looks(a.data.plan.auto) + "): "
                    + runsEach(a) + ". Ended: " + Words.end(a.data.plan) + ".");
        }
        md.line();
        outcomes(md, a);
        decided(md, a);
    }

    /** "p50, p99, p99.9 and p99.99". */
    static String headline() {
        return RunWords.list(TablesMarkdown.names(Percentile.HEADLINE));
    }

    /** "5 runs each", or where the JVMs took different numbers of runs each JVM's. */
    private static String runsEach(Analysis a) {
        java.util.Set<String> counts = a.data.plan.jvms.stream().filter(j -> j.available)
                .map(j -> Units.count(Words.ran(a.data, j), "run")).collect(java.util.stream.Collectors.toSet());
        return counts.size() == 1 ? counts.iterator().next() + " each" : Words.runs(a.data);
    }

    /** Per headline percentile, how many pairs had each outcome, and why those without a verdict have none. */
    private static void outcomes(Markdown md, Analysis a) {
        md.header("percentile", "pairs", "faster", "equivalent", "cannot tell (runs each would decide)", "no verdict");
        for (Percentile p : Percentile.HEADLINE) {
            int faster = 0;
            int equivalent = 0;
            int cannot = 0;
            int fewest = Integer.MAX_VALUE;
            int most = 0;
            java.util.Map<String, Integer> none = new java.util.LinkedHashMap<>();
            List<PairVerdict> verdicts = a.verdictsAt(p);
            for (PairVerdict v : verdicts) {
                if (v.test == null) {
                    none.merge(noVerdict(v), 1, Integer::sum);
                } else if (v.test.outcome == MedianRatio.Decision.EQUIVALENT) {
                    equivalent++;
                } else if (v.test.outcome == MedianRatio.Decision.CANNOT_TELL) {
                    cannot++;
                    fewest = Math.min(fewest, v.test.runsNeeded);
                    most = Math.max(most, v.test.runsNeeded);
                } else {
                    faster++;
                }
            }
            List<String> why = new ArrayList<>();
            int untested = 0;
            for (java.util.Map.Entry<String, Integer> e : none.entrySet()) {
                why.add(e.getValue() + " " + e.getKey());
                untested += e.getValue();
            }
            md.row(p.name(), Integer.toString(verdicts.size()), Integer.toString(faster), Integer.toString(equivalent),
                    cannot == 0 ? "0" : String.format(Locale.ROOT, fewest == most ? "%d (~%,d)" : "%d (~%,d to ~%,d)",
                    cannot, fewest, most), untested == 0 ? "0" : untested + ": " + String.join(", ", why));
        }
        md.line();
    }

    /** "fewer than 2 runs": why a pair has no verdict, in a few words. */
    static String noVerdict(PairVerdict v) {
        return v.none == PairVerdict.NoVerdict.TOO_FEW_RUNS ? "fewer than 2 runs" : "too few samples beyond";
    }

    /** The pairs with a verdict (faster or equivalent), with their ratio and its interval. */
    private static void decided(Markdown md, Analysis a) {
        List<String[]> rows = new ArrayList<>();
        for (Percentile p : Percentile.HEADLINE) {
            for (PairVerdict v : a.verdictsAt(p)) {
                if (v.decided()) {
                    rows.add(new String[] {p.name(), Words.verdict(v, a.margin), confidence(v.test.confidence),
                            Units.percent(v.test.alpha)});
                }
            }
        }
        if (rows.isEmpty()) {
            md.paragraph("No pair is decided at any percentile. Every pair's ratio and interval: summary.json.");
            return;
        }
        md.paragraph("The decided pairs, each from the slower JVM's side: the median of its runs' ratios to the "
                + "faster's runs, less 1 (not the ratio of Table 3's two estimates), with the interval, its exact "
                + "confidence and the level the pair was tested at (its Holm step; every pair's ratio and interval: "
                + "summary.json):");
        md.table(rows, "percentile", "verdict", "interval's confidence", "level");
    }

    /** A confidence with the decimals it takes not to read 100% nor to round a half: "99.95%", "97.5%". */
    static String confidence(double c) {
        for (int decimals = 0; decimals < 6; decimals++) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", c * 100);
            boolean exact = Math.abs(Double.parseDouble(s) - c * 100) < 1e-9;
            if (c >= 1 || exact || decimals >= 1 && Double.parseDouble(s) < 100) {
                return s + "%"; // 97.5% as it is, not 98%; 99.9695% as 99.97%, not 100%
            }
        }
        return String.format(Locale.ROOT, "%.6f%%", c * 100);
    }
}
