package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.report.AnswerMarkdown;
import io.queuelatency.report.Markdown;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Fingerprint;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.RankSum;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The fleet's summary.md: per host type its answer table and the ranking across the types, then the evidence. */
final class FleetMarkdown {
    static final String FILE_NAME = "summary.md";

    private FleetMarkdown() {
    }

    /** The whole summary.md; {@code missing} names the figures that could not be drawn, with why. */
    static String render(FleetReport.Facts f, Map<String, String> missing) {
        Markdown md = new Markdown();
        md.paragraph("# Which JVM on which host type? A fleet of " + Units.count(f.fleet.hosts.size(), "host") + ", "
                + Units.count(f.groups.size(), "host type"));
        md.paragraph(opening(f));
        md.paragraph("## The answer, per host type");
        for (HostGroup g : f.groups) {
            for (HostGroup.Pooled p : g.pools) {
                answer(md, g, p);
            }
        }
        across(md, f);
        FleetFigures.markdown(md, f.pools(), missing);
        hosts(md, f);
        fingerprints(md, f);
        pooling(md, f);
        pairs(md, f);
        return md.toString();
    }

    /** Two lines: the hosts and types, then what the answers are and where the evidence is. */
    private static String opening(FleetReport.Facts f) {
        int reported = f.fleet.hosts(FleetData.HostDir::reported).size();
        int skipped = f.fleet.hosts(h -> h.skipped != null).size();
        int without = f.fleet.hosts.size() - reported - skipped;
        String others = (without == 0 ? "" : without + " without a report") + (without > 0 && skipped > 0 ? ", " : "")
                + (skipped == 0 ? "" : skipped + " skipped by design");
        String types = f.groups.size() == 1 ? "all of one fingerprint"
                : "grouped by fingerprint (" + f.groups.size() + " types: they differ in "
                + String.join(", ", differingFields(f)) + ")";
        return String.format(Locale.ROOT, "%d of %d hosts reported%s, %s. Each type's table is its own matrix's answer "
                        + "(intended latency, the median of the runs with its interval, the verdict at p50 against the "
                        + "first row), its hosts' cells pooled only where their floors cannot be told apart; hosts of "
                        + "different fingerprints are never pooled. Then what the types' verdicts say together of each "
                        + "pair of JVMs; the evidence follows (collapsed in report.html).", reported,
                f.fleet.hosts.size(), others.isEmpty() ? "" : " (" + others + ": see Hosts)", types);
    }

    private static java.util.Set<String> differingFields(FleetReport.Facts f) {
        java.util.Set<String> fields = new java.util.LinkedHashSet<>();
        for (HostGroup a : f.groups) {
            for (HostGroup b : f.groups) {
                fields.addAll(a.fingerprint.differences(b.fingerprint));
            }
        }
        return fields;
    }

    private static void answer(Markdown md, HostGroup g, HostGroup.Pooled p) {
        md.paragraph("### " + heading(g, p));
        MatrixData data = p.analyses().get(0).data;
        io.queuelatency.result.HostFindings check = data.hostCheck();
        String apart = FleetWords.apart(g, p);
        md.paragraph(runs(p) + "; the host check: " + (check == null ? "not recorded" : HostWords.headline(check))
                + (apart == null ? "" : "; " + apart) + ".");
        for (Analysis a : p.analyses()) {
            if (p.analyses().size() > 1) {
                md.paragraph("At " + a.data.slice.label() + ":");
            }
            AnswerMarkdown.table(md, a);
        }
    }

    /** "A: host-1, host-2 pooled (Intel(R) Xeon(R) Processor, ...)": a pool's heading here and on the console. */
    static String heading(HostGroup g, HostGroup.Pooled p) {
        return p.name + ": " + p.hosts.stream().map(h -> h.name).collect(Collectors.joining(", "))
                + (p.hosts.size() > 1 ? " pooled" : "") + " (" + shortPrint(g.fingerprint) + ")";
    }

