package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.FleetData;
import io.queuelatency.decide.FleetRanking;
import io.queuelatency.decide.HostGroup;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Fingerprint;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fleet's summary.md: the answer first (one screen: per host type its answer table, as a matrix's summary.md
 * opens with it, then whether the JVMs rank the same across the types, and the figure), the evidence after, one
 * section each (folded in report.html): the hosts, their fingerprints, what pooling checked, every pair across the
 * types, the hosts without a report.
 */
final class FleetMarkdown {
    static final String FILE_NAME = "summary.md";

    private FleetMarkdown() {
    }

    /** The whole summary.md; {@code missing} names the figures that could not be drawn, with why. */
    static String render(FleetReport.Facts f, Map<String, String> missing) {
        Markdown md = new Markdown();
        md.line(String.format(Locale.ROOT, "# Which JVM on which host type? A fleet of %d host%s, %d host type%s",
                f.fleet.hosts.size(), f.fleet.hosts.size() == 1 ? "" : "s", f.groups.size(),
                f.groups.size() == 1 ? "" : "s"));
        md.line();
        md.line(opening(f));
        md.line();
        md.line("## The answer, per host type");
        md.line();
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
        int reported = f.fleet.reported().size();
        int without = f.fleet.hosts.size() - reported;
        String types = f.groups.size() == 1 ? "all of one fingerprint"
                : "grouped by fingerprint (" + f.groups.size() + " types: they differ in "
                + String.join(", ", differingFields(f)) + ")";
        return String.format(Locale.ROOT, "%d of %d hosts reported%s, %s. Each type's table is its own matrix's answer "
                        + "(intended latency, the median of the runs with its interval, the verdict at p50 against the "
                        + "first row), its hosts' cells pooled only where their floors agree; hosts that differ are "
                        + "never pooled. Then whether the JVMs rank the same across the types; the evidence follows "
                        + "(collapsed in report.html).", reported, f.fleet.hosts.size(),
                without == 0 ? "" : " (" + without + " without a report: see Hosts)", types);
    }

    private static List<String> differingFields(FleetReport.Facts f) {
        List<String> fields = new ArrayList<>();
        for (HostGroup a : f.groups) {
            for (HostGroup b : f.groups) {
                for (String field : a.fingerprint.differences(b.fingerprint)) {
                    if (!fields.contains(field)) {
                        fields.add(field);
                    }
                }
            }
        }
        return fields;
    }

    /** One pool's heading, its hosts in a line, and its answer table per slice, as a matrix report gives it. */
    private static void answer(Markdown md, HostGroup g, HostGroup.Pooled p) {
        md.line("### " + p.name + ": " + hostNames(p) + " (" + shortPrint(g.fingerprint) + ")");
        md.line();
        MatrixData data = p.analyses().get(0).data;
        io.queuelatency.result.HostVerdict check = data.hostCheck();
        md.line(runs(p) + "; the host check: " + (check == null ? "not recorded" : HostWords.headline(check))
                + (p.apart == null ? "" : "; not pooled with " + g.name + ": " + p.apart) + ".");
        md.line();
        for (Analysis a : p.analyses()) {
            if (p.analyses().size() > 1) {
                md.line("At " + a.data.slice.label() + ":");
                md.line();
            }
            AnswerMarkdown.table(md, a);
        }
    }

    static String hostNames(HostGroup.Pooled p) {
        List<String> names = new ArrayList<>();
        for (FleetData.HostDir h : p.hosts) {
            names.add(h.name);
        }
        return String.join(", ", names) + (names.size() > 1 ? " pooled" : "");
    }

    /** "Intel(R) Xeon(R) Processor, 2 CPUs, pair 0-1 (shared-l3), Linux 6.18.44, virtual machine". */
    static String shortPrint(Fingerprint f) {
        return orUnknown(f.cpuModel) + ", " + (f.cpus == null ? "? CPUs" : f.cpus + " CPUs") + ", pair "
                + f.producerCpu + "-" + f.consumerCpu + " (" + orUnknown(f.relation) + "), kernel "
                + orUnknown(f.kernel) + (f.virtualisation == null ? ""
                : f.virtualisation.startsWith("bare metal") ? ", bare metal" : ", virtual machine");
    }

