package io.queuelatency.report;

import io.queuelatency.words.JvmWords;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostVerdict;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Settings;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.md, rendered from the {@link Analysis}: the host's verdict and "Which JVM on this host?", what was
 * timed, the environment, the article's Tables 1 to 3, the runs side by side, the verdicts, the floor, the
 * warnings, the host check, the figures and every cell's validity.
 */
final class SummaryMarkdown {
    static final String FILE_NAME = "summary.md";

    private SummaryMarkdown() {
    }

    static String render(Analysis a) {
        return render(a.data, java.util.Collections.singletonList(a), java.util.Collections.<String, String>emptyMap());
    }

    /**
     * The whole matrix's summary: one slice is the article's layout; a sweep (several message sizes or rates)
     * gives each (size, rate) slice its own paragraph, tables, verdicts and floor, and adds the figures across
     * sizes and rates.
     */
    static String render(MatrixData data, List<Analysis> slices, java.util.Map<String, String> missingFigures) {
        Markdown md = new Markdown();
        HostVerdict check = data.hostCheck();
        head(md, data, slices, check);
        environment(md, data);
        table1(md, data);
        boolean sweep = slices.size() > 1;
        for (Analysis a : slices) {
            Markdown slice = new Markdown();
            TablesMarkdown.table2(slice, a);
            TablesMarkdown.table3(slice, a, Definition.INTENDED,
                    "Table 3: latency from the intended send time (headline)");
            TablesMarkdown.table3(slice, a, Definition.ACTUAL, "Table 3b: latency from the actual send, the clock read "
                    + "before the write call (the article's definition)");
            TablesMarkdown.table3(slice, a, Definition.IN_QUEUE,
                    "Table 3c: latency from inside the write, once the queue opened it (in-queue)");
            TablesMarkdown.runsSideBySide(slice, a);
            VerdictsMarkdown.verdicts(slice, a);
            FloorMarkdown.floor(slice, a);
            TailMarkdown.tail(slice, a, missingFigures);
            if (sweep) {
                md.line("## Slice: " + a.data.slice.label());
                md.line();
                md.raw(slice.toString().replace("\n## ", "\n### ").replaceFirst("^## ", "### "));
            } else {
                md.raw(slice.toString());
            }
        }
        warnings(md, data);
        hostCheckSection(md, check);
        figures(md, data, slices, missingFigures);
        cells(md, data);
        md.line("Numbers are data, not conclusions: the verdicts above say which differences the runs support.");
        return md.toString();
    }

    /**
     * The title, the host's verdict, "Which JVM on this host?", what was timed, how the cells ran, and what every
     * number is.
     */
    private static void head(Markdown md, MatrixData data, List<Analysis> slices, HostVerdict check) {
        MatrixPlan plan = data.plan;
        Settings s = plan.settings;
        md.line("# JVM latency matrix " + plan.runId);
        md.line();
        md.line("**Host: " + (check == null ? "not checked" : HostWords.headline(check)) + ".**");
        md.line();
        md.line("## Which JVM on this host?");
        md.line();
        if (slices.size() > 1) {
            md.line("JVMs are compared within each slice (one message size at one rate); each slice's verdicts control "
                    + "their error together.");
            md.line();
            for (Analysis a : slices) {
                md.line("**" + a.data.slice.label() + ".** " + String.join(" ", Words.sentences(a)));
                md.line();
            }
            md.line(Words.hostSentence(check));
        } else {
            md.line(Words.paragraph(slices.get(0), check));
        }
        md.line();
        md.line("One-way latency of " + what(data) + " from a pinned producer thread through Chronicle Queue to a "
                + "pinned consumer thread, per JVM. Headline: latency from the **intended** (scheduled) send time, "
                + "which includes any delay of the producer (coordinated omission corrected); the article's "
                + "definition, from the **actual** send (the producer's clock read immediately before the queue's "
                + "write call), follows it, then the **in-queue** latency (from the clock read inside the write, once "
                + "the queue opened it). Each ends at the consumer's clock read as soon as the queue shows it the "
                + "message." + queueWords(data));
        md.line();
        md.line(String.format(Locale.ROOT, "Each cell is one fresh JVM: warm-up %s (longer where Table 1 says so), "
                        + "then %s measured; %s, interleaved%s. Started %s by %s.",
                        Units.seconds(s.warmupNs), Units.seconds(s.durationNs), s.runs == null && plan.auto != null
                                ? "rounds of one run of each JVM not yet decided (--runs auto; see \"Runs until "
                                + "decided\")" : MatrixPlan.fixedRuns(s) + " run(s) per JVM",
                s.skipFirst ? "; each JVM's first run is left out of the statistics (--skip-first)" : "",
                plan.startedAt, plan.tool)
                + " Each cell calls System.gc() once before its schedule starts and once 1.5 s before its window (in "
                + "the warm-up, whose numbers are discarded): a window without a GC pause is this design, not a JVM's "
                + "merit; a GC pause in the window makes the cell not valid.");
        md.line();
        md.line(estimateWords(slices.get(0)));
        md.line();
    }