    /** "Intel(R) Xeon(R) Processor, 2 CPUs, pair 0-1 (shared-l3), Linux 6.18.44, virtual machine". */
    private static String shortPrint(Fingerprint f) {
        return orUnknown(f.cpuModel) + ", " + (f.cpus == null ? "? CPUs" : f.cpus + " CPUs") + ", pair "
                + f.producerCpu + "-" + f.consumerCpu + " (" + orUnknown(f.relation) + "), kernel "
                + orUnknown(f.kernel) + (f.virtualisation == null ? ""
                : f.virtualisation.startsWith("bare metal") ? ", bare metal" : ", virtual machine");
    }

    /** "6 runs per JVM (host-1: runs 1, 3, 5; host-2: runs 2, 4, 6)". */
    private static String runs(HostGroup.Pooled p) {
        Analysis a = p.analyses().get(0);
        int most = a.jvms.stream().mapToInt(j -> a.data.statisticRuns(j).size()).max().orElse(0);
        StringBuilder s = new StringBuilder(Units.count(most, "run") + " per JVM counted");
        if (p.hosts.size() > 1) {
            s.append(" (").append(p.hosts.stream().map(h -> h.name + " " + FleetReport.runsOf(h))
                    .collect(Collectors.joining("; "))).append(")");
        }
        return s.toString();
    }

    /** Whether the JVMs rank the same across the pools: one line per slice and percentile, the figure's lead. */
    private static void across(Markdown md, FleetReport.Facts f) {
        md.paragraph("### Across host types");
        if (f.pools().size() < 2) {
            md.paragraph("One host type: nothing to rank across.");
            return;
        }
        if (f.pairs.isEmpty()) {
            md.paragraph("No two host types measured the same two JVMs: nothing to rank across.");
            return;
        }
        java.util.Set<MatrixData.Slice> slices = f.pairs.stream().map(pair -> pair.slice)
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
        for (MatrixData.Slice s : slices) {
            for (Percentile p : Percentile.HEADLINE) {
                md.line("- " + (slices.size() > 1 ? s.label() + ", " : "") + FleetWords.rankLine(f.pairs, s, p));
            }
        }
        md.line();
    }

    private static void hosts(Markdown md, FleetReport.Facts f) {
        md.paragraph("## Hosts");
        md.header("host", "type", "report", "runs", "host check", "status");
        for (FleetData.HostDir h : f.fleet.hosts) {
            String type = f.typeOf(h) == null ? "-" : f.typeOf(h);
            String check = !h.reported() || h.data.hostCheck() == null ? "-" : HostWords.headline(h.data.hostCheck());
            md.row(h.name, type, h.reported() ? f.fleet.dir.relativize(h.data.dir).toString() : "-",
                    h.reported() ? FleetReport.runsOf(h) : "-", check, FleetWords.status(h));
        }
        md.line();
    }

    private static void fingerprints(Markdown md, FleetReport.Facts f) {
        md.paragraph("## Fingerprints");
        md.paragraph("What each host type is (fingerprint.json's fields, docs/fleet.md): read from what its matrix "
                + "stored (environment.json, the plan's JVMs, the cells' pinned pair and, from result.json run/6 on, "
                + "the pair's relation), a field it does not hold from the host's fingerprint.json where there is one; "
                + "\"unknown\" where neither says. Hosts are one type where every field is equal.");
        md.table(Markdown.<String>columns().add("field", field -> field)
                .each(f.groups, g -> g.name, (field, g) -> value(g.fingerprint.fields().get(field))),
                f.groups.get(0).fingerprint.fields().keySet());
    }

    @SuppressWarnings("unchecked")
    private static String value(Object v) {
        if (v == null) {
            return "unknown";
        }
        if (v instanceof List) {
            return ((List<Fingerprint.JdkBuild>) v).stream().map(b -> b.id + ": " + b.version + " (" + b.vendor + ", "
                    + b.compiler + ")").collect(Collectors.joining("; "));
        }
        String s = v.toString();
        return s.isEmpty() ? "none" : s;
    }

