package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Answer;
import io.queuelatency.decide.Conclusion;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import io.queuelatency.stats.OverRuns;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** summary.md's first screen, "Which JVM on this host?": the words of {@link Answer}'s facts. */
public final class AnswerMarkdown {
    private AnswerMarkdown() {
    }

    public static void table(Markdown md, Analysis a) {
        List<Answer.JvmRow> rows = Answer.of(a);
        if (rows.isEmpty()) {
            md.paragraph("No JVM was planned: nothing to decide.");
            return;
        }
        md.table(Markdown.<Answer.JvmRow>columns().add("JVM", r -> r.jvm.id)
                .percentiles(Answer.COLUMNS, AnswerMarkdown::cell)
                .add("verdict at p50, against the first row", r -> verdict(r, a)), rows);
    }

    private static String cell(Answer.JvmRow r, Percentile p) {
        return r.estimates == null ? "-" : cell(r.estimates.get(Answer.COLUMNS.indexOf(p)));
    }

    /** The answer as the matrix prints it when it ends: p50, p99, p99.99 and the verdict, in 120 columns. */
    public static List<String> screen(Analysis a) {
        List<String> lines = new ArrayList<>();
        List<Answer.JvmRow> rows = Answer.of(a);
        int idWidth = Math.max(3, rows.stream().mapToInt(r -> r.jvm.id.length()).max().orElse(0));
        String format = "%-" + idWidth + "s  %-19s  %-20s  %-20s  %s";
        lines.add(String.format(Locale.ROOT, format, "JVM", "p50", "p99", "p99.99", "verdict at p50"));
        for (Answer.JvmRow r : rows) {
            lines.add(String.format(Locale.ROOT, format, r.jvm.id, cell(r, Percentile.P50), cell(r, Percentile.P99),
                    cell(r, Percentile.P99_99), place(r.atMedian, r, a) + (r.tail.isEmpty() ? "" : "; tails too")));
        }
        return lines;
    }

    /** "582 ns [578, 697]"; the worst bare; "n/a: 3 beyond" where too few samples bound it. */
    public static String cell(Estimate e) {
        return e.tooFewSamples ? String.format(Locale.ROOT, "n/a: %,d beyond", e.beyond)
                : e.hasInterval() ? Units.withInterval(e.value, e.low, e.high) : Units.ns(e.value);
    }

    /** "fastest", "slower by 35% [10%, 66%]", "undecided: ~153 runs each would decide"; then decided tail verdicts. */
    static String verdict(Answer.JvmRow r, Analysis a) {
        return place(r.atMedian, r, a) + r.tail.stream().map(t -> "; " + t.percentile.name() + ": " + tailPlace(t, r))
                .collect(Collectors.joining());
    }

    private static String place(Answer.Place p, Answer.JvmRow r, Analysis a) {
        switch (p.standing) {
            case FASTEST:
                return "fastest";
            case LOWEST_ESTIMATE:
                return "lowest estimate; undecided: " + why(p, r);
            case SLOWER:
                return "slower by " + Words.slowerBy(p.ratio, p.low, p.high);
            case EQUIVALENT:
                return String.format(Locale.ROOT, "equivalent (within %.0f%%)", 100 * a.margin);
            case ONLY:
                return "the only JVM: nothing to compare";
            case NOT_VALID:
                return "undecided: " + (Words.ran(a.data, r.jvm) > 0 ? "not valid" : "not run yet");
            default:
                return "undecided: " + why(p, r);
        }
    }

    /** A decided tail standing: "fastest", "slower than graalvm-ce-21 by ..." where the leader is not p50's. */
    private static String tailPlace(Answer.Place p, Answer.JvmRow r) {
        boolean sameLeader = p.leader == r.atMedian.leader;
        switch (p.standing) {
            case FASTEST:
                return "fastest";
            case SLOWER:
                return "slower" + (sameLeader ? "" : " than " + p.leader.id) + " by "
                        + Words.slowerBy(p.ratio, p.low, p.high);
            default:
                return "equivalent" + (sameLeader ? "" : " to " + p.leader.id);
        }
    }

    private static String why(Answer.Place p, Answer.JvmRow r) {
        boolean leads = p.standing == Answer.Standing.LOWEST_ESTIMATE;
        switch (p.why) {
            case RUNS:
                return String.format(Locale.ROOT, "~%,d runs each would decide", p.runsNeeded);
            case LEVEL:
                return String.format(Locale.ROOT, "the runs cannot reach the family's level: ~%,d each would decide",
                        p.runsNeeded);
            case SPREAD:
                return String.format(Locale.ROOT, "the runs' spread: ~%,d runs each would decide; a quieter host first",
                        p.runsNeeded);
            case HOST:
                return leads ? String.format(Locale.ROOT, "host or queue accounts for %d of its pairs", p.runsNeeded)
                        : "host or queue accounts for it";
            case ONE_RUN:
                return r.estimates != null && r.estimates.get(0).runs < 2 ? "1 run only"
                        : leads ? "another JVM has 1 run only" : p.leader.id + " has 1 run only";
            case FEW_SAMPLES:
                return "too few samples beyond";
            default:
                return "equivalent to " + Units.count(p.runsNeeded, "other");
        }
    }