    /** The figures, each with its caption, or where it could not be drawn its name and why. */
    private static void figures(Markdown md, MatrixData data, List<Analysis> slices,
            java.util.Map<String, String> missingFigures) {
        boolean sweep = slices.size() > 1;
        md.line("## Figures");
        md.line();
        md.line("The figures show the estimates of Table 3: in Figures 1 and 2 each JVM's median run as its marker "
                + "with its value, the interval as a bar, every counted run as a dot, and the host's floor at the "
                + "same percentile as a grey dash; in the others each JVM's estimates as a line, each with its "
                + "interval as a bar, and the host's floor as a grey dashed line. The intervals are Table 3's "
                + "(the confidence the runs give), not the verdicts'. Each JVM keeps its colour and marker in every "
                + "figure; the full report with zoomable timelines is report.html.");
        md.line();
        if (!missingFigures.isEmpty()) {
            md.line("**Figures not drawn:** " + missingFigures.size()
                    + ", named below; every number they would show is in the tables. Why: "
                    + String.join("; and ", new java.util.LinkedHashSet<>(missingFigures.values())) + ".");
            md.line();
        }
        for (Analysis a : slices) {
            String suffix = sweep ? a.data.slice.suffix() : "";
            String of = sweep ? ", " + a.data.slice.label() : "";
            figure(md, missingFigures, "Figure 1: the median per JVM" + of, "Median latency per JVM" + of,
                    FigureData.file(FigureData.MEDIAN_PNG, suffix));
            figure(md, missingFigures, "Figure 2: p99.99 per JVM" + of, "p99.99 latency per JVM" + of,
                    FigureData.file(FigureData.P9999_PNG, suffix));
            figure(md, missingFigures, "Figure 3: every reported percentile per JVM" + of, "Latency by percentile" + of,
                    FigureData.file(FigureData.PERCENTILES_PNG, suffix));
        }
        for (String[] figure : FigureData.dimensionFigures(data)) {
            figure(md, missingFigures, figure[0], figure[0], figure[1]);
        }
    }

    /** "Figure 1: the median per JVM. ![...](median.png)", or where it could not be drawn, its name and "not drawn". */
    private static void figure(Markdown md, java.util.Map<String, String> missing, String caption, String alt,
            String file) {
        md.line(missing.containsKey(file) ? caption + ": not drawn (" + file + ")."
                : caption + ". ![" + alt + "](" + file + ")");
        md.line();
    }

    /**
     * " The queue: Chronicle Queue 2026.4 (binary wire) under /dev/shm, FAST_DAILY cycles, 16 GiB blocks." From the
     * cells' results.
     */
    private static String queueWords(MatrixData data) {
        java.util.Set<String> queue = new java.util.LinkedHashSet<>();
        java.util.Set<String> where = new java.util.LinkedHashSet<>();
        java.util.Set<String> cycles = new java.util.LinkedHashSet<>();
        java.util.Set<String> blocks = new java.util.LinkedHashSet<>();
        for (io.queuelatency.result.RunResult r : data.results()) {
            queue.add(r.queue.implementation);
            String fs = r.host.queueFileSystem; // "tmpfs (tmpfs)": the store's name and its type
            String type = fs == null ? null : fs.contains("(") && fs.endsWith(")")
                    ? fs.substring(fs.lastIndexOf('(') + 1, fs.length() - 1) : fs;
            where.add(r.config.queueParent + (type == null ? "" : " (" + type + ")"));
            cycles.add(r.config.chosenRollCycle);
            blocks.add(Units.bytes(r.config.settings.blockSize));
        }
        if (queue.isEmpty()) {
            return "";
        }
        return " The queue: " + String.join(", ", queue) + " under " + String.join(", ", where) + ", "
                + String.join(", ", cycles)
                + " cycles, blocks of " + String.join(", ", blocks) + " (per cell in results.json).";
    }

