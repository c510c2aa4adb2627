package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.TailShare;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import io.queuelatency.text.Units;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.DefinitionWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** summary.md's "What the tail is made of": per JVM and tail percentile the share each cause explains. */
final class TailMarkdown {
    private TailMarkdown() {
    }

    /** The three tail percentiles of a cell: "p99 / p99.9 / p99.99". */
    private static final String AT = String.join(" / ", TablesMarkdown.names(Analysis.TAIL_PERCENTILES));

    static void tail(Markdown md, Analysis a, java.util.Map<String, String> missingFigures) {
        md.paragraph("## What the tail is made of");
        md.paragraph("Per JVM, the share (%) of its runs' samples beyond " + AT + " (" + DefinitionWords.HEADLINE + ", "
                + "pooled) each cause explains (covers half or more of a sample's latency; a sample may have several). "
                + "Only the JVM's causes (GC, safepoints, its own threads) are a reason to prefer one JVM.");
        List<String> none = causes(md, a);
        timelines(md, a, missingFigures);
        if (!none.isEmpty()) {
            md.paragraph("Not recorded for " + String.join(", ", none)
                    + " (results written before schema 3, or runs with --no-attribution).");
        }
    }

    /** The items joined by "; " on lines of at most 280 characters, the first opening with {@code first}. */
    static void lines(Markdown md, String first, List<String> items, String last) {
        StringBuilder line = new StringBuilder(first);
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i == items.size() - 1 ? last : ";");
            if (line.length() > 0 && line.length() + 1 + item.length() > 280) {
                md.line(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(item);
        }
        md.line(line.toString());
    }

    /** The samples' three shares in one cell, "32 / 68 / 99"; "-" where none was matched. */
    private static String three(Analysis a, MatrixPlan.PlannedJvm j, Function<TailShare, String> f) {
        return Analysis.TAIL_PERCENTILES.stream().map(p -> a.tail(j, p))
                .map(share -> share == null || share.matched == 0 ? "-" : f.apply(share))
                .collect(Collectors.joining(" / "));
    }

    private static String whole(double share) {
        return String.format(Locale.ROOT, "%.0f", 100 * share);
    }

    private static boolean recorded(Analysis a, MatrixPlan.PlannedJvm j) {
        return Analysis.TAIL_PERCENTILES.stream().anyMatch(p -> a.tail(j, p) != null);
    }

    private static java.util.stream.Stream<TailShare> shares(Analysis a) {
        return a.jvms.stream().flatMap(j -> Analysis.TAIL_PERCENTILES.stream().map(p -> a.tail(j, p)));
    }

    /** The columns whose every cell reads 0 are left out and named once. */
    private static boolean allZero(Analysis a, Function<TailShare, String> f) {
        return shares(a).noneMatch(share -> share != null && share.matched > 0 && !"0".equals(f.apply(share)));
    }

    private static String preemptors(TailShare share) {
        return share.preemptedBy.isEmpty() ? "-" : share.preemptedBy.entrySet().stream().limit(3)
                .map(e -> e.getKey().replace("|", "/") + String.format(Locale.ROOT, " %,d", e.getValue()))
                .collect(Collectors.joining(", ")) + (share.preemptedBy.size() > 3 ? ", ..." : "");
    }

