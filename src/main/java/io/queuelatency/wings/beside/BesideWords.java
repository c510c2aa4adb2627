package io.queuelatency.wings.beside;

import static io.queuelatency.report.RunBrief.WIDTH;
import static io.queuelatency.report.RunBrief.fit;

import io.queuelatency.report.Words;
import io.queuelatency.result.Definition;
import io.queuelatency.text.Units;
import io.queuelatency.wings.beside.PublishedComparison.Fact;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.JvmWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A published table beside ours in words: the beside command's screen, and what beside.md and beside.json share. */
public final class BesideWords {
    static final String NOT_STATED = "not stated";
    /** Most JVMs of ours shown side by side; beside.md has them all. */
    static final int MOST_JVMS = 3;
    /** The percentile's and the published value's columns. */
    private static final int FIRST_COLUMNS = 22;

    private BesideWords() {
    }

    /** "inside", "above", "below"; "n/a" where ours has no bound. */
    static String placement(PublishedComparison.Placement p) {
        return p == PublishedComparison.Placement.CANNOT_TELL ? "n/a" : p.name().toLowerCase(Locale.ROOT);
    }

    /** The placement, "below (weak)" where one run's interval is all there is in the tail. */
    static String lies(PublishedComparison.Placed b) {
        return placement(b.placement) + (b.weak && b.placement != PublishedComparison.Placement.CANNOT_TELL
                ? " (weak)" : "");
    }

    /** What inside, above and below mean for {@code o}'s runs: against their range, or one run's interval. */
    static String meaning(PublishedComparison.Ours o) {
        if (o.runs >= 2) {
            return String.format(Locale.ROOT, "ours is the median of %d runs, [lowest, highest]; inside: within that "
                    + "range, where one more run of ours lands with probability (n-1)/(n+1) = %s; above: higher than "
                    + "every run of ours; below: lower than every one", o.runs,
                    Units.percent(io.queuelatency.stats.OverRuns.rangeCoversNextRun(o.runs)));
        }
        return "ours is one run, [its 95% interval from its own samples]: the spread within the run, not between "
                + "runs, so inside, above and below say less than they seem, and from p"
                + (long) PublishedComparison.WEAK_FROM + " on and at the worst, where runs differ most, they are weak "
                + "evidence; --runs 5 puts the table beside where one run of ours lands";
    }

    static String match(PublishedComparison.Match m) {
        return m == PublishedComparison.Match.SAME ? "same" : m == PublishedComparison.Match.DIFFERENT ? "differs"
                : "unknown";
    }

    /** The fact's key in beside.json: "cpuModel", "logicalCpus", ... */
    static String key(Fact f) {
        String[] words = f.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder s = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            s.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return s.toString();
    }

    /** Each fact's name in a table, in {@link Fact}'s order. */
    private static final String[] NAMES = {"CPU model", "logical CPUs", "the pair's relation", "isolation", "governor",
        "turbo/boost", "system", "JVM", "message size", "rate", "samples", "warm-up", "definition"};

    static String name(Fact f) {
        return NAMES[f.ordinal()];
    }

    /** The published value as given, in its unit: "0.251 µs", "1,410 µs". */
    static String given(PublishedTable.PublishedValue v, PublishedTable.LatencyUnit unit) {
        return v.given + " " + (unit == PublishedTable.LatencyUnit.US ? "µs" : unit.word);
    }

    /** Ours: "612 ns [598, 640]", the median and the lowest and highest run (one run: its interval); "n/a: ...". */
    static String estimate(PublishedComparison.Placed b) {
        return b.ours.tooFewSamples ? Words.cell(b.ours)
                : b.hasRange() ? Units.withInterval(b.value, b.low, b.high) : Units.ns(b.value);
    }

