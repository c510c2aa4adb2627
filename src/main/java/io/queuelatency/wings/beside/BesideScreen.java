package io.queuelatency.wings.beside;

import static io.queuelatency.report.RunBrief.WIDTH;
import static io.queuelatency.report.RunBrief.fit;

import io.queuelatency.text.Units;
import io.queuelatency.words.DefinitionWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The beside command's screen: about 20 lines within 120 columns; beside.md holds the rest. */
public final class BesideScreen {
    /** Most JVMs of ours shown side by side; beside.md has them all. */
    static final int MOST_JVMS = 3;
    /** The percentile's and the published value's columns. */
    private static final int FIRST_COLUMNS = 22;

    private BesideScreen() {
    }

    public static String render(PublishedComparison c, String files) {
        PublishedTable t = c.published;
        List<String> lines = new ArrayList<>();
        lines.add(fit("published: " + t.source.title + " (" + t.source.date + ")"));
        lines.add(fit("  on:      " + t.host.cpu + "; " + Units.size(t.load.size) + " at "
                + BesideWords.rate(t.load.rate) + "; JVM " + t.jvm.said));
        lines.add(fit("ours:      " + c.dir + "; " + DefinitionWords.label(c.definition) + " latency, as "
                + t.file.getFileName() + " maps theirs"));
        lines.add("");
        int column = 0;
        int lies = "lies".length();
        for (PublishedComparison.Ours o : c.sides) {
            for (PublishedComparison.Placed b : o.rows) {
                column = Math.max(column, BesideWords.estimate(b).length());
                lies = Math.max(lies, BesideWords.lies(b).length());
            }
            column = Math.max(column, header(o).length());
        }
        int fits = Math.max(1, (WIDTH - FIRST_COLUMNS) / (column + lies + 5));
        List<PublishedComparison.Ours> shown = c.sides.subList(0, Math.min(Math.min(MOST_JVMS, fits), c.sides.size()));
        String cell = "   %-" + column + "s  %-" + lies + "s";
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-11s %10s", "percentile", "published"));
        for (PublishedComparison.Ours o : shown) {
            head.append(String.format(Locale.ROOT, cell, header(o), "lies"));
        }
        lines.add(fit(head.toString().replaceAll("\\s+$", "")));
        for (int i = 0; i < shown.get(0).rows.size(); i++) {
            PublishedComparison.Placed first = shown.get(0).rows.get(i);
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-11s %10s",
                    first.published.percentile.name(), Units.ns(first.publishedNs)));
            for (PublishedComparison.Ours o : shown) {
                PublishedComparison.Placed b = o.rows.get(i);
                row.append(String.format(Locale.ROOT, cell, BesideWords.estimate(b), BesideWords.lies(b)));
            }
            lines.add(fit(row.toString().replaceAll("\\s+$", "")));
        }
        shown.stream().map(BesideScreen::legend).distinct().forEach(m -> lines.add(fit(m)));
        for (PublishedComparison.Ours o : shown) {
            lines.add(fit((c.sides.size() > 1 ? o.jvm + ": " : "") + BesideWords.counts(o)));
        }
        if (c.sides.size() > shown.size()) {
            lines.add(fit((c.sides.size() - shown.size()) + " more JVMs of ours in beside.md"));
        }
        PublishedComparison.Ours first = shown.get(0);
        lines.add(fit("differ:    " + list(BesideWords.factsWith(first, PublishedComparison.Match.DIFFERENT))
                + (t.setup.isEmpty() ? "" : "; and " + t.setup.size() + " notes on the harness")));
        lines.add(fit("unknown:   " + list(BesideWords.factsWith(first, PublishedComparison.Match.UNKNOWN))));
        lines.add(fit("same:      " + list(BesideWords.factsWith(first, PublishedComparison.Match.SAME))));
        lines.add(fit(files));
        return String.join("\n", lines) + "\n";
    }

    /** "ours: jdk17, 5 runs": whose values a column holds. */
    private static String header(PublishedComparison.Ours o) {
        return "ours: " + o.jvm + ", " + o.runs + (o.runs == 1 ? " run" : " runs");
    }

    /** What a column's cells are and what "lies" means, in a line (beside.md says it at length). */
    static String legend(PublishedComparison.Ours o) {
        return o.runs >= 2 ? String.format(Locale.ROOT, "ours:      median [lowest, highest] of %d runs; lies: against "
                + "that range, which holds one more run of ours at %s", o.runs,
                Units.percent(io.queuelatency.stats.OverRuns.rangeCoversNextRun(o.runs)))
                : "ours:      one run [its 95% interval from its samples: within the run, not between runs]; weak: "
                + "from p99 on";
    }

    private static String list(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }
}