    /** "6 runs per JVM (host-1: runs 1, 3, 5; host-2: runs 2, 4, 6)". */
    private static String runs(HostGroup.Pooled p) {
        Analysis a = p.analyses().get(0);
        int most = 0;
        for (io.queuelatency.result.MatrixPlan.PlannedJvm j : a.jvms) {
            most = Math.max(most, a.data.statisticRuns(j).size());
        }
        StringBuilder s = new StringBuilder(most + " run" + (most == 1 ? "" : "s") + " per JVM counted");
        if (p.hosts.size() > 1) {
            List<String> each = new ArrayList<>();
            for (FleetData.HostDir h : p.hosts) {
                each.add(h.name + " " + FleetReport.runsOf(h));
            }
            s.append(" (").append(String.join("; ", each)).append(")");
        }
        return s.toString();
    }

    /** Whether the JVMs rank the same across the pools: one line per slice and percentile, the figure's lead. */
    private static void across(Markdown md, FleetReport.Facts f) {
        md.line("### Across host types");
        md.line();
        if (f.pools().size() < 2) {
            md.line("One host type: nothing to rank across.");
            md.line();
            return;
        }
        if (f.pairs.isEmpty()) {
            md.line("No two host types measured the same two JVMs: nothing to rank across.");
            md.line();
            return;
        }
        List<MatrixData.Slice> slices = new ArrayList<>();
        for (FleetRanking.RankedPair pair : f.pairs) {
            if (!slices.contains(pair.slice)) {
                slices.add(pair.slice);
            }
        }
        for (MatrixData.Slice s : slices) {
            for (Percentile p : Percentile.HEADLINE) {
                md.line("- " + (slices.size() > 1 ? s.label() + ", " : "") + rankLine(f.pairs, s, p));
            }
        }
        md.line();
    }

    /** "at p50 the 1 pair two or more types measured ranks the same on A and B", or which differ and by how much. */
    static String rankLine(List<FleetRanking.RankedPair> all, MatrixData.Slice s, Percentile p) {
        List<FleetRanking.RankedPair> pairs = new ArrayList<>();
        List<String> pools = new ArrayList<>();
        for (FleetRanking.RankedPair pair : all) {
            if (pair.slice.equals(s) && pair.percentile.equals(p)) {
                pairs.add(pair);
                for (FleetRanking.TypeVerdict place : pair.places) {
                    if (!pools.contains(place.pool.name)) {
                        pools.add(place.pool.name);
                    }
                }
            }
        }
        List<String> differ = new ArrayList<>();
        int opposite = 0;
        for (FleetRanking.RankedPair pair : pairs) {
            if (pair.agreement != FleetRanking.Agreement.SAME) {
                differ.add(pairWords(pair));
                opposite += pair.agreement == FleetRanking.Agreement.OPPOSITE ? 1 : 0;
            }
        }
        String head = String.format(Locale.ROOT, "at %s, of the %d pair%s of JVMs measured on %s: ", p.name(),
                pairs.size(), pairs.size() == 1 ? "" : "s", String.join(" and ", pools));
        if (differ.isEmpty()) {
            return head + "the same order everywhere";
        }
        return head + (opposite > 0 ? opposite + " rank" + (opposite == 1 ? "s" : "") + " opposite ways (decided)"
                + (differ.size() > opposite ? ", " + (differ.size() - opposite) + " by estimate only" : "")
                : differ.size() + (differ.size() == 1 ? " differs" : " differ")
                + " by estimate only (no verdict decides the order)")
                + (differ.size() <= 3 ? ": " + String.join("; ", differ) : "; the first: " + differ.get(0));
    }

