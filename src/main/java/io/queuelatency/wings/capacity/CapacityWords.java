package io.queuelatency.wings.capacity;

import io.queuelatency.result.Budget;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A capacity search's decisions in words (summary.md, summary.json, the console); it decides nothing. */
public final class CapacityWords {
    private CapacityWords() {
    }

    /** "p99 ≤ 1.00 ms". */
    public static String budget(Budget b) {
        return b.percentile().name() + " ≤ " + Units.ns(b.limitNs);
    }

    /** "p99 ≤ 1.00 ms and p99.99 ≤ 20.0 µs". */
    public static String budgets(List<Budget> budgets) {
        return budgets.stream().map(CapacityWords::budget).collect(Collectors.joining(" and "));
    }

    /** "2", "1.5": a factor as a person writes it. */
    public static String factor(double f) {
        return f == Math.rint(f) ? Long.toString((long) f)
                : String.format(Locale.ROOT, "%.2f", f).replaceAll("0+$", "");
    }

    /** One line: the run's values against the budgets ("p99 812 µs ≤ 1.00 ms"), or why it broke or is not counted. */
    public static String run(CapacitySearch.JudgedRun r) {
        switch (r.kind) {
            case REFUSED:
                return "could not run at this rate (its options refused): " + r.cellReason;
            case FAILED:
                return "the run failed at this rate: " + r.cellReason;
            case NO_RESULT:
                return "no result: " + r.cellReason;
            case NOT_COUNTED:
                return "not counted: " + RunWords.joinedReasons(r.invalidReasons);
            case RATE_NOT_HELD:
                return "the producer could not keep the rate: " + RunWords.joinedReasons(r.invalidReasons);
            default:
                return r.budgets.stream().map(b -> b.percentile().name() + " " + (r.valueNs(b).isPresent()
                        ? Units.ns(r.valueNs(b).getAsLong()) : "not measured") + (r.over(b) ? " > " : " ≤ ")
                        + Units.ns(b.limitNs)).collect(Collectors.joining("; "));
        }
    }

    /** What broke a run, as summary.json names it: "p99", "rate" or "failed"; null where none did. */
    public static String brokeBy(CapacitySearch.JudgedRun r) {
        if (!r.broke()) {
            return null;
        }
        switch (r.kind) {
            case RATE_NOT_HELD:
                return "rate";
            case FAILED:
                return "failed";
            default:
                return r.overBudget().percentile().name();
        }
    }

    /** "held (run 1: p99 812 µs ≤ 1.00 ms | run 2: p99 790 µs ≤ 1.00 ms)": a step as the search's progress shows it. */
    public static String step(CapacitySearch.Step step) {
        return step.outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ') + IntStream.range(0, step.runs.size())
                .mapToObj(i -> "run " + (i + 1) + ": " + run(step.runs.get(i)))
                .collect(Collectors.joining(" | ", " (", ")"));
    }

    /** "1 of 2 runs did not hold": of the runs counted. */
    public static String notHeld(CapacitySearch.Step s) {
        int counted = s.counted();
        return s.notHeld() + " of " + Units.count(counted, "run") + " did not hold";
    }

    /** "bracket within 10%", "the runs at 1,000,000 msg/s disagree (...)": why a search ended. */
    public static String end(SearchEnd e) {
        switch (e.kind) {
            case STOPPED:
                return e.why;
            case NO_RUN_COUNTED:
                CapacitySearch.Step last = e.step;
                return String.format(Locale.ROOT, "no run of the step at %,d msg/s counts (%s)", last.rate,
                        last.runs.isEmpty() ? "no runs" : run(last.runs.get(0)));
            case MIXED:
                return mixed(e);
            case HELD_AT_MOST:
                return String.format(Locale.ROOT, "held at the highest rate tried (%,d msg/s): the capacity is "
                        + "above it", e.rate);
            case BROKE_AT_LEAST:
                return String.format(Locale.ROOT, "broke at the lowest rate tried (%,d msg/s): the capacity is "
                        + "below it", e.rate);
            default:
                return "bracket within " + Units.percent(e.resolution);
        }
    }

    private static String mixed(SearchEnd m) {
        CapacitySearch.Bracket b = m.bracket;
        String bracket = b.held > 0 ? String.format(Locale.ROOT, "%,d-%,d msg/s (%s)", b.held, b.broke,
                Units.percent((double) b.broke / b.held - 1)) : String.format(Locale.ROOT, "below %,d msg/s", b.broke);
        return String.format(Locale.ROOT, "the runs at %,d msg/s disagree (%s): the knee is noisy there, and the "
                + "bracket stays %s, wider than the %s asked",
                m.step.rate, notHeld(m.step), bracket, Units.percent(m.resolution));
    }

    /** "a has the higher capacity at p99 ≤ 1 ms: it held at 1,100,000 msg/s (every run), and b did not at ...". */
    public static String higher(Capacity.HigherCapacity v, String budgets) {
        CapacitySearch.Step not = v.lowerBroke();
        return String.format(Locale.ROOT, "%s has the higher capacity at %s: it held at %,d msg/s (every run), and %s "
                + "did not at %,d msg/s (%s)", v.higher.jvm.id, budgets, v.higher.bracket.held, v.lower.jvm.id,
                v.lower.bracket.broke, not == null ? "" : notHeld(not));
    }
}
