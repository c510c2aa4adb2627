package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.files.Format;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.report.AnswerMarkdown;
import io.queuelatency.report.Figures;
import io.queuelatency.report.ReportHtml;
import io.queuelatency.report.SummaryJson;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.text.Units;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A fleet's report ({@code run-matrix.sh report --fleet DIR}) from the hosts' stored matrices: the hosts grouped by
 * fingerprint, each type's answer, and what the types' verdicts say together of each pair of JVMs.
 * <p>Exit: 0 every host reported (or skipped); 3 a host without a report; 2 a corrupt report (the others are written
 * first), or no host whose report reads (nothing written).
 */
public final class FleetReport {
    /** Everything the fleet's files show, decided once. */
    static final class Facts {
        final FleetData fleet;
        final List<HostGroup> groups;
        final List<FleetRanking.RankedPair> pairs;

        Facts(FleetData fleet, List<HostGroup> groups) {
            this.fleet = fleet;
            this.groups = groups;
            this.pairs = FleetRanking.of(pools());
        }

        /** Every pool of every type, in order: what the answer tables and the ranking go over. */
        List<HostGroup.Pooled> pools() {
            return groups.stream().flatMap(g -> g.pools.stream()).collect(Collectors.toList());
        }

        /** The name of the pool {@code h} is in; null where it is in none (no report). */
        String typeOf(FleetData.HostDir h) {
            return pools().stream().filter(p -> p.hosts.contains(h)).map(p -> p.name).reduce((a, b) -> b).orElse(null);
        }
    }

    private FleetReport() {
    }

    /** Writes DIR's fleet report and prints its answer on {@code out}; returns the exit code (see the class). */
    public static int write(Path dir, Double margin, PrintStream out, PrintStream warnings) throws IOException {
        Facts f = facts(dir, margin);
        Figures figures = new Figures(warnings);
        FleetFigures.write(dir, f.pools(), figures);
        String summary = FleetMarkdown.render(f, figures.missing());
        // the fleet's files, in the order written: summary.md (as its figures were drawn), summary.json, report.html
        Format.writeAll(f, dir, Arrays.asList(Format.text(FleetMarkdown.FILE_NAME, x -> summary),
                JsonNodes.format(SummaryJson.FILE_NAME, FleetJson::render),
                Format.text(ReportHtml.FILE_NAME,
                        x -> ReportHtml.orWarning(summary, dir, JsonNodes::array, warnings))));
        screen(f, out);
        out.println("report: " + dir.resolve(FleetMarkdown.FILE_NAME));
        List<FleetData.HostDir> corrupt = f.fleet.hosts(h -> h.corrupt != null);
        if (!corrupt.isEmpty()) {
            throw new BadInputException(corrupt(corrupt));
        }
        return f.fleet.hosts(FleetData::missing).isEmpty() ? ExitCode.OK.code : ExitCode.NOT_VALID.code;
    }

    /** The fleet read and decided; no host whose report reads is bad input, naming the first corrupt one. */
    static Facts facts(Path dir, Double margin) {
        FleetData fleet = FleetData.load(dir, margin);
        if (fleet.hosts(FleetData.HostDir::reported).isEmpty()) {
            List<FleetData.HostDir> corrupt = fleet.hosts(h -> h.corrupt != null);
            FleetData.HostDir first = fleet.hosts.get(0);
            throw new BadInputException(corrupt.isEmpty() ? dir + ": no host has a report ("
                    + Units.count(fleet.hosts.size(), "host") + " without one: " + first.name + ": "
                    + FleetWords.status(first) + ")" : corrupt(corrupt));
        }
        List<HostGroup> groups = HostGroup.of(fleet);
        for (HostGroup g : groups) {
            for (HostGroup.Pooled p : g.pools) {
                p.analyses(Analysis.of(p.data(dir), margin));
            }
        }
        return new Facts(fleet, groups);
    }