    /** The paragraph under Figure 1, one line each (summary.json's paragraph). */
    static List<String> paragraphLines(MatrixData data, List<Analysis> slices) {
        List<String> lines = new ArrayList<>();
        if (slices.size() == 1) {
            lines.add(decided(slices.get(0), Percentile.P50));
            String tail = tail(slices.get(0));
            if (!tail.isEmpty()) {
                lines.add(tail);
            }
            String host = tailHost(slices.get(0));
            if (!host.isEmpty()) {
                lines.add(host);
            }
        }
        lines.add("Timed: the one-way latency of " + MethodMarkdown.what(data) + " through Chronicle Queue, from the "
                + "producer's intended send time to the consumer's read, each thread pinned; " + runs(slices.get(0))
                + " (each a fresh JVM, " + Units.seconds(data.plan.settings.durationNs) + " measured).");
        if (slices.size() == 1 && slices.get(0).comparisons > 0) {
            lines.add(verdictLevel(slices.get(0)));
            lines.add("A verdict's \"slower by x%\" is the median of the run-to-run ratios, not the ratio of two "
                    + "estimates; its interval the exact one at its own level (the verdicts' section).");
        }
        lines.add("The evidence follows (collapsed in report.html): how this was measured, Table 3 and the verdicts "
                + "pair by pair, the floor, what the tail is made of, the other definitions, warnings and validity.");
        return lines;
    }

    /** "Verdicts: an exact rank test on the runs ...": the family's level and what the runs can reach. */
    private static String verdictLevel(Analysis a) {
        int fewest = a.fewestRuns();
        return String.format(Locale.ROOT, "Verdicts: an exact rank test on the runs (no distribution assumed, one "
                + "JVM's runs the other's times a factor), %s fixed by the plan, at most 5%% chance of any false "
                + "verdict%s.",
                a.comparisons == 1 ? "the one comparison"
                        : String.format(Locale.ROOT, "%,d comparisons", a.comparisons),
                a.alpha == 0 ? "; this look spends none of it" : fewest >= 2 && fewest < a.runsToReach()
                        ? String.format(Locale.ROOT, "; %d runs each cannot reach their level whatever they show, %d "
                        + "each at least could", fewest, a.runsToReach()) : "");
    }

    /** "At p50, 8 of 55 pairs are decided: ..."; a list too long for one line becomes its count. */
    static String decided(Analysis a, Percentile p) {
        List<Answer.JvmRow> rows = Answer.of(a);
        java.util.Map<MatrixPlan.PlannedJvm, List<String>> slowerThan = new java.util.LinkedHashMap<>();
        rows.forEach(r -> slowerThan.put(r.jvm, new ArrayList<>()));
        List<String> equivalent = new ArrayList<>();
        for (Answer.JvmRow faster : rows) {
            for (PairVerdict v : a.verdictsAt(p)) {
                if (v.test == null || (v.first != faster.jvm && v.second != faster.jvm)) {
                    continue;
                }
                MatrixPlan.PlannedJvm other = v.first == faster.jvm ? v.second : v.first;
                if (v.faster() == faster.jvm) {
                    slowerThan.get(other).add(faster.jvm.id);
                } else if (v.test.outcome == MedianRatio.Decision.EQUIVALENT
                        && rank(rows, faster.jvm) < rank(rows, other)) {
                    equivalent.add(faster.jvm.id + " and " + other.id);
                }
            }
        }
        int tested = (int) a.verdictsAt(p).stream().filter(v -> v.test != null).count();
        int cannotTell = (int) a.verdictsAt(p).stream()
                .filter(v -> v.test != null && v.test.outcome == MedianRatio.Decision.CANNOT_TELL).count();
        int pairs = a.verdictsAt(p).size();
        String at = "At " + p.name() + ", ";
        if (tested == 0) {
            return at + "no pair of JVMs was tested (" + pairs + " pairs): see the verdicts pair by pair.";
        }
        List<String> parts = new ArrayList<>();
        slowerThan.forEach((j, faster) -> {
            if (!faster.isEmpty()) {
                parts.add(j.id + " is slower than " + RunWords.list(faster));
            }
        });
        equivalent.forEach(pair -> parts.add(pair + " are equivalent within "
                + String.format(Locale.ROOT, "%.0f%%", 100 * a.margin)));
        int decided = tested - cannotTell;
        String head = pairs == 1 ? at + (decided == 1 ? "the one pair is decided" : "the one pair is not decided")
                : decided == 0 ? String.format(Locale.ROOT, "%snone of the %d pairs is decided", at, pairs)
                : String.format(Locale.ROOT, "%s%d of %d pairs %s decided", at, decided, pairs,
                        decided == 1 ? "is" : "are");
        String rest = cannotTell == 0 ? "" : pairs == 1 || decided == 0 ? ": "
                + (cannotTell == 1 ? "it cannot" : cannotTell == pairs ? "they cannot" : cannotTell + " cannot")
                + " be told apart with these runs"
                : String.format(Locale.ROOT, "; the other %d cannot be told apart with these runs", cannotTell);
        String untested = pairs == tested ? "" : String.format(Locale.ROOT, "; %d get no verdict", pairs - tested);
        String full = head + (parts.isEmpty() ? "" : ": " + String.join("; ", parts)) + rest + untested + ".";
        return full.length() <= MAX_LINE || parts.isEmpty() ? full
                : head + " (the verdicts pair by pair below)" + rest + untested + ".";
    }

