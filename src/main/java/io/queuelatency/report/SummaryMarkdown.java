package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Environment;
import io.queuelatency.result.HostVerdict;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.md: the host's verdict and "Which JVM on this host?", what was timed, the environment, the
 * article's Tables 1 to 3, the runs side by side, the verdicts, the floor, the host check, the figures and
 * every cell's validity.
 */
final class SummaryMarkdown {
    static final String FILE_NAME = "summary.md";

    private SummaryMarkdown() {
    }

    static String render(MatrixData data) {
        Markdown md = new Markdown();
        Decision decision = new Decision(data);
        HostVerdict check = hostCheck(data);
        String verdict = check == null ? "not checked" : check.headline();
        MatrixPlan plan = data.plan;
        MatrixPlan.Settings s = plan.settings;
        md.line("# JVM latency matrix " + plan.runId);
        md.line();
        md.line("**Host: " + verdict + ".**");
        md.line();
        md.line("## Which JVM on this host?");
        md.line();
        md.line(decision.paragraph(check));
        md.line();
        md.line("One-way latency of " + s.size + "-byte messages at " + String.format(Locale.ROOT, "%,d", s.rate)
                + " msg/s from a pinned producer thread through Chronicle Queue to a pinned consumer thread, per JVM. "
                + "Headline: latency from the **intended** (scheduled) send time, which includes any delay of the producer "
                + "(coordinated omission corrected); the article's definition, from the **actual** send, follows it.");
        md.line();
        md.line(String.format(Locale.ROOT, "Each cell is one fresh JVM: warm-up %s (longer where Table 1 says so), then %s measured; %d run(s) per JVM, interleaved. "
                        + "Tables 3 give the geometric mean over a JVM's valid runs, with 95%% intervals. Started %s by %s.",
                seconds(s.warmupNs), seconds(s.durationNs), s.runs, plan.startedAt, plan.tool));
        md.line();
        environment(md, data);
        table1(md, data);
        table2(md, data);
        table3(md, data, Definition.INTENDED, "Table 3: latency from the intended send time, ns (headline)");
        table3(md, data, Definition.ACTUAL, "Table 3b: latency from the actual send, ns (the article's definition)");
        runsSideBySide(md, data);
        decision.tables(md);
        floor(md, data);
        hostCheckSection(md, check);
        md.line("## Figures");
        md.line();
        md.line("Figure 1: median per JVM. ![Median latency per JVM](" + Charts.MEDIAN_PNG + ")");
        md.line();
        md.line("Figure 2: p99.99 per JVM. ![p99.99 latency per JVM](" + Charts.P9999_PNG + ")");
        md.line();
        md.line("Figure 3: the whole distribution per JVM (all valid runs merged). ![Latency by percentile](" + Charts.PERCENTILES_PNG + ")");
        md.line();
        cells(md, data);
        md.line("Numbers are data, not conclusions: compare JVMs only where their differences are larger than the spread between runs.");
        return md.toString();
    }

    private static void environment(Markdown md, MatrixData data) {
        Environment e = data.environment;
        md.line("## Environment");
        md.line();
        md.row("CPU model", "CPUs online", "isolated CPUs", "pinned CPUs (producer, consumer)", "kernel", "/dev/shm free");
        md.rule(6);
        if (e == null) {
            md.row("?", "?", "?", data.pinned(), "?", "?");
        } else {
            md.row(e.cpuModel, e.cpuCount + " (" + e.onlineCpus + ")", orNone(e.isolatedCpus), data.pinned(), e.kernel,
                    e.devShmFreeBytes < 0 ? "?" : gib(e.devShmFreeBytes));
        }
        md.line();
    }

    private static void table1(Markdown md, MatrixData data) {
        md.line("## Table 1: the JVMs");
        md.line();
        md.row("id", "JVM", "vendor", "version", "VM", "compiler", "warm-up", "options the tool added");
        md.rule(8);
        for (MatrixPlan.Jvm j : data.plan.jvms) {
            if (j.available) {
                md.row(j.id, j.label, j.vendor, j.version, j.vmName, j.compiler, seconds(j.warmupNs), options(j.jvmOptions));
            }
        }
        md.line();
        List<MatrixPlan.Jvm> missing = new ArrayList<>();
        for (MatrixPlan.Jvm j : data.plan.jvms) {
            if (!j.available) {
                missing.add(j);
            }
        }
        if (!missing.isEmpty()) {
            md.line("Not run:");
            md.line();
            md.row("id", "JVM", "why");
            md.rule(3);
            for (MatrixPlan.Jvm j : missing) {
                md.row(j.id, j.label, j.unavailable);
            }
            md.line();
        }
        md.line("Every cell's exact command line is in `results.json` and `cells/<cell>/cell.json`.");
        md.line();
    }

