package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.TailShare;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import io.queuelatency.words.CauseWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.md's "What the tail is made of": per JVM and tail percentile the share each cause explains,
 * and the timelines.
 */
final class TailMarkdown {
    private TailMarkdown() {
    }

    static void tail(Markdown md, Analysis a, java.util.Map<String, String> missingFigures) {
        md.line("## What the tail is made of");
        md.line();
        md.line("Per JVM, the samples beyond p99, p99.9 and p99.99 (intended latency) of its counted runs, pooled, and "
                + "the share each cause explains: a stall of the producer's CPU while it waited for a slot, a producer "
                + "stall spanning its write to the queue (page faults on the mapped file, a block mapped, or the CPU "
                + "taken), a stall of the consumer's CPU, a stall of either across the queue's roll to a new cycle "
                + "file, or across its mapping of a new block of that file, a GC pause, another safepoint; a late send "
                + "with no stall seen; none found. A cause explains a sample when it covers at least half of its "
                + "latency; a sample may have several, so a row's shares can add up to more than 100%. Only the JVM's "
                + "causes (GC pauses, safepoints, its own threads: compilers, GC workers) are a reason to prefer one "
                + "JVM to another. \"not the JVM's\": the share explained by causes none of which is the JVM's nor "
                + "this tool's (the queue's, the host's, the hypervisor's; untraced runs: a stall, a roll, a new block "
                + "or a late send with no GC pause or safepoint); where it is half or more for both JVMs of a pair, "
                + "that pair gets no verdict at that percentile. \"this tool's\": the samples this tool's own threads "
                + "explain and no cause of the JVM's (the column \"other: tool\" counts every sample a tool's thread "
                + "covers, some of them also the JVM's). \"matched\": the samples kept with their times. Each run's "
                + "own breakdown is in its table.txt and result.json.");
        md.line();
        why(md, a);
        List<String> none = causes(md, a);
        timelines(md, a, missingFigures);
        if (!none.isEmpty()) {
            md.line("Not recorded for " + String.join(", ", none)
                    + " (results written before schema 3, or runs with --no-attribution).");
            md.line();
        }
    }

    /**
     * Why, grouped by who could remove the cause (the JVM's, the queue's, the host's, the hypervisor's), the columns
     * some JVM has a sample in; and who took the CPU. Nothing where no run named its stalls (results that store no
     * causes).
     */
    private static void why(Markdown md, Analysis a) {
        List<Why> shown = new ArrayList<>();
        for (Why w : Why.values()) {
            for (MatrixPlan.PlannedJvm j : a.jvms) {
                for (Percentile p : Analysis.TAIL_PERCENTILES) {
                    TailShare share = a.tail(j, p);
                    if (share != null && share.byWhy.getOrDefault(w, 0L) > 0 && !shown.contains(w)) {
                        shown.add(w);
                    }
                }
            }
        }
        if (shown.isEmpty()) {
            return;
        }
        md.line("**Why**, by who could remove the cause. Each stall of a measured thread is named by what the kernel "
                + "saw on its CPU during it (a tracing instance of the run: scheduler switches, interrupts, timer "
                + "ticks, the thread's page faults), by the JVM's safepoints, and by the queue's rolls and new blocks; "
                + "what no event covers is \"not seen\" (the hypervisor took the CPU, or the thread itself was slow). "
                + "Runs without root or tracefs have counters only: their stalls are \"untraced\". A sample late only "
                + "because the producer was catching up after a stall is that stall's.");
        md.line();
        List<String> header = new ArrayList<>(java.util.Arrays.asList("JVM", "percentile", "traced runs", "matched"));
        for (Why w : shown) {
            header.add(CauseWords.words(w.group) + ": " + CauseWords.shortName(w));
        }
        header.add("took the CPU (samples)");
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            for (Percentile p : Analysis.TAIL_PERCENTILES) {
                TailShare share = a.tail(j, p);
                if (share == null) {
                    continue;
                }
                List<String> row =
                        new ArrayList<>(java.util.Arrays.asList(j.id, p.name(), share.traced + " of " + share.runs,
                        String.format(Locale.ROOT, "%,d", share.matched)));
                for (Why w : shown) {
                    row.add(share.matched == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share.share(w)));
                }
                row.add(preemptors(share));
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
        StringBuilder words = new StringBuilder();
        for (Why w : shown) {
            words.append(words.length() == 0 ? "" : "; ").append(CauseWords.shortName(w)).append(": ")
                    .append(CauseWords.words(w));
        }
        md.line("Columns: " + words + ".");
        md.line();
        md.line("**Whose stall** it was, for the same samples:");
        md.line();
    }

