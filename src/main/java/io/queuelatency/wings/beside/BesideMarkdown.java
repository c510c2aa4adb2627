package io.queuelatency.wings.beside;

import io.queuelatency.report.Markdown;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.text.Units;
import io.queuelatency.wings.beside.PublishedComparison.Fact;
import io.queuelatency.words.DefinitionWords;
import java.util.LinkedHashSet;
import java.util.Set;

/** beside.md: a published table beside ours, percentile by percentile, then the two hosts and setups fact by fact. */
public final class BesideMarkdown {
    static final String FILE_NAME = "beside.md";

    private BesideMarkdown() {
    }

    public static String render(PublishedComparison c) {
        Markdown md = new Markdown();
        PublishedTable t = c.published;
        md.paragraph("# A published table beside ours");
        md.line("Published: [" + t.source.title + "](" + t.source.url + ") (" + t.source.date
                + (t.source.author == null ? "" : ", " + t.source.author) + "), read from `" + t.file + "`.");
        if (t.source.quote != null) {
            md.line();
            md.line("```");
            md.raw(t.source.quote.endsWith("\n") ? t.source.quote : t.source.quote + "\n");
            md.line("```");
        }
        md.line();
        timed(md, c);
        md.line();
        md.line("Ours: `" + c.dir + "`. " + method(c));
        for (PublishedComparison.Ours o : c.sides) {
            md.line();
            table(md, c, o);
        }
        md.line();
        facts(md, c);
        return md.toString();
    }

    private static void timed(Markdown md, PublishedComparison c) {
        PublishedTable.Timing d = c.published.definition;
        md.line("What it timed" + (d.said == null ? "" : " (\"" + d.said + "\")") + ": from " + d.from + ", to "
                + d.to + ". That is our **" + DefinitionWords.label(c.definition) + "** latency: "
                + DefinitionWords.description(c.definition) + "." + (d.differs == null ? ""
                : " Where it differs: " + d.differs + "."));
    }

    /** What ours is beside a published table, said once: one run beside one run. */
    static String method(PublishedComparison c) {
        boolean single = c.sides.stream().allMatch(o -> o.runs == 1);
        String head = "A published table is one run, so each published value is set beside where one run of ours "
                + "lands, not beside our estimate of the median run (whose interval, in our own reports, is a "
                + "confidence interval for that median and would hold a new run's value far less often). ";
        return head + (single ? "Ours here is one run: its value with the 95% interval of that percentile from its "
                + "own samples (order statistics), the spread within the run and nothing of how runs differ. So "
                + "inside, above and below say less than they seem; from p"
                + (long) PublishedComparison.WEAK_FROM + " on and at the worst, where runs differ most, they are "
                + "marked weak. `--runs 5` (or more) puts the table beside the range of runs."
                : "Ours is the median of the runs counted with the range of the runs, lowest to highest: one more "
                + "run of ours lands in the range of n runs with probability (n-1)/(n+1), "
                + Units.percent(OverRuns.rangeCoversNextRun(5)) + " for 5, "
                + Units.percent(OverRuns.rangeCoversNextRun(10)) + " for 10. Inside: within that range; above: "
                + "higher than every run of ours (the publication's host slower there); below: lower than every "
                + "run (its host faster). The worst is set beside the median of the runs' worsts, with their "
                + "range: one run's worst beside another's, not beside the largest of many.");
    }

    private static void table(Markdown md, PublishedComparison c, PublishedComparison.Ours o) {
        PublishedTable t = c.published;
        md.paragraph("## " + o.jvm + " (" + Units.count(o.runs, "run") + ")");
        md.header("percentile", "published", "published (ns)", o.runs == 1 ? "ours [95% within the run]"
                : "ours: median [lowest, highest run]", "published lies", "published / ours");
        for (PublishedComparison.Placed b : o.rows) {
            md.row(b.published.percentile.name(), BesideWords.given(b.published, t.unit), Units.ns(b.publishedNs),
                    BesideWords.estimate(b), BesideWords.lies(b), b.ours.tooFewSamples ? "-" : Units.ratio(b.ratio));
        }
        md.line();
        md.line(capital(BesideWords.counts(o)) + "; " + BesideWords.meaning(o) + ".");
    }

    private static void facts(Markdown md, PublishedComparison c) {
        md.paragraph("## The hosts and setups");
        md.paragraph("Where they differ or cannot be told apart, a difference in the numbers may be the host's or the "
                + "setup's, not the JVM's or the queue's. At the median the pair's relation moves a table by tens "
                + "to about 200 ns (the bare hand-off between SMT siblings, within one L3, across L3s or sockets); "
                + "isolation, virtualisation and the frequency (governor, turbo) move it as much or more, and the "
                + "tail by orders of magnitude (a spinning thread preempted waits for the scheduler: microseconds to "
                + "milliseconds).");
        md.header("fact", "published", "ours", "");
        for (Fact f : Fact.values()) {
            Set<String> ours = new LinkedHashSet<>();
            Set<String> matches = new LinkedHashSet<>();
            for (PublishedComparison.Ours o : c.sides) {
                String text = BesideWords.ours(o, c.definition, f);
                ours.add(c.sides.size() > 1 && f == Fact.JVM ? o.jvm + ": " + text : text);
                matches.add(BesideWords.match(o.facts.get(f)));
            }
            md.row(BesideWords.name(f), BesideWords.published(c.published, f) + note(c.published, f),
                    String.join("; ", ours), String.join(" / ", matches));
        }
        if (!c.published.setup.isEmpty()) {
            md.line();
            md.paragraph("What the publication's harness did that ours does not, or the reverse (from `"
                    + c.published.file.getFileName() + "`):");
            for (String s : c.published.setup) {
                md.line("- " + s);
            }
        }
    }

    /** The file's reasons beside a published fact: why the relation is what it is, how the definition differs. */
    private static String note(PublishedTable t, Fact f) {
        if (f == Fact.RELATION && t.host.relationWhy != null) {
            return ": " + t.host.relationWhy;
        }
        if (f == Fact.DEFINITION && t.definition.differs != null) {
            return "; differs: " + t.definition.differs;
        }
        return "";
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
