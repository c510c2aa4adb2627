package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** summary.md's verdicts pair by pair. */
final class VerdictsMarkdown {
    private VerdictsMarkdown() {
    }

    static void verdicts(Markdown md, Analysis a) {
        md.line("## Verdicts, pair by pair");
        md.line();
        if (a.jvms.size() < 2) {
            md.line("Fewer than two JVMs with valid runs: nothing to compare.");
            md.line();
            return;
        }
        String control = a.comparisons == 0
                ? "No pair is tested here (every pair at every percentile has no verdict, for the reason given), so "
                + "there is no error to control."
                : a.looks > 1 ? String.format(Locale.ROOT, "The error is controlled across the whole report and "
                        + "over the %d looks fixed before the first run (--runs auto looked at the runs as they came): "
                        + "%d comparisons, each at %s (Bonferroni over comparisons and looks), so each ratio's "
                        + "interval is at %s confidence and the chance of any false \"faster\" at any look is at most "
                        + "5%%.", a.looks, a.comparisons, RoundsWords.level(a),
                        confidence(1 - a.alphaPerComparison()))
                : String.format(Locale.ROOT, "The error is controlled across the whole report: %d comparisons, each at "
                        + "%s (Bonferroni), so each ratio's interval is at %s confidence and the chance of "
                        + "any false \"faster\" in this table is at most 5%%.", a.comparisons, RoundsWords.level(a),
                        confidence(1 - a.alphaPerComparison()));
        md.line(String.format(Locale.ROOT, "Intended latency. Each verdict states the ratio of the two JVMs' estimates "
                + "in Table 3 (median run over median run), with an interval for that ratio built from the two "
                + "intervals Table 3 shows (Bonett and Price's interval for a ratio of medians: each median's spread "
                + "on the log scale from the two runs that bound its interval in Table 3). %s Three outcomes: faster "
                + "by x%% [interval]; equivalent, where the whole interval lies within %.0f%% either way (the "
                + "practical margin, --margin); cannot tell, with about how many runs per JVM would decide at the "
                + "ratio and spread seen (the interval leaving 1 out, or fitting within the margin, whichever comes "
                + "first). No verdict for a pair at a tail percentile where the host accounts for both of its JVMs' "
                + "latency (see the floor), or where a JVM has fewer than 2 runs.",
                control, 100 * a.margin));
        md.line();
        if (a.data.plan.auto != null) {
            md.line("Runs until decided (--runs auto, looks " + RoundsWords.looks(a.data.plan.auto) + "): "
                    + RoundsWords.runs(a.data) + ". Ended: " + RoundsWords.end(a.data.plan) + ".");
            md.line();
        }
        List<String> header = new ArrayList<>();
        header.add("pair");
        for (Percentile p : Percentile.HEADLINE) {
            header.add(p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (int i = 0; i < a.jvms.size(); i++) {
            for (int k = i + 1; k < a.jvms.size(); k++) {
                List<String> row = new ArrayList<>();
                row.add(a.jvms.get(i).id + " vs " + a.jvms.get(k).id);
                for (Percentile p : Percentile.HEADLINE) {
                    for (PairVerdict v : a.verdictsAt(p)) {
                        if (v.first == a.jvms.get(i) && v.second == a.jvms.get(k)) {
                            row.add(Words.verdict(v, a.margin));
                        }
                    }
                }
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }

    /** A confidence near 1 with as many decimals as it takes not to read 100%: 0.99952 is "99.95%". */
    static String confidence(double c) {
        for (int decimals = 0; decimals < 6; decimals++) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", c * 100);
            if (c >= 1 || Double.parseDouble(s) < 100) {
                return s + "%";
            }
        }
        return String.format(Locale.ROOT, "%.6f%%", c * 100);
    }
}