    private static String preemptors(TailShare share) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (java.util.Map.Entry<String, Long> e : share.preemptedBy.entrySet()) {
            if (n++ == 3) {
                b.append(", ...");
                break;
            }
            b.append(b.length() == 0 ? "" : ", ").append(e.getKey().replace("|", "/"))
                    .append(String.format(Locale.ROOT, " %,d", e.getValue()));
        }
        return b.length() == 0 ? "-" : b.toString();
    }

    /** The table of causes per JVM and percentile; returns the JVMs that recorded no tail. */
    private static List<String> causes(Markdown md, Analysis a) {
        List<String[]> rows = new ArrayList<>();
        List<String> none = new ArrayList<>();
        int toolCpu = -1;
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            boolean recorded = false;
            for (Percentile p : Analysis.TAIL_PERCENTILES) {
                TailShare share = a.tail(j, p);
                if (share == null) {
                    continue;
                }
                recorded = true;
                List<String> row = new ArrayList<>(java.util.Arrays.asList(j.id, p.name(), Integer.toString(share.runs),
                        String.format(Locale.ROOT, "%,d", share.samples),
                        String.format(Locale.ROOT, "%,d", share.matched)));
                for (Tail.Cause c : Tail.Cause.values()) {
                    row.add(share.matched == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share.share(c)));
                }
                row.add(share.notJvmShare() < 0 ? "-"
                        : String.format(Locale.ROOT, "%.0f%%", 100 * share.notJvmShare()));
                row.add(share.matched == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share.toolShare()));
                toolCpu = share.toolCpu;
                rows.add(row.toArray(new String[0]));
            }
            if (!recorded) {
                none.add(j.id);
            }
        }
        if (!rows.isEmpty()) {
            List<String> header =
                    new ArrayList<>(java.util.Arrays.asList("JVM", "percentile", "runs", "beyond", "matched"));
            for (Tail.Cause c : Tail.Cause.values()) {
                header.add(CauseWords.words(c).replaceAll(" \\(.*\\)", ""));
            }
            header.add("not the JVM's");
            header.add("this tool's");
            md.row(header.toArray(new String[0]));
            md.rule(header.size());
            for (String[] row : rows) {
                md.row(row);
            }
            md.line();
            md.line("\"Not the JVM's\": explained by a cause, and by none of the JVM's nor this tool's (the host's or "
                    + "the queue's). \"This tool's\": its monitor and kernel trace reader took a measured CPU; "
                    + CauseWords.toolCpu(toolCpu) + ".");
            md.line();
        }
        return none;
    }

    /** The timelines, one link per run; a timeline that could not be drawn is named so. */
    private static void timelines(Markdown md, Analysis a, java.util.Map<String, String> missingFigures) {
        List<String> timelines = new ArrayList<>();
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            List<String> links = new ArrayList<>();
            for (MatrixData.Cell c : a.data.cells) {
                if (c.jvm.id.equals(j.id) && c.result != null && c.result.tail != null) {
                    String file = MatrixReport.timeline(c.id);
                    links.add(missingFigures.containsKey(file) ? "run " + c.id.run + " (not drawn)"
                            : "[run " + c.id.run + "](" + file + ")");
                }
            }
            if (!links.isEmpty()) {
                timelines.add("- " + j.id + ": " + String.join(", ", links));
            }
        }
        if (!timelines.isEmpty()) {
            md.line("Timelines, one per run: per second of the window the maximum and p99 of the intended latency and "
                    + "the p99 of the actual, and on the same axis the longest stall of each CPU in that second, every "
                    + "safepoint and GC pause with how long it stopped the threads, and each queue roll or new block. "
                    + "A second whose "
                    + "maximum sits on a stall mark is that stall.");
            md.line();
            for (String t : timelines) {
                md.line(t);
            }
            md.line();
        }
    }
}
