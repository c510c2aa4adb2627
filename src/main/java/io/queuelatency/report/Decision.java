package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.HostVerdict;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.Comparison;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Which JVM on this host?": per headline percentile (50, 99, 99.99 of the intended latency), the JVMs
 * ranked, and for each pair whether one is faster, with the size of the difference and its interval; then
 * one paragraph that says what the numbers support and what they do not.
 */
final class Decision {
    private final Map<Percentile, Map<MatrixPlan.Jvm, Estimate>> estimates = new LinkedHashMap<>();

    Decision(MatrixData data) {
        for (Percentile p : Percentile.HEADLINE) {
            Map<MatrixPlan.Jvm, Estimate> byJvm = new LinkedHashMap<>();
            for (MatrixPlan.Jvm j : data.comparableJvms()) {
                byJvm.put(j, Estimate.of(data.statisticRuns(j), Definition.INTENDED, p));
            }
            estimates.put(p, byJvm);
        }
    }

    List<MatrixPlan.Jvm> ranking(Percentile p) {
        List<MatrixPlan.Jvm> jvms = new ArrayList<>(estimates.get(p).keySet());
        jvms.sort(Comparator.comparingDouble(j -> estimates.get(p).get(j).value));
        return jvms;
    }

    Comparison compare(Percentile p, MatrixPlan.Jvm a, MatrixPlan.Jvm b) {
        return estimates.get(p).get(a).compareTo(estimates.get(p).get(b));
    }

    /** The paragraph at the top of summary.md; {@code check} is null when the host was not checked. */
    String paragraph(HostVerdict check) {
        Map<MatrixPlan.Jvm, Estimate> medians = estimates.get(Percentile.P50);
        if (medians.isEmpty()) {
            return "No JVM has a valid run yet: nothing to decide.";
        }
        StringBuilder s = new StringBuilder();
        if (medians.size() == 1) {
            MatrixPlan.Jvm only = medians.keySet().iterator().next();
            s.append(String.format(Locale.ROOT, "Only %s has valid runs (median %,.0f ns): there is nothing to compare it with. ",
                    only.id, medians.get(only).value));
        } else {
            for (Percentile p : Percentile.HEADLINE) {
                s.append(sentence(p)).append(' ');
            }
        }
        if (check == null) {
            s.append("The host was not checked: judge its numbers with care.");
        } else if (check.publishable()) {
            s.append("The host check found this host fit for publishable numbers.");
        } else {
            s.append("The host check says **" + check.headline() + "**: these numbers hold for this host as it is, not for a tuned one.");
        }
        return s.toString().trim();
    }

    private String sentence(Percentile p) {
        String at = p.equals(Percentile.P50) ? "At the median" : "At " + p.name();
        List<MatrixPlan.Jvm> ranked = ranking(p);
        MatrixPlan.Jvm best = ranked.get(0);
        Estimate e = estimates.get(p).get(best);
        if (e.tooFewSamples) {
            return at + " the runs have too few samples beyond the percentile to rank the JVMs; measure longer (--duration).";
        }
        List<String> tied = new ArrayList<>();
        for (MatrixPlan.Jvm other : ranked.subList(1, ranked.size())) {
            Comparison c = compare(p, best, other);
            if (c.outcome != Comparison.Outcome.FIRST_FASTER) {
                tied.add(other.id);
            }
        }
        if (tied.isEmpty()) {
            MatrixPlan.Jvm second = ranked.get(1);
            return String.format(Locale.ROOT, "%s %s is fastest (%,.0f ns) and significantly ahead of every other JVM; %s.",
                    at, best.id, e.value, compare(p, best, second).sentence(best.id, second.id));
        }
        return String.format(Locale.ROOT, "%s %s measured lowest (%,.0f ns), but %s %s not significantly slower.",
                at, best.id, e.value, join(tied), tied.size() == 1 ? "is" : "are");
    }

    void tables(Markdown md) {
        md.line("## Verdicts, pair by pair");
        md.line();
        md.line("Intended latency. \"Faster by x% [low, high]\" only where the 95% interval of the ratio excludes 1. "
                + "Method: " + Comparison.BY_RUNS + " where both JVMs have two or more runs; otherwise "
                + Comparison.BY_ORDER_STATISTICS + " (faster only when they do not overlap).");
        md.line();
        List<String> rankings = new ArrayList<>();
        for (Percentile p : Percentile.HEADLINE) {
            rankings.add(rankingLine(p) + " at " + p.name());
        }
        md.line("Ranking (lowest first): " + String.join("; ", rankings) + ".");
        md.line();
        List<MatrixPlan.Jvm> jvms = new ArrayList<>(estimates.get(Percentile.P50).keySet());
        if (jvms.size() < 2) {
            md.line("Fewer than two JVMs with valid runs: nothing to compare.");
            md.line();
            return;
        }
        List<String> header = new ArrayList<>();
        header.add("pair");
        for (Percentile p : Percentile.HEADLINE) {
            header.add(p.name());
        }
        md.row(header.toArray(new String[0]));
        md.rule(header.size());
        for (int i = 0; i < jvms.size(); i++) {
            for (int k = i + 1; k < jvms.size(); k++) {
                MatrixPlan.Jvm a = jvms.get(i);
                MatrixPlan.Jvm b = jvms.get(k);
                List<String> row = new ArrayList<>();
                row.add(a.id + " vs " + b.id);
                for (Percentile p : Percentile.HEADLINE) {
                    row.add(compare(p, a, b).sentence(a.id, b.id));
                }
                md.row(row.toArray(new String[0]));
            }
        }
        md.line();
    }

    private String rankingLine(Percentile p) {
        List<String> parts = new ArrayList<>();
        for (MatrixPlan.Jvm j : ranking(p)) {
            parts.add(j.id);
        }
        return String.join(" < ", parts);
    }

    private static String join(List<String> ids) {
        if (ids.size() == 1) {
            return ids.get(0);
        }
        return String.join(", ", ids.subList(0, ids.size() - 1)) + " and " + ids.get(ids.size() - 1);
    }
}
