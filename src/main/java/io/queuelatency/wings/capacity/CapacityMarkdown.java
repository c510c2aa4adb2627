package io.queuelatency.wings.capacity;

import io.queuelatency.report.Markdown;
import io.queuelatency.report.MatrixSections;
import io.queuelatency.report.Words;
import io.queuelatency.result.Budget;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** summary.md of a capacity search: each JVM's bracket, every step, then the matrix sections. */
final class CapacityMarkdown {
    private CapacityMarkdown() {
    }

    static String render(Capacity c, Map<String, String> missingFigures) {
        Markdown md = new Markdown();
        MatrixPlan plan = c.data.plan;
        Settings s = plan.settings;
        HostFindings check = c.data.hostCheck();
        String budgets = CapacityWords.budgets(c.plan.budgets);
        md.paragraph("# Capacity at a latency budget " + plan.runId);
        md.paragraph("**Host: " + (check == null ? "not checked" : HostWords.headline(check)) + ".**");
        md.paragraph("## Which JVM holds " + budgets + " at the highest rate on this host?");
        md.paragraph(answer(c, budgets) + " " + Words.hostSentence(check));
        md.paragraph(String.format(Locale.ROOT, "Searched per JVM: the highest rate of %d-byte messages at which the "
                + "one-way latency from the **intended** (scheduled) send time to the consumer's read keeps %s, from "
                + "a pinned producer thread through Chronicle Queue to a pinned consumer thread. The intended latency "
                + "includes any delay of a producer falling behind its schedule (coordinated omission corrected), so "
                + "a rate the producer cannot keep shows in it. Steps up by %s× from %,d msg/s (down where the first "
                + "breaks, to %,d at least; up to %,d at most), then the bracket halved (geometrically) until its "
                + "ends are within %s. Each step is %d run(s) per JVM, each a fresh JVM, interleaved across the JVMs: "
                + "warm-up %s (longer where Table 1 says so), then %s measured. Started %s by %s.",
                s.size, budgets, CapacityWords.factor(c.plan.factor), s.rate, c.plan.minRate, c.plan.maxRate,
                Units.percent(c.plan.resolution), MatrixPlan.fixedRuns(s), Units.seconds(s.warmupNs),
                Units.seconds(s.durationNs),
                plan.startedAt, plan.tool));
        md.paragraph("A step **held** when each run that counts held: valid, and its value at every budgeted "
                + "percentile within budget (each run on its own, not an estimate over runs: below a bracket every "
                + "counted run kept the budget). It **broke** when each run broke: over a budget, a producer that "
                + "could not keep the rate (the rate rule: the achieved rate over the window more than 1% off; above "
                + "capacity, never a crash), or a run that failed at that rate. Runs that disagree make the step "
                + "**mixed**: the knee is noisy there, and the search ends with the bracket it has. A run not valid "
                + "for another reason (a GC in the window, lost messages) does not count; Table C1 says where one was "
                + "left out. Where one JVM's search ended, the others' steps go on without it, no longer interleaved "
                + "with its runs.");
        capacityTable(md, c);
        stepsTable(md, c);
        figures(md, c, missingFigures);
        MatrixSections.environment(md, c.data);
        MatrixSections.table1(md, c.data);
        MatrixSections.warnings(md, c.data);
        MatrixSections.hostCheck(md, check);
        md.line("Each cell's own files (result.json, table.txt, the histograms, the timeline) are under cells/; each "
                + "step's runs are the cells named with its rate (`_R<msg/s>`).");
        return md.toString();
    }

    private static String answer(Capacity c, String budgets) {
        List<String> said = new ArrayList<>();
        for (Capacity.HigherCapacity v : c.verdicts) {
            said.add(CapacityWords.higher(v, budgets) + ".");
        }
        if (c.jvms.size() < 2) {
            said.add("One JVM was searched: its bracket is in Table C1; there is nothing to compare it with.");
        } else if (c.verdicts.isEmpty()) {
            said.add("No JVM's capacity is above another's: every pair of brackets overlaps (neither held at a rate "
                    + "at which the other did not), so the search cannot tell them apart at its resolution.");
        } else if (!c.undecided().isEmpty()) {
            said.add("Not decided (brackets overlap): " + c.undecided().stream().map(pair -> pair[0].jvm.id + " and "
                    + pair[1].jvm.id).collect(Collectors.joining(", ")) + ".");
        }
        return String.join(" ", said);
    }