    /**
     * "openjdk-17 and openjdk-25: on A undecided (openjdk-17/openjdk-25 0.98 [0.74, 1.30]), on B openjdk-17 slower
     * by 12% [0.33%, 25%]": each type's verdict in the words its own matrix report gives it.
     */
    static String pairWords(FleetRanking.RankedPair pair) {
        List<String> on = new ArrayList<>();
        for (FleetRanking.TypeVerdict place : pair.places) {
            on.add("on " + place.pool.name + " " + verdict(pair, place));
        }
        return pair.first + " and " + pair.second + ": " + String.join(", ", on);
    }

    /**
     * One type's verdict of the pair, as its matrix report words it: a decided pair from the slower JVM's side
     * ("openjdk-17 slower by 12% [0.33%, 25%]"), else what it is with the ratio of the estimates ("undecided
     * (openjdk-17/openjdk-25 0.98 [0.74, 1.30])").
     */
    static String verdict(FleetRanking.RankedPair pair, FleetRanking.TypeVerdict place) {
        switch (place.side) {
            case FIRST_FASTER:
                return pair.second + " slower by " + Words.slowerBy(1 / place.ratio, 1 / place.high, 1 / place.low);
            case SECOND_FASTER:
                return pair.first + " slower by " + Words.slowerBy(place.ratio, place.low, place.high);
            default:
                return side(place.side) + (Double.isNaN(place.ratio) ? ""
                        : " (" + pair.first + "/" + pair.second + " " + ratio(place) + ")");
        }
    }

    static String ratio(FleetRanking.TypeVerdict place) {
        if (Double.isNaN(place.ratio)) {
            return "n/a";
        }
        return Units.ratio(place.ratio) + (Double.isNaN(place.low) ? ""
                : " [" + Units.ratio(place.low) + ", " + Units.ratio(place.high) + "]");
    }

    static String side(FleetRanking.PairSide s) {
        switch (s) {
            case FIRST_FASTER:
                return "faster";
            case SECOND_FASTER:
                return "slower";
            case EQUIVALENT:
                return "equivalent";
            case UNDECIDED:
                return "undecided";
            default:
                return "no verdict";
        }
    }

    /** The hosts: each with its type, what its report holds, its share, or why it has none. */
    private static void hosts(Markdown md, FleetReport.Facts f) {
        md.line("## Hosts");
        md.line();
        md.row("host", "type", "report", "runs", "host check", "status");
        md.rule(6);
        for (FleetData.HostDir h : f.fleet.hosts) {
            String type = "-";
            for (HostGroup.Pooled p : f.pools()) {
                type = p.hosts.contains(h) ? p.name : type;
            }
            String check = !h.reported() || h.data.hostCheck() == null ? "-" : HostWords.headline(h.data.hostCheck());
            md.row(h.name, type, h.reported() ? f.fleet.dir.relativize(h.data.dir).toString() : "-",
                    h.reported() ? FleetReport.runsOf(h) : "-", check, status(h));
        }
        md.line();
    }

    static String status(FleetData.HostDir h) {
        if (h.corrupt != null) {
            return "corrupt: " + h.corrupt;
        }
        if (h.failed != null) {
            return "failed: " + h.failed + (h.reported() ? " (its report holds what it finished)" : "");
        }
        int cells = h.data.cells.size();
        int finished = 0;
        for (MatrixData.Cell c : h.data.cells) {
            finished += c.outcome != null ? 1 : 0;
        }
        return finished == cells ? "reported: " + cells + " cells" : "reported: " + finished + " of " + cells
                + " cells finished (--resume finishes it)";
    }