    /** "host-2's report is corrupt: DIR/host-2/matrix/cells/...: not valid JSON (...)", and how many more. */
    private static String corrupt(List<FleetData.HostDir> corrupt) {
        FleetData.HostDir h = corrupt.get(0);
        return h.name + "'s report is corrupt: " + h.corrupt + (corrupt.size() == 1 ? ""
                : " (and " + (corrupt.size() - 1) + " more host" + (corrupt.size() == 2 ? "" : "s")
                + ": summary.md's Hosts names them)") + "; the other hosts are reported";
    }

    /** The answer on the console: per type its rows as the matrix prints them, then the ranking across the types. */
    private static void screen(Facts f, PrintStream out) {
        for (HostGroup g : f.groups) {
            for (HostGroup.Pooled p : g.pools) {
                for (Analysis a : p.analyses()) {
                    out.println(FleetMarkdown.heading(g, p) + (a.data.slice == null || p.analyses().size() == 1 ? ""
                            : " at " + a.data.slice.label()) + ":");
                    for (String line : AnswerMarkdown.screen(a)) {
                        out.println("  " + line);
                    }
                }
            }
        }
        if (f.pools().size() > 1) {
            List<MatrixData.Slice> slices = FleetFigures.slices(f.pools());
            for (MatrixData.Slice s : slices) {
                out.println("across types" + (slices.size() > 1 ? " at " + s.label() : "") + " (each pair of JVMs two "
                        + "or more measured: the first's over the second's, as each type's verdict gives it; intervals "
                        + "in summary.md):");
                for (io.queuelatency.result.Percentile p : io.queuelatency.result.Percentile.HEADLINE) {
                    across(out, f.pairs, s, p);
                }
            }
        }
        for (FleetData.HostDir h : f.fleet.hosts) {
            if (!h.reported() || h.failed != null) {
                out.println("  " + h.name + ": " + FleetWords.status(h));
            }
        }
    }

    /** At one percentile: how many pairs in each category, then up to three not decided the same way. */
    private static void across(PrintStream out, List<FleetRanking.RankedPair> all, MatrixData.Slice s,
            io.queuelatency.result.Percentile p) {
        List<FleetRanking.RankedPair> differ = new ArrayList<>();
        java.util.Map<FleetRanking.Agreement, Integer> counts = new java.util.EnumMap<>(FleetRanking.Agreement.class);
        for (FleetRanking.RankedPair pair : all) {
            if (pair.slice.equals(s) && pair.percentile.equals(p)) {
                counts.merge(pair.agreement, 1, Integer::sum);
                if (pair.agreement != FleetRanking.Agreement.SAME) {
                    differ.add(pair);
                }
            }
        }
        out.printf(java.util.Locale.ROOT, "  %-7s %s%n", p.name() + ":", counts.entrySet().stream()
                .map(e -> e.getValue() + " " + SCREEN[e.getKey().ordinal()]).collect(Collectors.joining(", ")));
        for (FleetRanking.RankedPair pair : differ.subList(0, Math.min(3, differ.size()))) {
            out.println("    " + pair.first + "/" + pair.second + " " + SCREEN[pair.agreement.ordinal()] + ": "
                    + pair.places.stream().map(v -> (Double.isNaN(v.ratio) ? "n/a" : Units.ratio(v.ratio)) + " on "
                    + v.pool.name + " (" + FleetWords.side(v.side) + ")").collect(Collectors.joining(", ")));
        }
    }

    private static final String[] SCREEN = {"decided the same on every type", "decided on some types only",
        "decided opposite ways", "undetermined (no type decides)"};

    /** "runs 1, 3, 5" of a host's cells (a share's), or "runs 1-6". */
    static String runsOf(FleetData.HostDir h) {
        TreeSet<Integer> runs = h.runs();
        if (runs.isEmpty()) {
            return "no runs";
        }
        MatrixPlan.Share share = h.data.plan.share;
        boolean contiguous = runs.last() - runs.first() + 1 == runs.size();
        String list = contiguous && runs.size() > 2 ? runs.first() + "-" + runs.last()
                : runs.toString().replaceAll("[\\[\\]]", "");
        return (runs.size() == 1 ? "run " : "runs ") + list
                + (share == null ? "" : " (--share " + share.part + "/" + share.of + ")");
    }
}