    private static void capacityTable(Markdown md, Capacity c) {
        md.paragraph("## Table C1: capacity per JVM at " + CapacityWords.budgets(c.plan.budgets));
        md.paragraph(String.format(Locale.ROOT, "The bracket: the highest rate at which every counted run held, and "
                + "the lowest rate at which they did not (broke, or mixed); the capacity lies between them. The "
                + "search ran %d cells, %s of cells' time.", c.data.cells.size(),
                Units.minutes((long) (c.cellSeconds * 1e9))));
        md.header("JVM", "held at (highest)", "did not hold at (lowest)", "what broke it", "steps", "search ended");
        for (Capacity.JvmBracket j : c.jvms) {
            CapacitySearch.Step held = j.bracket.held > 0 ? j.step(j.bracket.held) : null;
            CapacitySearch.Step broke = j.bracket.broke > 0 ? j.step(j.bracket.broke) : null;
            md.row(j.jvm.id, held == null ? "none tried" : rate(held.rate) + " (" + values(held) + ")",
                    broke == null ? "none tried"
                    : rate(broke.rate) + " (" + broke.outcome.name().toLowerCase(Locale.ROOT) + ")",
                    broke == null ? "" : brokeBy(broke), Integer.toString(j.steps.size()),
                    j.end == null ? "not ended (stopped; --resume goes on)" : CapacityWords.end(j.end));
        }
        md.line();
    }

    private static void stepsTable(Markdown md, Capacity c) {
        md.paragraph("## Table C2: every step, in the order it ran");
        md.header("JVM", "rate (msg/s)", "step", "runs: value at each budgeted percentile, or why it broke");
        for (Capacity.JvmBracket j : c.jvms) {
            for (CapacitySearch.Step s : j.steps) {
                md.row(j.jvm.id, String.format(Locale.ROOT, "%,d", s.rate), s.outcome.name().toLowerCase(Locale.ROOT)
                        .replace('_', ' '), s.runs.stream().map(r -> r.cell + ": " + CapacityWords.run(r))
                        .collect(Collectors.joining("; ")));
            }
            if (j.notRun > 0) {
                md.row(j.jvm.id, String.format(Locale.ROOT, "%,d", j.notRun), "not run", CapacityWords.end(j.end));
            }
        }
        md.line();
    }

    private static void figures(Markdown md, Capacity c, Map<String, String> missingFigures) {
        for (Budget b : c.plan.budgets) {
            String file = Saturation.file(b);
            md.paragraph("## Figure C: " + b.percentile().name() + " against rate");
            if (missingFigures.containsKey(file)) {
                md.line("(" + file + " could not be drawn: " + missingFigures.get(file) + ")");
            } else {
                md.line("![" + b.percentile().name() + " against rate](" + file + ")");
            }
            md.line();
            md.paragraph("Each JVM's steps: its runs' " + b.percentile().name() + " as dots, each step marked at its "
                    + "highest counted run (a step holds only if every run holds, so that run decides it): filled "
                    + "where the step held, hollow above the budget where it did not, a cross on the budget's line "
                    + "where it did not hold for another reason (the rate, a failure, another budget); joined; both "
                    + "axes logarithmic; the JVMs set a little apart at each rate; the budget as a red dashed line; "
                    + "under the plot each JVM's bracket from the highest rate that held to the lowest that did not. "
                    + "A run whose producer could not keep the rate has its (large) value drawn; a failed run has "
                    + "none.");
        }
    }

    static String rate(long rate) {
        return String.format(Locale.ROOT, "%,d msg/s", rate);
    }

    /** "p99 512 µs ≤ 1.00 ms; ...": the counted runs' values at each budget, and how many did not count. */
    private static String values(CapacitySearch.Step s) {
        List<String> out = s.runs.stream().filter(r -> r.counted).map(CapacityWords::run).collect(Collectors.toList());
        int left = s.runs.size() - out.size();
        return String.join("; ", out)
                + (left == 0 ? "" : "; " + left + " of " + s.runs.size() + " runs not counted (Table C2 says why)");
    }

    private static String brokeBy(CapacitySearch.Step s) {
        List<String> by = new ArrayList<>();
        for (CapacitySearch.JudgedRun b : s.brokeBy()) {
            long n = s.runs.stream().filter(b::brokeAs).count();
            String what = b.kind == CapacitySearch.JudgedRun.Outcome.RATE_NOT_HELD
                    ? "the rate rule (the producer could not keep the rate)"
                    : b.kind == CapacitySearch.JudgedRun.Outcome.FAILED ? "the run failed" : CapacityWords.brokeBy(b);
            by.add(what + ", " + n + " of " + s.counted() + " runs");
        }
        return String.join("; ", by);
    }
}