    /** The causes' words, then the table; a column that reads 0 for every JVM named once. Returns the JVMs without. */
    private static List<String> causes(Markdown md, Analysis a) {
        List<String> none = new ArrayList<>();
        boolean matchedAll = true;
        int toolCpu = -1;
        java.util.Set<String> traced = new java.util.TreeSet<>();
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            if (!recorded(a, j)) {
                none.add(j.id);
                continue;
            }
            for (Percentile p : Analysis.TAIL_PERCENTILES) {
                TailShare share = a.tail(j, p);
                matchedAll &= share == null || share.matched == share.samples;
                toolCpu = share == null ? toolCpu : share.toolCpu;
                if (share != null) {
                    traced.add(share.traced + " of " + share.runs);
                }
            }
        }
        if (none.size() == a.jvms.size()) {
            return none;
        }
        boolean allMatched = matchedAll;
        List<Tail.Cause> causes = new ArrayList<>();
        List<String> zero = new ArrayList<>();
        for (Tail.Cause c : Tail.Cause.values()) {
            if (allZero(a, sh -> whole(sh.share(c)))) {
                zero.add(name(c));
            } else {
                causes.add(c);
            }
        }
        List<String> same = new ArrayList<>();
        List<Why> whys = whys(a, causes, same, zero);
        md.line("\"Not the JVM's\": explained only by the host's or the queue's causes (not the JVM's, not this "
                + "tool's); half or more for both puts the host first. \"This tool's\": its "
                + "monitor and trace reader took a measured CPU; " + CauseWords.toolCpu(toolCpu) + ".");
        md.line("\"-\": a run that could not tell what is not the JVM's: without the kernel's trace or the JVM's "
                + "events a stall may be the JVM's (a collector's thread on a measured CPU looks like any other).");
        if (!whys.isEmpty()) {
            md.line("Why, by who could remove it: what the kernel saw on the stalled thread's CPU, the JVM's "
                    + "safepoints, the queue's rolls and blocks (\"not seen\": no event covers it; \"untraced\": "
                    + "a run without tracing). "
                    + (traced.size() == 1 ? "Traced runs: " + traced.iterator().next() + " for every JVM. " : "")
                    + (same.isEmpty() ? "" : "The same shares as a column before: " + String.join(", ", same) + "."));
        }
        if (!zero.isEmpty()) {
            lines(md, "Under 0.5% for every JVM:", zero, ".");
        }
        md.line();
        table(md, a, allMatched, traced.size() > 1, causes, whys);
        return none;
    }

    /** The whys shown as columns; a cause's twin goes to {@code same}, one under 0.5% to {@code zero}. */
    private static List<Why> whys(Analysis a, List<Tail.Cause> causes, List<String> same, List<String> zero) {
        List<Why> whys = new ArrayList<>();
        for (Why w : Why.values()) {
            boolean zeros = allZero(a, sh -> whole(sh.share(w)));
            String twin = zeros ? null : twin(a, w, causes);
            if (twin != null) {
                same.add(CauseWords.shortName(w) + " = " + twin);
            } else if (!zeros) {
                whys.add(w);
            } else if (anyOf(a, w)) {
                zero.add(CauseWords.words(w.group) + ": " + CauseWords.shortName(w));
            }
        }
        return whys;
    }

    private static void table(Markdown md, Analysis a, boolean allMatched, boolean traced, List<Tail.Cause> causes,
            List<Why> whys) {
        md.table(Markdown.<MatrixPlan.PlannedJvm>columns().add("JVM", j -> j.id)
                .add("beyond" + (allMatched ? " (all matched)" : " (matched)"), j -> three(a, j, sh -> String.format(
                        Locale.ROOT, "%,d", sh.samples) + (allMatched ? "" : String.format(Locale.ROOT, " (%,d)",
                        sh.matched))))
                .add(traced, "traced runs", j -> three(a, j, sh -> sh.traced + " of " + sh.runs))
                .each(causes, TailMarkdown::name, (j, c) -> three(a, j, sh -> whole(sh.share(c))))
                .add("not the JVM's", j -> three(a, j, sh -> sh.notJvmShare() < 0 ? "-"
                        : Units.shareAgainst(sh.notJvmShare(), Analysis.HOST_SHARE).replace("%", "")))
                .add("this tool's", j -> three(a, j, sh -> whole(sh.toolShare())))
                .each(whys, w -> "why: " + CauseWords.words(w.group) + ": " + CauseWords.shortName(w),
                        (j, w) -> three(a, j, sh -> whole(sh.share(w))))
                .add(!whys.isEmpty(), "took the CPU beyond p99.9 (samples)",
                        j -> a.tail(j, Percentile.P99_9) == null ? "-" : preemptors(a.tail(j, Percentile.P99_9))),
                a.jvms.stream().filter(j -> recorded(a, j)).collect(Collectors.toList()));
        List<String> legend = whys.stream().map(w -> CauseWords.shortName(w) + ": " + CauseWords.words(w))
                .collect(Collectors.toList());
        if (!legend.isEmpty()) {
            lines(md, "Why:", legend, ".");
            md.line();
        }
    }

    private static String name(Tail.Cause c) {
        return CauseWords.words(c).replaceAll(" \\(.*\\)", "");
    }

    /** The column before whose every cell a why's reads too ("other safepoint", "this tool's"), else null. */
    private static String twin(Analysis a, Why w, List<Tail.Cause> causes) {
        for (Tail.Cause c : causes) {
            if (sameCells(a, sh -> whole(sh.share(w)), sh -> whole(sh.share(c)))) {
                return name(c);
            }
        }
        return sameCells(a, sh -> whole(sh.share(w)), sh -> whole(sh.toolShare())) ? "this tool's" : null;
    }

    private static boolean sameCells(Analysis a, Function<TailShare, String> f, Function<TailShare, String> g) {
        return a.jvms.stream().allMatch(j -> three(a, j, f).equals(three(a, j, g)));
    }

    private static boolean anyOf(Analysis a, Why w) {
        return shares(a).anyMatch(share -> share != null && share.byWhy.getOrDefault(w, 0L) > 0);
    }

    private static void timelines(Markdown md, Analysis a, java.util.Map<String, String> missingFigures) {
        int drawn = 0;
        List<String> missing = new ArrayList<>();
        for (MatrixData.Cell c : a.data.cells) {
            if (a.jvms.contains(c.jvm) && c.result != null && c.result.tail != null) {
                String file = MatrixReport.timeline(c.id);
                if (missingFigures.containsKey(file)) {
                    missing.add(c.id.toString());
                } else {
                    drawn++;
                }
            }
        }
        if (drawn + missing.size() == 0) {
            return;
        }
        md.paragraph("Timelines, one per run (" + drawn + " drawn" + (missing.isEmpty() ? "" : "; not drawn: "
                + String.join(", ", missing)) + "): timelines/<cell>.png, and zoomable in report.html; per second the "
                + "maximum and p99 of the intended latency, the p99 of the actual, each CPU's longest stall, every "
                + "safepoint and GC pause (how long it stopped the threads), each queue roll or new block.");
    }
}
