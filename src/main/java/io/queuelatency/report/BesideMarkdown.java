package io.queuelatency.report;

import io.queuelatency.decide.PublishedComparison;
import io.queuelatency.decide.PublishedComparison.Fact;
import io.queuelatency.published.PublishedTable;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.text.Units;
import io.queuelatency.words.DefinitionWords;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/** beside.md: a published table beside ours, percentile by percentile, then the two hosts and setups fact by fact. */
public final class BesideMarkdown {
    static final String FILE_NAME = "beside.md";

    private BesideMarkdown() {
    }

    public static String render(PublishedComparison c) {
        Markdown md = new Markdown();
        PublishedTable t = c.published;
        md.line("# A published table beside ours");
        md.line();
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

    /** How our estimate and its interval were made, said once. */
    static String method(PublishedComparison c) {
        boolean single = true;
        for (PublishedComparison.Ours o : c.sides) {
            single &= o.runs == 1;
        }
        return single ? "Our estimate is the run's value with the 95% interval of that percentile from its samples "
                + "(order statistics): the spread within one run, not between runs. The worst has no interval."
                : "Our estimate is the median of the runs counted, its interval between two of the runs' own values "
                + "(distribution-free, at the confidence the number of runs gives, as each table says: "
                + Units.percent(OverRuns.confidenceOf(5)) + " for 5). The worst is the largest any run saw, with no "
                + "interval.";
    }

    private static void table(Markdown md, PublishedComparison c, PublishedComparison.Ours o) {
        PublishedTable t = c.published;
        md.line("## " + o.jvm + String.format(Locale.ROOT, " (%d %s%s)", o.runs, o.runs == 1 ? "run" : "runs",
                confidence(o)));
        md.line();
        md.row("percentile", "published", "published (ns)", "ours", "published lies", "published / ours");
        md.rule(6);
        for (PublishedComparison.Placed b : o.rows) {
            md.row(b.published.percentile.name(), BesideWords.given(b.published, t.unit), Units.ns(b.publishedNs),
                    BesideWords.estimate(b.ours), BesideWords.placement(b.placement),
                    b.ours.tooFewSamples ? "-" : Units.ratio(b.ratio));
        }
        md.line();
        md.line(capital(BesideWords.counts(o)) + ".");
    }

    private static String confidence(PublishedComparison.Ours o) {
        double conf = o.rows.isEmpty() ? Double.NaN : o.rows.get(0).ours.confidence;
        return Double.isNaN(conf) ? "" : ", intervals at " + Units.percent(conf);
    }

    private static void facts(Markdown md, PublishedComparison c) {
        md.line("## The hosts and setups");
        md.line();
        md.line("Where they differ or cannot be told apart, a difference in the numbers may be the host's or the "
                + "setup's, not the JVM's or the queue's. The CPUs' relation moves a table most: the bare hand-off "
                + "between SMT siblings, within one L3 and across L3s or sockets differ several times over.");
        md.line();
        md.row("fact", "published", "ours", "");
        md.rule(4);
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
            md.line("What the publication's harness did that ours does not, or the reverse (from `"
                    + c.published.file.getFileName() + "`):");
            md.line();
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