    /** The published side of a fact, as the file gives it ("not stated" where it does not). */
    static String published(PublishedTable t, Fact f) {
        PublishedTable.Machine h = t.host;
        switch (f) {
            case CPU_MODEL:
                return h.cpu;
            case LOGICAL_CPUS:
                return h.cores == null && h.threads == null ? NOT_STATED : (h.cores == null ? ""
                        : h.cores + " cores, ") + (h.threads == null ? "threads not stated" : h.threads + " threads");
            case RELATION:
                return h.relation.id + (h.cpus == null ? "" : ", CPUs " + h.cpus);
            case ISOLATION:
                return h.isolation;
            case GOVERNOR:
                return orNotStated(h.governor);
            case TURBO:
                return orNotStated(h.turbo);
            case SYSTEM:
                return h.os == null && h.kernel == null ? NOT_STATED
                        : orNotStated(h.os) + ", kernel " + orNotStated(h.kernel);
            case JVM:
                return t.jvm.said;
            case SIZE:
                return Units.size(t.load.size);
            case RATE:
                return rate(t.load.rate);
            case SAMPLES:
                return t.load.samples == null ? NOT_STATED : String.format(Locale.ROOT, "%,d", t.load.samples);
            case WARMUP:
                return t.load.warmupMessages == null ? NOT_STATED
                        : String.format(Locale.ROOT, "%,d messages", t.load.warmupMessages);
            default:
                return "from " + t.definition.from + " to " + t.definition.to;
        }
    }

    /** Our side of a fact, as our first counted run stored it. */
    static String ours(PublishedComparison.Ours o, Definition d, Fact f) {
        PublishedComparison.OurSetup s = o.setup;
        io.queuelatency.result.RunResult r = s.run;
        switch (f) {
            case CPU_MODEL:
                return orUnknown(r.host.cpuModel);
            case LOGICAL_CPUS:
                return r.host.onlineCpus + " CPUs";
            case RELATION:
                boolean stored = s.pair != null;
                return (stored ? s.pair.relation.id : "unknown") + ", CPUs " + r.config.pinnedProducerCpu + " and "
                        + r.config.pinnedConsumerCpu
                        + (stored ? "" : " (the result has no host.cpuPair)");
            case ISOLATION:
                return isolation(s);
            case GOVERNOR:
                return orUnknown(s.governor());
            case TURBO:
                return s.turbo == null ? "unknown (the run stored no host check)" : s.turbo;
            case SYSTEM:
                return orUnknown(r.host.os) + ", kernel " + orUnknown(r.host.kernel);
            case JVM:
                return JvmWords.named(r.jvm);
            case SIZE:
                return Units.size(r.config.settings.size);
            case RATE:
                return rate(r.config.settings.rate);
            case SAMPLES:
                return String.format(Locale.ROOT, "%,d", s.samples) + (o.runs > 1 ? " (the median run's)" : "");
            case WARMUP:
                return String.format(Locale.ROOT, "%,d messages", s.warmupMessages());
            default:
                return DefinitionWords.label(d) + ": " + DefinitionWords.description(d);
        }
    }

    /** "CPUs 0 and 1 not isolated (isolated: none)", "CPUs 2 and 4 isolated; nohz_full on both". */
    private static String isolation(PublishedComparison.OurSetup s) {
        Integer n = s.isolatedCount();
        String list = s.run.host.isolatedCpuList;
        String cpus = "CPUs " + s.run.config.pinnedProducerCpu + " and " + s.run.config.pinnedConsumerCpu;
        String isolated = list == null ? "" : " (isolated: " + (list.trim().isEmpty() ? "none" : list) + ")";
        String head = n == null ? cpus + ": unknown" : cpus + (n == 2 ? " isolated" : n == 1 ? ": one isolated"
                : " not isolated") + isolated;
        if (s.pair == null) {
            return head;
        }
        int nohz = (s.pair.producerNohzFull ? 1 : 0) + (s.pair.consumerNohzFull ? 1 : 0);
        return head + "; nohz_full on " + (nohz == 2 ? "both" : nohz == 1 ? "one" : "neither");
    }

