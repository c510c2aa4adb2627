package io.queuelatency.report;

import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Warning;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.JvmWords;
import io.queuelatency.words.PairWords;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The sections of summary.md every matrix report has, a capacity search's too. */
public final class MatrixSections {
    private MatrixSections() {
    }

    public static void environment(Markdown md, MatrixData data) {
        md.paragraph("## Environment");
        md.table(HostEnvironment.rows(data), "what", "found");
    }

    public static void table1(Markdown md, MatrixData data) {
        md.paragraph("## Table 1: the JVMs");
        md.header("id", "JVM", "vendor", "version", "release", "VM", "compiler", "GC", "warm-up",
                "options the tool added");
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            if (j.available) {
                RunResult r = data.firstResult(j);
                md.row(j.id, j.label, j.vendor, j.version, r == null ? "-" : JvmWords.release(r.jvm.release()),
                        j.vmName, j.compiler, r == null ? "-" : r.jvm.garbageCollector, Units.seconds(j.warmupNs),
                        options(j.jvmOptions));
            }
        }
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            if (!j.available) {
                md.row(j.id, j.label, "not run: " + j.unavailable, "", "", "", "", "", "", "");
            }
        }
        md.line();
        md.paragraph("Access flags: those Chronicle Queue needs, `--add-exports` and `--add-opens` from JDK 9, and "
                + "from JDK 24 also `--enable-native-access` and `--sun-misc-unsafe-memory-access`. Every cell's exact "
                + "command line is in `results.json` and `cells/<cell>/cell.json`.");
    }

    /** The options, with the access flags Chronicle needs and the Graal module path counted rather than spelled out. */
    static String options(List<String> options) {
        List<String> shown = new ArrayList<>();
        int moduleFlags = 0;
        for (String o : options) {
            if (o.startsWith("--add-exports=") || o.startsWith("--add-opens=")
                    || o.startsWith("--enable-native-access=")
                    || o.startsWith("--sun-misc-unsafe-memory-access=")) {
                moduleFlags++;
            } else if (o.startsWith("--upgrade-module-path=")) {
                shown.add("--upgrade-module-path=(" + o.split(java.io.File.pathSeparator).length + " Graal jars)");
            } else {
                shown.add(o);
            }
        }
        if (moduleFlags > 0) {
            shown.add("+ " + moduleFlags + " access flags");
        }
        return "`" + String.join(" ", shown) + "`";
    }

    /** The warnings, one line per kind with how many cells had it, the cells named where few; the producer's lag. */
    public static void warnings(Markdown md, MatrixData data) {
        md.paragraph("## Validity and warnings per cell");
        validity(md, data);
        List<RunResult> results = data.results();
        List<String> ids = data.cells.stream().filter(c -> c.result != null).map(c -> c.id.toString())
                .collect(Collectors.toList());
        if (results.isEmpty()) {
            md.paragraph("No cell has a result yet.");
            return;
        }
        md.line("What did not invalidate a cell but bears on its numbers (a late producer's delay is in the intended "
                + "latency, by design; one that cannot keep up at all fails the rate rule):");
        double[] behind = range(results, r -> (double) r.rate.maxSendLagNs);
        double[] late = range(results, r -> r.messages.measured == 0 ? Double.NaN : r.latePercent());
        String lateRange = fromTo("%.2f%%", late);
        md.line("- producer behind its schedule at worst, per cell: " + (behind[0] == behind[1] ? Units.ns(behind[0])
                : Units.ns(behind[0]) + " to " + Units.ns(behind[1])) + "; messages sent late: "
                + lateRange.replace("% to", " to") + " of the window's");
        java.util.Map<Warning.Concern, List<String>> cellsOf = new java.util.EnumMap<>(Warning.Concern.class);
        java.util.Map<Warning.Concern, String> example = new java.util.EnumMap<>(Warning.Concern.class);
        for (MatrixData.Cell c : data.cells) {
            for (Warning w : c.result == null ? java.util.Collections.<Warning>emptyList()
                    : c.result.validity.warnings) {
                cellsOf.computeIfAbsent(w.kind, k -> new ArrayList<>()).add(c.id.toString());
                example.putIfAbsent(w.kind, RunWords.text(w));
            }
        }
        for (java.util.Map.Entry<Warning.Concern, List<String>> e : cellsOf.entrySet()) {
            md.line("- " + warningLine(e.getKey(), e.getValue(), example.get(e.getKey()), ids));
        }
        if (!cellsOf.containsKey(Warning.Concern.PIN_FAILED) || !cellsOf.containsKey(Warning.Concern.CLAMPED_HIGH)) {
            md.line("- none: " + (cellsOf.containsKey(Warning.Concern.PIN_FAILED) ? "" : "pin failures, ")
                    + "values outside the histogram's range");
        }
        md.line();
    }

    /** "producer fell behind its schedule: 54 of 55 cells (all but openjdk-25-run3)"; a kind's words once. */
    private static String warningLine(Warning.Concern kind, List<String> cells, String example, List<String> ids) {
        List<String> without = ids.stream().filter(id -> !cells.contains(id)).collect(Collectors.toList());
        String which = without.isEmpty() ? "every cell" : without.size() <= 5 && without.size() < cells.size()
                ? "all but " + String.join(", ", without) : cells.size() <= 5 ? String.join(", ", cells) : "";
        String count = cells.size() + " of " + ids.size() + " cells" + (which.isEmpty() ? "" : " (" + which + ")");
        return kind == Warning.Concern.PRODUCER_BEHIND ? "the producer fell behind its schedule by more than the "
                + "tolerance: " + count : count + ", for example: " + example;
    }

    private static double[] range(List<RunResult> results, java.util.function.ToDoubleFunction<RunResult> f) {
        java.util.DoubleSummaryStatistics s = results.stream().mapToDouble(f).filter(v -> !Double.isNaN(v))
                .summaryStatistics();
        return new double[] {s.getMin(), s.getMax()};
    }

    /** The BAD and WARN findings as a table, the OK and INFO ones named in a line (their values: the environment). */
    public static void hostCheck(Markdown md, HostFindings check) {
        md.paragraph("## Host check");
        if (check == null) {
            md.paragraph("Not recorded.");
            return;
        }
        List<String> fine = check.findings.stream().filter(f -> f.fix == null || f.fix.isEmpty())
                .map(f -> f.check + " " + f.severity.name()).collect(Collectors.toList());
        List<HostFindings.Finding> shown = check.findings.stream().filter(f -> f.fix != null && !f.fix.isEmpty())
                .collect(Collectors.toList());
        md.paragraph("Verdict: **" + HostWords.headline(check) + "**. Anything BAD makes numbers indicative only.");
        if (!shown.isEmpty()) {
            md.table(Markdown.<HostFindings.Finding>columns().add("severity", f -> f.severity.name())
                    .add("check", f -> f.check).add("found", f -> f.found).add("what to change", f -> f.fix), shown);
        }
        if (!fine.isEmpty()) {
            TailMarkdown.lines(md, "Nothing to change (what was found: the environment above and environment.json):",
                    fine, ".");
            md.line();
        }
    }

    /** How many cells are valid, with the ranges of what the rules look at; a row per cell that is not. */
    private static void validity(Markdown md, MatrixData data) {
        List<MatrixData.Cell> exceptions = data.cells.stream().filter(c -> !c.valid()).collect(Collectors.toList());
        List<RunResult> valid = data.cells.stream().filter(MatrixData.Cell::valid).map(c -> c.result)
                .collect(Collectors.toList());
        String ranges = "";
        if (!valid.isEmpty()) {
            double[] rate = range(valid, r -> r.rate.achievedPerSecond);
            double[] gcs = range(valid, r -> (double) r.window.gcCount);
            double[] lost = range(valid, r -> (double) r.messages.lost);
            ranges = String.format(Locale.ROOT, ": achieved %s msg/s, %s GCs in the window, %s lost",
                    fromTo("%,.1f", rate), fromTo("%,.0f", gcs), fromTo("%,.0f", lost));
        }
        md.paragraph(valid.size() + " of " + data.cells.size() + " cells valid" + ranges + ".");
        pair(md, data, valid);
        if (exceptions.isEmpty()) {
            return;
        }
        md.table(Markdown.<MatrixData.Cell>columns().add("cell", c -> c.id.toString())
                .add("status", c -> c.outcome == null ? "not run yet" : c.outcome.status.name())
                .add("achieved msg/s", c -> c.result == null ? "-"
                        : String.format(Locale.ROOT, "%,.1f", c.result.rate.achievedPerSecond))
                .add("GCs in window", c -> c.result == null ? "-" : Long.toString(c.result.window.gcCount))
                .add("lost", c -> c.result == null ? "-" : Long.toString(c.result.messages.lost))
                .add("why not valid", c -> c.outcome == null || c.outcome.reason == null ? "" : c.outcome.reason),
                exceptions);
    }

    /** The CPU pair's relation the estimates rest on, and each valid cell left out for having measured on another. */
    private static void pair(Markdown md, MatrixData data, List<RunResult> valid) {
        CpuPair.Relation relation = data.pairRelation();
        if (relation == null) {
            return;
        }
        long recorded = valid.stream().filter(r -> r.host.cpuPair != null).count();
        CpuPair example = valid.stream().map(r -> r.host.cpuPair).filter(p -> p != null && p.relation == relation)
                .findFirst().orElse(null);
        List<MatrixData.Cell> other = data.cellsOnAnotherPair();
        List<String> named = other.stream().map(c -> c.id + " (CPUs " + c.result.host.cpuPair.producerCpu + " and "
                + c.result.host.cpuPair.consumerCpu + ": " + c.result.host.cpuPair.relation.id + ")")
                .collect(Collectors.toList());
        md.paragraph("CPU pair: " + relation.id + " (" + PairWords.brief(example) + ") in "
                + (other.isEmpty() && recorded == valid.size() ? "every valid cell"
                : recorded - other.size() + " of the " + recorded + " valid cells that recorded their pair")
                + (other.isEmpty() ? "." : "; left out of the estimates, as measured on another relation (another "
                + "hand-off, which no JVM's runs may pool): " + String.join(", ", named) + "."));
    }

    /** "100,000.0" or "99,999.7 to 100,000.0". */
    static String fromTo(String format, double[] range) {
        String low = String.format(Locale.ROOT, format, range[0]);
        String high = String.format(Locale.ROOT, format, range[1]);
        return low.equals(high) ? low : low + " to " + high;
    }
}