    /** The longest prose line the paragraph writes: a longer list of decided pairs is given as its count. */
    static final int MAX_LINE = 290;

    private static int rank(List<Answer.JvmRow> rows, MatrixPlan.PlannedJvm jvm) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).jvm == jvm) {
                return i;
            }
        }
        return rows.size();
    }

    /** "each value the median of 5 runs per JVM with its 93.8% interval", or its range, or one run's words. */
    private static String runs(Analysis a) {
        int fewest = a.fewestRuns();
        int most = a.jvms.stream().mapToInt(j -> a.data.statisticRuns(j).size()).max().orElse(0);
        if (most < 2) {
            return "one run per JVM, each value with the 95% interval of its samples";
        }
        String confidence = fewest >= 2 ? Units.percent(OverRuns.confidenceOf(fewest)) : "95%";
        return fewest == most
                ? String.format(Locale.ROOT, "each value the median of %d runs per JVM with its %s interval", most,
                        confidence)
                : String.format(Locale.ROOT, "each value the median of %d to %d runs per JVM with its interval (%s "
                        + "or more)", fewest, most, confidence);
    }

    /** "Beside the verdicts: the host or the queue accounts for both JVMs at p99 in 55 of 55 pairs, ...". */
    static String tailHost(Analysis a) {
        List<String> at = new ArrayList<>();
        int pairs = 0;
        for (Percentile p : Percentile.HEADLINE) {
            Conclusion.HostPairs h = Analysis.judgesHost(p) ? a.hostPairs(p) : null;
            if (h != null && h.accounted() > 0) {
                at.add("at " + p.name() + " in " + h.accounted() + (at.isEmpty() ? " of " + h.pairs + " pairs" : ""));
                pairs = h.pairs;
            }
        }
        return at.isEmpty() || pairs == 0 ? "" : "Beside the verdicts: the host or the queue accounts for both JVMs "
                + String.join(", ", at) + " (the floor, the tail's causes).";
    }

    /** "In the tail: at p99 no JVM is decided fastest (lowest graalvm-ce-21, 76.2 µs; ...); at p99.99 ..."; or "". */
    static String tail(Analysis a) {
        List<String> said = new ArrayList<>();
        for (Conclusion c : a.conclusions()) {
            if (!(c instanceof Conclusion.AtPercentile) || Percentile.P50.equals(((Conclusion.AtPercentile) c)
                    .percentile)) {
                continue;
            }
            Conclusion.AtPercentile at = (Conclusion.AtPercentile) c;
            String p = "at " + at.percentile.name() + " ";
            switch (c.kind) {
                case FASTEST:
                    Conclusion.Fastest f = (Conclusion.Fastest) c;
                    said.add(p + f.fastest.jvm.id + " is fastest (" + Units.ns(f.fastest.valueNs) + ")");
                    break;
                case TOO_FEW_RUNS:
                    said.add(p + "no verdict: fewer than 2 runs");
                    break;
                default:
                    Conclusion.Undecided u = (Conclusion.Undecided) c;
                    said.add(String.format(Locale.ROOT, "%sno JVM is decided fastest (lowest %s, %s; %d of %d pairs "
                            + "decided)", p, u.lowest.jvm.id, Units.ns(u.lowest.valueNs),
                            u.pairs.differ + u.pairs.equivalent, u.pairs.tested));
            }
        }
        return said.isEmpty() ? "" : "In the tail: " + String.join("; ", said) + ".";
    }
}
