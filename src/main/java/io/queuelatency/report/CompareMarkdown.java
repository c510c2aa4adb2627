package io.queuelatency.report;

import io.queuelatency.decide.Comparer;
import io.queuelatency.text.Units;
import java.util.Locale;

/** compare's Markdown: stdout, and compare.md with --output. */
public final class CompareMarkdown {
    static final String FILE_NAME = "compare.md";

    private CompareMarkdown() {
    }

    public static String render(Comparer c) {
        Markdown md = new Markdown();
        md.paragraph("# Comparison");
        md.paragraph("A: `" + c.a.dir + "`");
        md.paragraph("B: `" + c.b.dir + "`");
        if (c.differences.isEmpty()) {
            md.line("Same host and settings: " + String.join(", ", Comparer.FACTS) + " all match.");
        } else {
            md.paragraph("**WARNING: A and B were measured on different hosts or with different settings; a change "
                    + "below may be the host's, not the JVM's.** Differences:");
            for (Comparer.Difference d : c.differences) {
                md.line("- " + Words.difference(d));
            }
        }
        md.line();
        md.paragraph(String.format(Locale.ROOT, "Intended latency: each side's estimate (the median of its runs); "
                + "change = B against A, the median of the ratios of every B run to every A run (Hodges-Lehmann), "
                + "with its exact interval (the rank-sum test's, on the runs). The error is controlled across all "
                + "%d comparisons together (Holm's step-down, the first at 5%% / %d). improved or regressed: the "
                + "whole interval on one side of 0; equivalent: the whole interval within %.0f%% either way "
                + "(--margin); cannot tell: neither, with the runs per side that would decide with an 80%% chance. "
                + "A verdict needs 2 or more runs on each side, and an interval more than the fewest orderings of "
                + "them allow (\"-\").", c.comparisons, Math.max(1, c.comparisons), 100 * c.margin));
        md.header("JVM", "percentile", "A", "B", "change", "interval", "verdict");
        for (Comparer.Row r : c.rows) {
            md.row(r.jvm, r.percentile.name(), Units.ns(r.aNs), Units.ns(r.bNs), Units.change(r.ratio),
                    Double.isNaN(r.low) ? "-" : "[" + Units.change(r.low) + ", " + Units.change(r.high) + "]",
                    Words.change(r.verdict) + (r.runsNeeded > 0
                            ? String.format(Locale.ROOT, " (~%,d runs each would decide)", r.runsNeeded) : ""));
        }
        md.line();
        md.line(c.regressed() ? String.format(Locale.ROOT, "**REGRESSED**: B is slower than A beyond the %.0f%% margin "
                + "at some percentile: its whole interval lies above +%.0f%% (exit code 3).", 100 * c.margin,
                100 * c.margin)
                : String.format(Locale.ROOT, "No percentile regressed beyond the margin: none has its whole interval "
                + "above +%.0f%%.", 100 * c.margin));
        return md.toString();
    }
}
