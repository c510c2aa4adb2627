package io.queuelatency.report;

import java.util.Locale;

/** compare's Markdown: stdout, and compare.md with --output. */
final class CompareMarkdown {
    static final String FILE_NAME = "compare.md";

    private CompareMarkdown() {
    }

    static String render(Comparer c) {
        Markdown md = new Markdown();
        md.line("# Comparison");
        md.line();
        md.line("A: `" + c.a.dir + "`");
        md.line();
        md.line("B: `" + c.b.dir + "`");
        md.line();
        if (c.differences.isEmpty()) {
            md.line("Same host and settings: " + String.join(", ", Comparer.FACTS) + " all match.");
        } else {
            md.line("**WARNING: A and B were measured on different hosts or with different settings; a change below may be the host's, not the JVM's.** Differences:");
            md.line();
            for (String d : c.differences) {
                md.line("- " + d);
            }
        }
        md.line();
        md.line("Intended latency, ns; change = B against A, with its 95% interval; improved or regressed only where the interval excludes 0.");
        md.line();
        md.row("JVM", "percentile", "A", "B", "change", "95% interval", "verdict", "method");
        md.rule(8);
        for (Comparer.Row r : c.rows) {
            md.row(r.jvm, r.percentile.label(), String.format(Locale.ROOT, "%,d", r.aNs), String.format(Locale.ROOT, "%,d", r.bNs),
                    String.format(Locale.ROOT, "%+.1f%%", percent(r.ratio)),
                    Double.isNaN(r.low) ? "-" : String.format(Locale.ROOT, "[%+.1f%%, %+.1f%%]", percent(r.low), percent(r.high)),
                    r.verdict.text, r.method);
        }
        return md.toString();
    }

    /** The change as a percentage, to one decimal, as compare.json stores it. */
    static double percent(double ratio) {
        return Math.round(100 * (ratio - 1) * 10) / 10.0;
    }
}