    static String rate(long perSecond) {
        return String.format(Locale.ROOT, "%,d msg/s", perSecond);
    }

    private static String orNotStated(String s) {
        return s == null ? NOT_STATED : s;
    }

    private static String orUnknown(String s) {
        return s == null ? "unknown" : s;
    }

    /** The facts of one match, by name: "CPU model, isolation". */
    static List<String> factsWith(PublishedComparison.Ours o, PublishedComparison.Match m) {
        return Stream.of(Fact.values()).filter(f -> o.facts.get(f) == m).map(BesideWords::name)
                .collect(Collectors.toList());
    }

    /** "published inside the range of our runs at 2 of 11 percentiles, above at 0, below at 9" (n/a, weak). */
    static String counts(PublishedComparison.Ours o) {
        int cannot = o.count(PublishedComparison.Placement.CANNOT_TELL);
        long weak = o.rows.stream().filter(b -> b.weak && b.placement != PublishedComparison.Placement.CANNOT_TELL)
                .count();
        return String.format(Locale.ROOT, "published inside %s at %d of %d percentiles, above at %d, below at %d",
                o.runs >= 2 ? "the range of our " + o.runs + " runs" : "our one run's interval",
                o.count(PublishedComparison.Placement.INSIDE), o.rows.size(),
                o.count(PublishedComparison.Placement.ABOVE), o.count(PublishedComparison.Placement.BELOW))
                + (cannot == 0 ? "" : ", n/a at " + cannot + " (too few of our samples beyond)")
                + (weak == 0 ? "" : "; " + weak + " of them weak (one run, in the tail)");
    }

    /** The beside command's screen: about 20 lines within 120 columns; beside.md holds the rest. */
    public static String render(PublishedComparison c, String files) {
        PublishedTable t = c.published;
        List<String> lines = new ArrayList<>();
        lines.add(fit("published: " + t.source.title + " (" + t.source.date + ")"));
        lines.add(fit("  on:      " + t.host.cpu + "; " + Units.size(t.load.size) + " at "
                + rate(t.load.rate) + "; JVM " + t.jvm.said));
        lines.add(fit("ours:      " + c.dir + "; " + DefinitionWords.label(c.definition) + " latency, as "
                + t.file.getFileName() + " maps theirs"));
        lines.add("");
        int column = 0;
        int lies = "lies".length();
        for (PublishedComparison.Ours o : c.sides) {
            for (PublishedComparison.Placed b : o.rows) {
                column = Math.max(column, estimate(b).length());
                lies = Math.max(lies, lies(b).length());
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
                row.append(String.format(Locale.ROOT, cell, estimate(b), lies(b)));
            }
            lines.add(fit(row.toString().replaceAll("\\s+$", "")));
        }
        shown.stream().map(BesideWords::legend).distinct().forEach(m -> lines.add(fit(m)));
        for (PublishedComparison.Ours o : shown) {
            lines.add(fit((c.sides.size() > 1 ? o.jvm + ": " : "") + counts(o)));
        }
        if (c.sides.size() > shown.size()) {
            lines.add(fit((c.sides.size() - shown.size()) + " more JVMs of ours in beside.md"));
        }
        PublishedComparison.Ours first = shown.get(0);
        lines.add(fit("differ:    " + list(factsWith(first, PublishedComparison.Match.DIFFERENT))
                + (t.setup.isEmpty() ? "" : "; and " + t.setup.size() + " notes on the harness")));
        lines.add(fit("unknown:   " + list(factsWith(first, PublishedComparison.Match.UNKNOWN))));
        lines.add(fit("same:      " + list(factsWith(first, PublishedComparison.Match.SAME))));
        lines.add(fit(files));
        return String.join("\n", lines) + "\n";
    }

    /** "ours: jdk17, 5 runs": whose values a column holds. */
    private static String header(PublishedComparison.Ours o) {
        return "ours: " + o.jvm + ", " + Units.count(o.runs, "run");
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