    /** The fingerprints, a field a row and a type a column; a field not known said so. */
    private static void fingerprints(Markdown md, FleetReport.Facts f) {
        md.line("## Fingerprints");
        md.line();
        md.line("What each host type is (fingerprint.json's fields, docs/fleet.md): read from what its matrix stored "
                + "(environment.json, the plan's JVMs, the cells' pinned pair and, from result.json run/6 on, the "
                + "pair's relation), a field it does not hold from the host's fingerprint.json where there is one; "
                + "\"unknown\" where neither says. Hosts are one type where every field is equal.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("field");
        for (HostGroup g : f.groups) {
            header.add(g.name);
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (String field : f.groups.get(0).fingerprint.fields().keySet()) {
            List<String> row = new ArrayList<>();
            row.add(field);
            for (HostGroup g : f.groups) {
                row.add(value(g.fingerprint.fields().get(field)));
            }
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    @SuppressWarnings("unchecked")
    private static String value(Object v) {
        if (v == null) {
            return "unknown";
        }
        if (v instanceof List) {
            List<String> builds = new ArrayList<>();
            for (Fingerprint.JdkBuild b : (List<Fingerprint.JdkBuild>) v) {
                builds.add(b.id + ": " + b.version + " (" + b.vendor + ", " + b.compiler + ")");
            }
            return String.join("; ", builds);
        }
        String s = v.toString();
        return s.isEmpty() ? "none" : s;
    }

    /** What pooling checked, and per type which hosts were pooled and why any was not. */
    private static void pooling(Markdown md, FleetReport.Facts f) {
        md.line("## Pooling");
        md.line();
        md.line("Hosts of one fingerprint are pooled (their cells one matrix, one answer) only where they ran the same "
                + "study (the matrix's settings but its time budget, the floor measured the same way) and their floors "
                + "agree: each host's floor (the bare hand-off on its own two CPUs, the median of its floor cells with "
                + "the interval over them, as its summary.md's floor section gives it) at p50 and at p99 has an "
                + "interval that overlaps every other pooled host's. Overlap is a lenient test: it keeps hosts apart "
                + "where their floors clearly differ (a BIOS setting, another core's neighbour), not where they may "
                + "differ by a little; each host's floor is here to judge by.");
        md.line();
        md.row("type", "host", "floor p50", "floor p99", "pooled");
        md.rule(5);
        for (HostGroup g : f.groups) {
            for (HostGroup.Pooled p : g.pools) {
                for (FleetData.HostDir h : p.hosts) {
                    md.row(g.name, h.name, floor(h, Percentile.P50), floor(h, Percentile.P99),
                            g.hosts.size() == 1 ? "alone: one host of its type"
                            : p.apart == null ? "in " + p.name : "apart (" + p.name + "): " + p.apart);
                }
            }
        }
        md.line();
    }

    private static String floor(FleetData.HostDir h, Percentile p) {
        Estimate e = h.alone.hostFloor.at(Definition.INTENDED, p);
        return e == null ? "not measured" : AnswerMarkdown.cell(e);
    }

    /** Every pair across the types: each type's ratio with its verdict's interval and the agreement. */
    private static void pairs(Markdown md, FleetReport.Facts f) {
        if (f.pairs.isEmpty()) {
            return;
        }
        md.line("## Across host types, pair by pair");
        md.line();
        md.line("Each pair of JVMs two or more types measured, per type its own verdict as its matrix report gives it "
                + "(intended latency; a decided pair from the slower JVM's side; else the first JVM's estimate over "
                + "the second's, with the interval where the type tested the pair, at its own error level: nothing is "
                + "tested anew). \"opposite\": one type decides the first faster and another the second; \"estimates "
                + "differ\": the order differs where no verdict decides it.");
        md.line();
        md.row("slice", "pair", "percentile", "per type", "across types");
        md.rule(5);
        for (FleetRanking.RankedPair pair : f.pairs) {
            List<String> on = new ArrayList<>();
            for (FleetRanking.TypeVerdict place : pair.places) {
                on.add(place.pool.name + ": " + verdict(pair, place));
            }
            md.row(pair.slice.label(), pair.first + " / " + pair.second, pair.percentile.name(), String.join("; ", on),
                    pair.agreement == FleetRanking.Agreement.SAME ? "same order"
                    : pair.agreement == FleetRanking.Agreement.OPPOSITE ? "opposite" : "estimates differ");
        }
        md.line();
    }

    private static String orUnknown(Object v) {
        return v == null ? "unknown" : v.toString();
    }
}