    private static void pooling(Markdown md, FleetReport.Facts f) {
        md.paragraph("## Pooling");
        md.paragraph("Hosts of one fingerprint are pooled (their cells one matrix, one answer) only where they ran the "
                + "same study (the matrix's settings but its time budget, the floor measured the same way, the same "
                + "build of the tool) and their floors cannot be told apart: at p50 and at p99 a two-sided rank test "
                + "(Wilcoxon-Mann-Whitney, exact up to " + RankSum.EXACT_UP_TO + " floors) of the two hosts' floor "
                + "values, one per floor cell (or per cell, where the floor was measured inside each JVM), finds no "
                + "difference at 5% over the type's host pairs times the two percentiles (Bonferroni), and their "
                + "floors' medians at p50 are within " + Units.share(HostPair.MARGIN) + " of each other. A pool is "
                + "each set of hosts this relation connects; a set in which two hosts are told apart (a chain) is not "
                + "pooled at all. The hosts' order does not matter. With few floor cells the rank test cannot tell "
                + "anything (2 and 2 cells: nothing below 33%), and the margin alone decides; each host's floor and "
                + "every comparison are here to judge by.");
        md.header("type", "host", "floors", "floor p50", "floor p99", "pooled");
        for (HostGroup g : f.groups) {
            for (HostGroup.Pooled p : g.pools) {
                for (FleetData.HostDir h : p.hosts) {
                    String apart = FleetWords.apart(g, p);
                    md.row(g.name, h.name, FleetWords.floors(h), floor(h, Percentile.P50), floor(h, Percentile.P99),
                            g.hosts.size() == 1 ? "alone: one host of its type"
                            : apart == null ? "in " + p.name : p.name + ": " + apart);
                }
            }
        }
        md.line();
        for (HostGroup g : f.groups) {
            for (HostPair c : g.pairs) {
                md.line("- " + g.name + ", " + c.first.name + " and " + c.second.name + ": " + FleetWords.pair(c));
            }
        }
        if (f.groups.stream().anyMatch(g -> !g.pairs.isEmpty())) {
            md.line();
        }
    }

    private static String floor(FleetData.HostDir h, Percentile p) {
        Estimate e = h.alone.hostFloor.at(Definition.INTENDED, p);
        return e == null ? "not measured" : AnswerMarkdown.cell(e);
    }

    private static void pairs(Markdown md, FleetReport.Facts f) {
        if (f.pairs.isEmpty()) {
            return;
        }
        md.paragraph("## Across host types, pair by pair");
        md.paragraph("Each pair of JVMs two or more types measured, per type its own verdict as its matrix report "
                + "gives it (intended latency; a decided pair from the slower JVM's side; else the median of the "
                + "first JVM's run-to-run ratios to the second's where the type tested the pair, with its interval "
                + "where its runs reach the type's own error level, the two estimates' ratio where untested: nothing "
                + "is tested anew). Across the types, what the verdicts say together, never the estimates' order: "
                + "decided the same way on every type (the same JVM faster on each, or equivalent on each); decided on "
                + "some types, not contradicted on the others (undecided, equivalent or no verdict there); decided "
                + "opposite ways; undetermined, where no type decides an order.");
        md.header("slice", "pair", "percentile", "per type", "across types");
        for (FleetRanking.RankedPair pair : f.pairs) {
            md.row(pair.slice.label(), pair.first + " / " + pair.second, pair.percentile.name(),
                    pair.places.stream().map(place -> place.pool.name + ": " + FleetWords.verdict(pair, place))
                            .collect(Collectors.joining("; ")), FleetWords.agreement(pair.agreement));
        }
        md.line();
    }

    private static String orUnknown(Object v) {
        return v == null ? "unknown" : v.toString();
    }
}
