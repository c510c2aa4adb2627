package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import io.queuelatency.words.DefinitionWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** summary.md's "How this was measured", the first of the evidence: one short line each. */
final class MethodMarkdown {
    private MethodMarkdown() {
    }

    /** "How this was measured": what was timed, the queue, the cells, the estimates and the verdicts, in short. */
    static void measured(Markdown md, MatrixData data, List<Analysis> slices) {
        MatrixPlan plan = data.plan;
        Settings s = plan.settings;
        md.paragraph("## How this was measured");
        md.line("- **Timed:** one-way latency of " + what(data) + " from a pinned producer thread through Chronicle "
                + "Queue to a pinned consumer thread, ending at the consumer's clock read when the queue shows it the "
                + "message.");
        String processes = betweenProcesses(plan);
        if (processes != null) {
            md.line("- **Between processes:** " + processes);
        }
        md.line("- " + DefinitionWords.method(slices.get(0).measured()));
        String queue = queueWords(data);
        if (!queue.isEmpty()) {
            md.line("- **The queue:**" + queue.substring(" The queue:".length()));
        }
        md.line(String.format(Locale.ROOT, "- **Cells:** each a fresh JVM: warm-up %s (longer where Table 1 says so), "
                        + "then %s measured; %s, interleaved%s. Started %s by %s.",
                Units.seconds(s.warmupNs), Units.seconds(s.durationNs), s.runs == null && plan.auto != null
                        ? "rounds of one run of each JVM not yet decided (--runs auto; see \"Runs until decided\")"
                        : MatrixPlan.fixedRuns(s) + " run(s) per JVM" + (s.profile == null ? ""
                        : " and " + (MatrixPlan.plannedRuns(s) - MatrixPlan.fixedRuns(s)) + " profiled beside them"),
                s.skipFirst ? "; each JVM's first run left out of the statistics (--skip-first)" : "",
                plan.startedAt, plan.tool));
        md.line("- **GC:** each cell calls System.gc() before its schedule and 1.5 s before its window (in the "
                + "warm-up): " + (GcMarkdown.shown(data)
                ? "the workload allocates, so a GC pause in the window is part of the latency and a cause of the tail "
                        + "(\"GC in the window\"), not a reason a cell is not valid."
                : "a window without a GC pause is this design, not a JVM's merit; a GC pause in the window makes the "
                        + "cell not valid."));
        for (String line : estimateLines(slices.get(0))) {
            md.line("- " + line);
        }
        md.line();
    }

    /** Which JVMs' cells ran the producer in a second JVM (--topology processes); null: none did. */
    static String betweenProcesses(MatrixPlan plan) {
        List<String> ids = plan.jvms.stream().filter(j -> j.studyOptions.contains("--topology=" + Settings.PROCESSES))
                .map(j -> j.id).collect(Collectors.toList());
        return ids.isEmpty() ? null : (ids.size() == plan.jvms.size() ? "every JVM's cells" : String.join(", ", ids))
                + ": the producer in a second JVM (the same java, flags and class path) writing into the same queue "
                + "files, both timed by the host's one clock, System.nanoTime() (--topology processes)"
                + (ids.size() == plan.jvms.size() ? "." : "; the others: two threads of one JVM.");
    }

    /** What every number is, in words: the estimate, its confidence, the worst, the verdict column. */
    static List<String> estimateLines(Analysis a) {
        int fewest = a.fewestRuns();
        int enough = OverRuns.runsFor(OverRuns.WANTED);
        List<String> lines = new ArrayList<>();
        lines.add("**Estimate:** one per JVM and percentile, used everywhere here: of two or more runs, the median of "
                + "their values (of an even number, the midpoint of the middle two), its interval between two runs' "
                + "own values; of one run, its value with the 95% interval of its samples.");
        lines.add("**Confidence:** " + (fewest >= 2 ? fewest + " runs give "
                + Units.percent(OverRuns.confidenceOf(fewest)) + (fewest < enough ? "; " + Words.enoughRuns() : "")
                : "one run gives 95% within that run, nothing about run-to-run variation; " + Words.enoughRuns()
                + " over runs") + ". **worst:** the largest value any counted run saw (Table 3 names the run). "
                + "Values in ns, µs or ms, three digits; an interval in its value's unit.");
        lines.add(String.format(Locale.ROOT, "**Verdict at p50:** against the lowest p50 estimate (the leader): the "
                + "median of this JVM's run-to-run ratios to the leader's runs, with its exact interval, all "
                + "comparisons' error controlled together; equivalent within %.0f%% either way; else undecided, "
                + "with why (\"Verdicts, pair by pair\").", 100 * a.margin));
        return lines;
    }

    /** " The queue: Chronicle Queue 2026.4 under /dev/shm, FAST_DAILY cycles, 16 GiB blocks." */
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
    static String what(MatrixData data) {
        List<String> sizes = data.slices().stream().map(sl -> Integer.toString(sl.size)).distinct()
                .collect(Collectors.toList());
        List<String> rates = data.slices().stream().map(sl -> String.format(Locale.ROOT, "%,d", sl.rate)).distinct()
                .collect(Collectors.toList());
        return RunWords.messages(String.join(", ", sizes), data.plan.settings) + " at " + String.join(", ", rates)
                + " msg/s"
                + (sizes.size() * rates.size() > 1 ? " (each size at each rate a slice of its own)" : "");
    }
}