    /** "256-byte messages at 100,000 msg/s", or the sweep's sizes and rates. */
    private static String what(MatrixData data) {
        List<Integer> sizes = new ArrayList<>();
        List<Long> rates = new ArrayList<>();
        for (MatrixData.Slice sl : data.slices()) {
            if (!sizes.contains(sl.size)) {
                sizes.add(sl.size);
            }
            if (!rates.contains(sl.rate)) {
                rates.add(sl.rate);
            }
        }
        List<String> sizeText = new ArrayList<>();
        for (int size : sizes) {
            sizeText.add(Integer.toString(size));
        }
        List<String> rateText = new ArrayList<>();
        for (long rate : rates) {
            rateText.add(String.format(Locale.ROOT, "%,d", rate));
        }
        return String.join(", ", sizeText) + "-byte messages at " + String.join(", ", rateText) + " msg/s"
                + (sizes.size() * rates.size() > 1 ? " (each size at each rate a slice of its own)" : "");
    }

    /** What every number below is, in words. */
    static String estimateWords(Analysis a) {
        int fewest = a.fewestRuns();
        String confidence = fewest >= 2 ? Units.percent(OverRuns.confidenceOf(fewest)) : "95%";
        int enough = OverRuns.runsFor(OverRuns.WANTED);
        return "Every latency below is one estimate per JVM, used everywhere in this report: with two or more runs "
                + "counted, the median run's value, with the interval of the median between two of the runs' own "
                + "values (it never leaves the range the runs showed), each percentile on its own, so a row can take "
                + "its values from different runs; with one run, that run's value with the 95% order-statistic "
                + "interval of its samples. The interval's confidence is what the number of runs can give: "
                + (fewest >= 2
                ? fewest + " runs give " + confidence + (fewest < enough ? "; " + Words.enoughRuns() : "") + "."
                : "one run gives 95% within that run, and nothing about run-to-run variation; " + Words.enoughRuns()
                + " over runs.")
                + " The worst is the largest value any counted run saw, with that run named. Values in ns, µs "
                + "or ms, three digits.";
    }

    static void environment(Markdown md, MatrixData data) {
        md.line("## Environment");
        md.line();
        md.row("what", "found");
        md.rule(2);
        for (String[] row : HostEnvironment.rows(data)) {
            md.row(row);
        }
        md.line();
    }

    static void table1(Markdown md, MatrixData data) {
        md.line("## Table 1: the JVMs");
        md.line();
        md.row("id", "JVM", "vendor", "version", "release", "VM", "compiler", "GC", "warm-up",
                "options the tool added");
        md.rule(10);
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            if (j.available) {
                RunResult r = data.firstResult(j);
                md.row(j.id, j.label, j.vendor, j.version, r == null ? "-" : JvmWords.release(r.jvm.release),
                        j.vmName, j.compiler, r == null ? "-" : r.jvm.garbageCollector, Units.seconds(j.warmupNs),
                        options(j.jvmOptions));
            }
        }
        md.line();
        List<MatrixPlan.PlannedJvm> missing = new ArrayList<>();
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            if (!j.available) {
                missing.add(j);
            }
        }
        if (!missing.isEmpty()) {
            md.line("Not run:");
            md.line();
            md.row("id", "JVM", "why");
            md.rule(3);
            for (MatrixPlan.PlannedJvm j : missing) {
                md.row(j.id, j.label, j.unavailable);
            }
            md.line();
        }
        md.line("Access flags: those Chronicle Queue needs, `--add-exports` and `--add-opens` from JDK 9, and from JDK "
                + "24 also `--enable-native-access` and `--sun-misc-unsafe-memory-access`. Every cell's exact command "
                + "line is in `results.json` and `cells/<cell>/cell.json`.");
        md.line();
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

    static void warnings(Markdown md, MatrixData data) {
        CellsMarkdown.warnings(md, data);
    }

    static void hostCheckSection(Markdown md, HostVerdict check) {
        CellsMarkdown.hostCheck(md, check);
    }

    static void cells(Markdown md, MatrixData data) {
        CellsMarkdown.validity(md, data);
    }

    private static String orNone(Object o) {
        String s = o == null ? "" : o.toString();
        return s.isEmpty() ? "none" : s;
    }

}
