package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Environment;
import io.queuelatency.result.HostVerdict;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Tail;
import io.queuelatency.stats.OverRuns;
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
        HostVerdict check = hostCheck(data);
        MatrixPlan plan = data.plan;
        MatrixPlan.Settings s = plan.settings;
        boolean sweep = slices.size() > 1;
        md.line("# JVM latency matrix " + plan.runId);
        md.line();
        md.line("**Host: " + (check == null ? "not checked" : check.headline()) + ".**");
        md.line();
        md.line("## Which JVM on this host?");
        md.line();
        if (sweep) {
            md.line("JVMs are compared within each slice (one message size at one rate); each slice's verdicts control their error together.");
            md.line();
            for (Analysis a : slices) {
                md.line("**" + a.data.slice.label() + ".** " + String.join(" ", a.sentences()));
                md.line();
            }
            md.line(hostSentence(check));
        } else {
            md.line(slices.get(0).paragraph(check));
        }
        md.line();
        md.line("One-way latency of " + what(data) + " from a pinned producer thread through Chronicle Queue to a pinned consumer thread, per JVM. "
                + "Headline: latency from the **intended** (scheduled) send time, which includes any delay of the producer "
                + "(coordinated omission corrected); the article's definition, from the **actual** send (the producer's clock read "
                + "immediately before the queue's write call), follows it, then the **in-queue** latency (from the clock read inside "
                + "the write, once the queue opened it).");
        md.line();
        md.line(String.format(Locale.ROOT, "Each cell is one fresh JVM: warm-up %s (longer where Table 1 says so), then %s measured; %d run(s) per JVM, interleaved%s. "
                        + "Started %s by %s.", seconds(s.warmupNs), seconds(s.durationNs), s.runs,
                s.skipFirst ? "; each JVM's first run is left out of the statistics (--skip-first)" : "", plan.startedAt, plan.tool));
        md.line();
        md.line(estimateWords(slices.get(0)));
        md.line();
        environment(md, data);
        table1(md, data);
        for (Analysis a : slices) {
            Markdown slice = new Markdown();
            table2(slice, a);
            table3(slice, a, Definition.INTENDED, "Table 3: latency from the intended send time (headline)");
            table3(slice, a, Definition.ACTUAL, "Table 3b: latency from the actual send, the clock read before the write call (the article's definition)");
            table3(slice, a, Definition.IN_QUEUE, "Table 3c: latency from inside the write, once the queue opened it (in-queue)");
            openingTheWrite(slice, a);
            runsSideBySide(slice, a);
            verdicts(slice, a);
            floor(slice, a);
            tail(slice, a, missingFigures);
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
        md.line("## Figures");
        md.line();
        md.line("The figures show the estimates of Table 3: each JVM's median run as a diamond, the interval as a bar, every counted run as a dot.");
        md.line();
        if (!missingFigures.isEmpty()) {
            md.line("**Figures not drawn:** " + missingFigures.size() + ", named below; every number they would show is in the tables. Why: "
                    + String.join("; and ", new java.util.LinkedHashSet<>(missingFigures.values())) + ".");
            md.line();
        }
        for (Analysis a : slices) {
            String suffix = sweep ? a.data.slice.suffix() : "";
            String of = sweep ? ", " + a.data.slice.label() : "";
            figure(md, missingFigures, "Figure 1: the median per JVM" + of, "Median latency per JVM" + of, Charts.file(Charts.MEDIAN_PNG, suffix));
            figure(md, missingFigures, "Figure 2: p99.99 per JVM" + of, "p99.99 latency per JVM" + of, Charts.file(Charts.P9999_PNG, suffix));
            figure(md, missingFigures, "Figure 3: every reported percentile per JVM" + of, "Latency by percentile" + of,
                    Charts.file(Charts.PERCENTILES_PNG, suffix));
        }
        for (String[] figure : Charts.dimensionFigures(data)) {
            figure(md, missingFigures, figure[0], figure[0], figure[1]);
        }
        cells(md, data);
        md.line("Numbers are data, not conclusions: the verdicts above say which differences the runs support.");
        return md.toString();
    }

    /** "Figure 1: the median per JVM. ![...](median.png)", or where it could not be drawn, its name and "not drawn". */
    private static void figure(Markdown md, java.util.Map<String, String> missing, String caption, String alt, String file) {
        md.line(missing.containsKey(file) ? caption + ": not drawn (" + file + ")." : caption + ". ![" + alt + "](" + file + ")");
        md.line();
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

    private static String hostSentence(HostVerdict check) {
        if (check == null) {
            return "The host was not checked: judge its numbers with care.";
        }
        return check.publishable() ? "The host check found this host fit for publishable numbers."
                : "The host check says **" + check.headline() + "**: these numbers hold for this host as it is, not for a tuned one.";
    }

    /** What every number below is, in words. */
    static String estimateWords(Analysis a) {
        int fewest = a.fewestRuns();
        String confidence = fewest >= 2 ? Units.percent(OverRuns.confidenceOf(fewest)) : "95%";
        int enough = OverRuns.runsFor(OverRuns.WANTED);
        return "Every latency below is one estimate per JVM, used everywhere in this report: with two or more runs counted, "
                + "the median run's value, with the interval of the median between two of the runs' own values (it never "
                + "leaves the range the runs showed); with one run, that run's value with the 95% order-statistic interval of "
                + "its samples. The interval's confidence is what the number of runs can give: " + (fewest >= 2
                ? fewest + " runs give " + confidence + (fewest < enough ? "; " + Estimate.enoughRuns() : "") + "."
                : "one run gives 95% within that run, and nothing about run-to-run variation; " + Estimate.enoughRuns() + " over runs.")
                + " The worst is the largest value any counted run saw, with that run named. Values in ns, µs or ms, three digits.";
    }

    private static void environment(Markdown md, MatrixData data) {
        md.line("## Environment");
        md.line();
        md.row("what", "found");
        md.rule(2);
        for (String[] row : HostEnvironment.rows(data)) {
            md.row(row);
        }
        md.line();
    }

    private static void table1(Markdown md, MatrixData data) {
        md.line("## Table 1: the JVMs");
        md.line();
        md.row("id", "JVM", "vendor", "version", "release", "VM", "compiler", "GC", "warm-up", "options the tool added");
        md.rule(10);
        for (MatrixPlan.Jvm j : data.plan.jvms) {
            if (j.available) {
                RunResult r = data.firstResult(j);
                md.row(j.id, j.label, j.vendor, j.version, r == null ? "-" : r.jvm.release, j.vmName, j.compiler,
                        r == null ? "-" : r.jvm.garbageCollector, seconds(j.warmupNs), options(j.jvmOptions));
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

    private static void table2(Markdown md, Analysis a) {
        md.line("## Table 2: how many samples stand behind each percentile");
        md.line();
        md.line("Per JVM, the samples in one run's measured window and how many of them lie above each percentile (intended "
                + "latency), each the median over the runs counted. A percentile with few samples beyond it is an anecdote, not a measurement.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("runs counted");
        header.add("samples per run");
        for (Percentile p : Percentile.belowWorst()) {
            header.add("beyond " + p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.Jvm j : a.jvms) {
            List<String> row = new ArrayList<>();
            row.add(j.id);
            Estimate first = a.estimate(j, Definition.INTENDED, Percentile.P50);
            row.add(Integer.toString(first.runs));
            row.add(String.format(Locale.ROOT, "%,d", first.samples));
            for (Percentile p : Percentile.belowWorst()) {
                row.add(String.format(Locale.ROOT, "%,d", a.estimate(j, Definition.INTENDED, p).beyond));
            }
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    private static void table3(Markdown md, Analysis a, Definition definition, String title) {
        md.line("## " + title);
        md.line();
        md.line("The estimate of each percentile with its interval (see above), and its confidence; \"n/a\" where too few "
                + "samples lie beyond the percentile to bound it; the worst with the run that saw it.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        for (Percentile p : Percentile.REPORTED) {
            header.add(p.label());
        }
        header.add("runs counted");
        header.add("confidence");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.Jvm j : a.data.plan.jvms) {
            if (!j.available) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(j.id);
            if (!a.jvms.contains(j)) {
                for (int i = 0; i < Percentile.REPORTED.size(); i++) {
                    row.add("-");
                }
                row.add("0 of " + a.data.cellsOf(j).size());
                row.add("-");
            } else if (a.estimate(j, definition, Percentile.P50) == null) {
                for (int i = 0; i < Percentile.REPORTED.size(); i++) {
                    row.add("-");
                }
                row.add(notMeasured(a, j, definition));
                row.add("-");
            } else {
                for (Percentile p : Percentile.REPORTED) {
                    row.add(a.estimate(j, definition, p).cell());
                }
                Estimate median = a.estimate(j, definition, Percentile.P50);
                row.add(median.runs + " of " + a.data.cellsOf(j).size());
                row.add(Units.percent(median.confidence));
            }
            md.row(row.toArray(new String[0]));
        }
        md.line();
    }

    /** Why a JVM's table of {@code d} is empty: results stored before the definition was measured, or messages too small. */
    private static String notMeasured(Analysis a, MatrixPlan.Jvm j, Definition d) {
        for (Estimate.Run run : a.data.statisticRuns(j)) {
            if (run.result.hlogTag(d) == null) {
                return "not measured: stored by an earlier version, whose producer read the clock only inside the write "
                        + "(that reading is in Table 3c, in-queue)";
            }
        }
        return "not measured: " + (d == Definition.ACTUAL ? "messages under " + io.queuelatency.measure.MessageLayout.ACTUAL_SIZE
                + " bytes carry no actual send time" : "messages under " + io.queuelatency.measure.MessageLayout.HEADER_BYTES
                + " bytes carry no in-queue send time");
    }

    /**
     * What opening the queue's write costs: per JVM, actual minus in-queue at the median and p99 (each the difference of
     * the two estimates above), where both were measured.
     */
    private static void openingTheWrite(Markdown md, Analysis a) {
        List<String[]> rows = new ArrayList<>();
        for (MatrixPlan.Jvm j : a.jvms) {
            Estimate a50 = a.estimate(j, Definition.ACTUAL, Percentile.P50);
            Estimate q50 = a.estimate(j, Definition.IN_QUEUE, Percentile.P50);
            Estimate a99 = a.estimate(j, Definition.ACTUAL, Percentile.P99);
            Estimate q99 = a.estimate(j, Definition.IN_QUEUE, Percentile.P99);
            if (a50 != null && q50 != null && a99 != null && q99 != null) {
                rows.add(new String[] {j.id, Units.ns(a50.value - q50.value), Units.ns(a99.value - q99.value)});
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.line("Opening the write: actual minus in-queue, the time from the clock read before the write call to the one "
                + "inside it (Table 3b minus Table 3c). The reference study's figures include it; the in-queue latency does not.");
        md.line();
        md.row("JVM", "p50", "p99");
        md.rule(3);
        for (String[] row : rows) {
            md.row(row);
        }
        md.line();
    }

    /** JLBH's view: every run's value side by side, marked where it is not counted. */
    private static void runsSideBySide(Markdown md, Analysis a) {
        MatrixData data = a.data;
        int runs = data.plan.settings.runs;
        if (runs < 2) {
            return;
        }
        md.line("## Runs side by side (intended latency)");
        md.line();
        md.line("Each run is a fresh JVM. The estimate is the median of the runs counted" + (data.plan.settings.skipFirst
                ? "; run 1 is shown but not counted (--skip-first)" : "") + ". A difference between JVMs smaller than their runs' range is not a difference.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("percentile");
        for (int r = 1; r <= runs; r++) {
            header.add("run " + r + (data.plan.settings.skipFirst && r == 1 ? " (not counted)" : ""));
        }
        header.add("estimate");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.Jvm j : a.jvms) {
            for (Percentile p : Percentile.HEADLINE) {
                List<String> row = new ArrayList<>();
                row.add(j.id);
                row.add(p.label());
                for (int r = 1; r <= runs; r++) {
                    MatrixData.Cell cell = null;
                    for (MatrixData.Cell c : data.cellsOf(j)) {
                        if (c.id.run == r) {
                            cell = c;
                        }
                    }
                    if (cell == null || !cell.valid()) {
                        row.add(cell == null || cell.outcome == null ? "-" : cell.outcome.status.name());
                    } else {
                        row.add(Units.ns(cell.run().value(Definition.INTENDED, p)));
                    }
                }
                row.add(a.estimate(j, Definition.INTENDED, p).cell());
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }

    private static void verdicts(Markdown md, Analysis a) {
        md.line("## Verdicts, pair by pair");
        md.line();
        if (a.jvms.size() < 2) {
            md.line("Fewer than two JVMs with valid runs: nothing to compare.");
            md.line();
            return;
        }
        String control = a.comparisons == 0
                ? "No pair is tested here (every pair at every percentile has no verdict, for the reason given), so there is no error to control."
                : String.format(Locale.ROOT, "The error is controlled across the whole report: %d comparisons, each at 5%% / %d = %s "
                        + "(Bonferroni), so the chance of any false \"faster\" in this table is at most 5%%.", a.comparisons, a.comparisons,
                        Units.percent(0.05 / a.comparisons));
        md.line(String.format(Locale.ROOT, "Intended latency. Each verdict states the ratio of the two JVMs' estimates in Table 3 "
                + "(median run over median run), with an interval for that ratio built from the two intervals Table 3 shows "
                + "(Bonett and Price's interval for a ratio of medians: each median's spread from the runs that bound its interval, "
                + "at that interval's confidence). %s Three outcomes: "
                + "faster by x%% [interval]; equivalent, where the whole interval lies within %.0f%% either way (the practical margin, "
                + "--margin); cannot tell, with about how many runs per JVM would decide at the spread seen. No verdict where the "
                + "host's tail dominates (see the floor) or a JVM has fewer than 2 runs.", control, 100 * a.margin));
        md.line();
        List<String> header = new ArrayList<>();
        header.add("pair");
        for (Percentile p : Percentile.HEADLINE) {
            header.add(p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (int i = 0; i < a.jvms.size(); i++) {
            for (int k = i + 1; k < a.jvms.size(); k++) {
                List<String> row = new ArrayList<>();
                row.add(a.jvms.get(i).id + " vs " + a.jvms.get(k).id);
                for (Percentile p : Percentile.HEADLINE) {
                    for (Analysis.Verdict v : a.verdictsAt(p)) {
                        if (v.first == a.jvms.get(i) && v.second == a.jvms.get(k)) {
                            row.add(v.text(a.margin));
                        }
                    }
                }
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }

    private static void floor(Markdown md, Analysis a) {
        md.line("## The floor: what the two CPUs can do without a queue");
        md.line();
        md.line("After its measured window (when the JIT is quiet), each cell measured a bare one-way hand-off between the same "
                + "two pinned CPUs through shared memory (same schedule, same clock, no queue, no persistence). Per JVM, the floor's "
                + "whole percentile row beside the queue's (intended latency, the same estimates as Table 3). Where, above the median, "
                + "the floor reaches half the queue's value or more, that percentile measures the host, not the JVM, and gets no verdict.");
        md.line();
        List<String> header = new ArrayList<>();
        header.add("JVM");
        header.add("");
        for (Percentile p : Percentile.REPORTED) {
            header.add(p.label());
        }
        header.add("clock read");
        header.add("histogram record");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        boolean any = false;
        for (MatrixPlan.Jvm j : a.jvms) {
            if (a.floor(j, Definition.INTENDED, Percentile.P50) == null) {
                continue;
            }
            any = true;
            List<String> floor = new ArrayList<>();
            List<String> queue = new ArrayList<>();
            List<String> share = new ArrayList<>();
            floor.add(j.id);
            floor.add("floor");
            queue.add("");
            queue.add("queue");
            share.add("");
            share.add("floor / queue");
            for (Percentile p : Percentile.REPORTED) {
                Estimate f = a.floor(j, Definition.INTENDED, p);
                Estimate q = a.estimate(j, Definition.INTENDED, p);
                floor.add(f == null ? "-" : Units.ns(f.value));
                queue.add(Units.ns(q.value));
                double ratio = f == null ? Double.NaN : f.value / q.value;
                share.add(Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.0f%%%s", 100 * ratio,
                        Analysis.judgesHost(p) && ratio >= Analysis.HOST_SHARE ? " (host)" : ""));
            }
            double clock = 0;
            double record = 0;
            List<Estimate.Run> runs = a.data.statisticRuns(j);
            for (Estimate.Run run : runs) {
                clock += run.result.floor.clockReadNs;
                record += run.result.floor.histogramRecordNs;
            }
            floor.add(String.format(Locale.ROOT, "%.1f ns", clock / runs.size()));
            floor.add(String.format(Locale.ROOT, "%.1f ns", record / runs.size()));
            queue.add("");
            queue.add("");
            share.add("");
            share.add("");
            md.row(floor.toArray(new String[0]));
            md.row(queue.toArray(new String[0]));
            md.row(share.toArray(new String[0]));
        }
        if (!any) {
            md.line("Not measured (--floor 0s).");
        }
        md.line();
        List<String> hosts = new ArrayList<>();
        for (Analysis.HostShare s : a.hostShare.values()) {
            if (s.hosts()) {
                hosts.add(s.percentile.name());
            }
        }
        boolean byTail = false;
        for (Analysis.TailHost t : a.tailHost.values()) {
            if (a.isHostsByTail(t.percentile)) {
                byTail = true;
                md.line(String.format(Locale.ROOT, "The host's tail by its causes: at %s, %.0f%% of %s's samples beyond are explained by a "
                        + "stall, a queue roll or new block or a late send and by no GC pause or safepoint (see \"What the tail is made of\"); no JVM "
                        + "verdict is given there.", t.percentile.name(), 100 * t.share, t.jvm.id));
                md.line();
            }
        }
        md.line((hosts.isEmpty() ? byTail ? "By the floor alone, no tail percentile is the host's."
                : "No tail percentile is dominated by the host: every percentile can carry a JVM verdict."
                : "The host's tail: at " + String.join(", ", hosts) + " the bare hand-off reaches half the queue's latency or more; "
                + "there the numbers measure this host's scheduling, not the JVM, and no JVM verdict is given.")
                + " The median is not judged so: there the floor is the hardware's cost of moving a cache line between the two CPUs, "
                + "paid alike by every JVM. Clock read and histogram record: the mean cost of one System.nanoTime() and one histogram "
                + "record, the harness's own per-message costs.");
        md.line();
    }

    private static void tail(Markdown md, Analysis a, java.util.Map<String, String> missingFigures) {
        md.line("## What the tail is made of");
        md.line();
        md.line("Per JVM, the samples beyond p99, p99.9 and p99.99 (intended latency) of its counted runs, pooled, and the share each "
                + "cause explains: a stall of the producer's CPU while it waited for a slot, a producer stall spanning its write to the "
                + "queue (page faults on the mapped file, a block mapped, or the CPU taken), a stall of the consumer's CPU, a stall of "
                + "either across the queue's roll to a new cycle file, or across its mapping of a new block of that file, a GC pause, "
                + "another safepoint; a late send with no stall seen; none "
                + "found. A cause explains a sample when it covers at least half of its latency; a sample may have several. Stalls are "
                + "the host's (or the queue's, in the write, at a roll and at a new block); GC pauses and safepoints are the JVM's, and only those are a "
                + "reason to prefer one JVM to another. \"not the JVM's\": the share explained by a stall, a roll, a new block or a late send and by "
                + "no GC pause or safepoint; where it is half or more for some JVM, that percentile gets no verdict. \"matched\": the samples kept "
                + "with their times. Each run's own breakdown is in its table.txt and result.json.");
        md.line();
        List<String[]> rows = new ArrayList<>();
        List<String> none = new ArrayList<>();
        for (MatrixPlan.Jvm j : a.jvms) {
            boolean recorded = false;
            for (Percentile p : Analysis.TAIL_PERCENTILES) {
                Analysis.TailShare share = a.tail(j, p);
                if (share == null) {
                    continue;
                }
                recorded = true;
                List<String> row = new ArrayList<>(java.util.Arrays.asList(j.id, p.name(), Integer.toString(share.runs),
                        String.format(Locale.ROOT, "%,d", share.samples), String.format(Locale.ROOT, "%,d", share.matched)));
                for (Tail.Cause c : Tail.Cause.values()) {
                    row.add(share.matched == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share.share(c)));
                }
                row.add(share.notJvmShare() < 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share.notJvmShare()));
                rows.add(row.toArray(new String[0]));
            }
            if (!recorded) {
                none.add(j.id);
            }
        }
        if (!rows.isEmpty()) {
            List<String> header = new ArrayList<>(java.util.Arrays.asList("JVM", "percentile", "runs", "beyond", "matched"));
            for (Tail.Cause c : Tail.Cause.values()) {
                header.add(c.words.replaceAll(" \\(.*\\)", ""));
            }
            header.add("not the JVM's");
            md.row(header.toArray(new String[0]));
            md.rule(header.size());
            for (String[] row : rows) {
                md.row(row);
            }
            md.line();
        }
        List<String> timelines = new ArrayList<>();
        for (MatrixPlan.Jvm j : a.jvms) {
            List<String> links = new ArrayList<>();
            for (MatrixData.Cell c : a.data.cells) {
                if (c.jvm.id.equals(j.id) && c.result != null && c.result.tail != null) {
                    String file = MatrixReport.timeline(c.id);
                    links.add(missingFigures.containsKey(file) ? "run " + c.id.run + " (not drawn)" : "[run " + c.id.run + "](" + file + ")");
                }
            }
            if (!links.isEmpty()) {
                timelines.add("- " + j.id + ": " + String.join(", ", links));
            }
        }
        if (!timelines.isEmpty()) {
            md.line("Timelines, one per run: per second of the window the maximum and p99 of the intended latency and the p99 of "
                    + "the actual, and on the same axis the longest stall of each CPU in that second, every safepoint and GC pause "
                    + "with its length, and each queue roll or new block. A second whose maximum sits on a stall mark is that stall.");
            md.line();
            for (String t : timelines) {
                md.line(t);
            }
            md.line();
        }
        if (!none.isEmpty()) {
            md.line("Not recorded for " + String.join(", ", none) + " (results written before schema 3, or runs with --no-attribution).");
            md.line();
        }
    }

    private static void warnings(Markdown md, MatrixData data) {
        md.line("## Warnings per cell");
        md.line();
        md.line("What did not invalidate a cell but bears on its numbers: how far the producer fell behind its schedule at "
                + "worst and what share of the window's messages it sent late (that delay is in the intended latency, by "
                + "design; a producer that cannot keep up at all fails the rate rule), pins that did not take, and values outside the histogram's range.");
        md.line();
        md.row("cell", "producer worst behind", "sent late", "pin failures", "clamped values", "warnings");
        md.rule(6);
        for (MatrixData.Cell c : data.cells) {
            RunResult r = c.result;
            if (r == null) {
                continue;
            }
            md.row(c.id.toString(), Units.ns(r.rate.maxSendLagNs), String.format(Locale.ROOT, "%,d (%s)", r.rate.lateSends,
                    latePercent(r)), Integer.toString(pinFailures(r)), Long.toString(r.messages.clampedHigh + r.messages.clampedNegative),
                    String.join("; ", r.validity.warnings));
        }
        md.line();
    }

    static String latePercent(RunResult r) {
        return r.messages.measured == 0 ? "-" : String.format(Locale.ROOT, "%.2f%%", 100.0 * r.rate.lateSends / r.messages.measured);
    }

    static int pinFailures(RunResult r) {
        int n = 0;
        for (String w : r.setupWarnings) {
            if (w.contains(" not pinned to CPU ")) {
                n++;
            }
        }
        return n;
    }

    static HostVerdict hostCheck(MatrixData data) {
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
                    r == null ? "-" : Units.ns(r.rate.maxSendLagNs),
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