    /** The options, with Chronicle's module flags and the Graal module path counted rather than spelled out. */
    static String options(List<String> options) {
        List<String> shown = new ArrayList<>();
        int moduleFlags = 0;
        for (String o : options) {
            if (o.startsWith("--add-exports=") || o.startsWith("--add-opens=") || o.startsWith("--enable-native-access=")
                    || o.startsWith("--sun-misc-unsafe-memory-access=")) {
                moduleFlags++;
            } else if (o.startsWith("--upgrade-module-path=")) {
                shown.add("--upgrade-module-path=(" + o.split(java.io.File.pathSeparator).length + " Graal jars)");
            } else {
                shown.add(o);
            }
        }
        if (moduleFlags > 0) {
            shown.add("+ " + moduleFlags + " module-access flags");
        }
        return "`" + String.join(" ", shown) + "`";
    }

    private static void table2(Markdown md, MatrixData data) {
        md.line("## Table 2: how many samples stand behind each percentile");
        md.line();
        md.line("Samples in the measured window, and how many of them lie above each percentile (intended latency). "
                + "A percentile with few samples beyond it is an anecdote, not a measurement.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("samples");
        for (Percentile p : Percentile.belowWorst()) {
            header.add("beyond " + p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.Jvm j : data.measuredJvms()) {
            List<String> row = new ArrayList<>();
            row.add(j.id);
            row.add(String.format(Locale.ROOT, "%,d", data.validCellsOf(j).get(0).result.latency(Definition.INTENDED).count));
            for (Percentile p : Percentile.belowWorst()) {
                row.add(String.format(Locale.ROOT, "%,d", data.median(j, Definition.INTENDED, p, true)));
            }
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    private static void table3(Markdown md, MatrixData data, Definition definition, String title) {
        md.line("## " + title);
        md.line();
        md.line("Each value with its 95% interval: over two or more runs the geometric mean of the runs with its Student t interval (on the log scale, so never below zero); "
                + "from one run its value with the distribution-free order-statistic interval. \"n/a\" where too few samples lie "
                + "beyond the percentile to bound it" + (data.plan.settings.skipFirst ? "; each JVM's first run is left out (--skip-first)" : "") + ".");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        for (Percentile p : Percentile.REPORTED) {
            header.add(p.label());
        }
        header.add("runs counted");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.Jvm j : data.plan.jvms) {
            if (!j.available) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(j.id);
            List<Estimate.Run> runs = data.statisticRuns(j);
            for (Percentile p : Percentile.REPORTED) {
                row.add(runs.isEmpty() ? "-" : Estimate.of(runs, definition, p).cell(p.isWorst()));
            }
            row.add(runs.size() + " of " + data.cellsOf(j).size());
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    /** JLBH's view: every run's value side by side, and the spread (max - min) / mean. */
    private static void runsSideBySide(Markdown md, MatrixData data) {
        int runs = data.plan.settings.runs;
        if (runs < 2) {
            return;
        }
        md.line("## Runs side by side (intended latency, ns)");
        md.line();
        md.line("Each run is a fresh JVM; spread = (max - min) / mean over the runs counted. A difference between JVMs "
                + "smaller than their spread is not a difference." + (data.plan.settings.skipFirst ? " Run 1 is shown but not counted (--skip-first)." : ""));
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("percentile");
        for (int r = 1; r <= runs; r++) {
            header.add("run " + r + (data.plan.settings.skipFirst && r == 1 ? " (skipped)" : ""));
        }
        header.add("spread");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.Jvm j : data.measuredJvms()) {
            for (Percentile p : Percentile.HEADLINE) {
                List<String> row = new ArrayList<>();
                row.add(j.id);
                row.add(p.label());
                double min = Double.MAX_VALUE;
                double max = 0;
                double sum = 0;
                int counted = 0;
                for (int r = 1; r <= runs; r++) {
                    MatrixData.Cell cell = null;
                    for (MatrixData.Cell c : data.cellsOf(j)) {
                        if (c.id.run == r) {
                            cell = c;
                        }
                    }
                    if (cell == null || !cell.valid()) {
                        row.add(cell == null || cell.outcome == null ? "-" : cell.outcome.status.name());
                        continue;
                    }
                    long v = cell.run().value(Definition.INTENDED, p);
                    row.add(String.format(Locale.ROOT, "%,d", v));
                    if (!(data.plan.settings.skipFirst && r == 1)) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                        sum += v;
                        counted++;
                    }
                }
                row.add(counted < 2 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * (max - min) / (sum / counted)));
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }

    private static void floor(Markdown md, MatrixData data) {
        md.line("## The floor: what the two CPUs can do without a queue");
        md.line();
        md.line("After its measured window (when the JIT is quiet), each cell measured a bare one-way hand-off between the same "
                + "two pinned CPUs through shared memory (same schedule, same clock, no queue, no persistence), and the cost of "
                + "the harness's own clock read and histogram record. Medians, mean over the runs counted.");
        md.line();
        md.row("JVM", "floor p50, intended", "floor p50, actual", "queue p50, intended", "the queue adds at p50", "clock read", "histogram record");
        md.rule(7);
        boolean any = false;
        for (MatrixPlan.Jvm j : data.measuredJvms()) {
            double floorIntended = 0;
            double floorActual = 0;
            double queue = 0;
            double clock = 0;
            double record = 0;
            int n = 0;
            for (Estimate.Run run : data.statisticRuns(j)) {
                RunResult.Floor f = run.result.floor;
                if (f == null || !f.measured()) {
                    continue;
                }
                floorIntended += f.intended.ns(Percentile.P50);
                floorActual += f.actual.ns(Percentile.P50);
                queue += run.value(Definition.INTENDED, Percentile.P50);
                clock += f.clockReadNs;
                record += f.histogramRecordNs;
                n++;
            }
            if (n == 0) {
                continue;
            }
            any = true;
            md.row(j.id, ns(floorIntended / n), ns(floorActual / n), ns(queue / n), ns((queue - floorIntended) / n),
                    String.format(Locale.ROOT, "%.1f ns", clock / n), String.format(Locale.ROOT, "%.1f ns", record / n));
        }
        if (!any) {
            md.row("-", "not measured (--floor 0s)", "", "", "", "", "");
        }
        md.line();
    }

    private static HostVerdict hostCheck(MatrixData data) {
        for (MatrixData.Cell c : data.cells) {
            if (c.result != null && c.result.hostCheck != null) {
                return c.result.hostCheck;
            }
        }
        return null;
    }

    private static void hostCheckSection(Markdown md, HostVerdict check) {
        md.line("## Host check");
        md.line();
        if (check == null) {
            md.line("Not recorded.");
            md.line();
            return;
        }
        md.line("Verdict: **" + check.headline() + "**. Anything BAD makes numbers indicative only.");
        md.line();
        md.row("severity", "check", "found", "what to change");
        md.rule(4);
        for (HostVerdict.Finding f : check.findings) {
            md.row(f.severity.name(), f.check, f.found, f.fix);
        }
        md.line();
    }

    private static String ns(double v) {
        return String.format(Locale.ROOT, "%,.0f ns", v);
    }

    private static void cells(Markdown md, MatrixData data) {
        md.line("## Validity of every cell");
        md.line();
        md.row("cell", "status", "achieved msg/s", "GCs in window", "lost", "producer worst behind schedule", "why not valid");
        md.rule(7);
        for (MatrixData.Cell c : data.cells) {
            RunResult r = c.result;
            md.row(c.id.toString(), c.outcome == null ? "not run yet" : c.outcome.status.name(),
                    r == null ? "-" : String.format(Locale.ROOT, "%,.1f", r.rate.achievedPerSecond),
                    r == null ? "-" : Long.toString(r.window.gcCount),
                    r == null ? "-" : Long.toString(r.messages.lost),
                    r == null ? "-" : String.format(Locale.ROOT, "%.3f ms", r.rate.maxSendLagNs / 1e6),
                    c.outcome == null || c.outcome.reason == null ? "" : c.outcome.reason);
        }
        md.line();
    }

    private static String orNone(Object o) {
        String s = o == null ? "" : o.toString();
        return s.isEmpty() ? "none" : s;
    }

    static String seconds(long ns) {
        return ns % 1_000_000_000L == 0 ? (ns / 1_000_000_000L) + " s" : String.format(Locale.ROOT, "%.1f s", ns / 1e9);
    }

    private static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
