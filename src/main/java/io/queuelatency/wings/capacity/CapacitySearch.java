package io.queuelatency.wings.capacity;

import io.queuelatency.exit.ExitCode;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Reason;
import io.queuelatency.result.RunResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * One JVM's capacity search: from the start rate up by the factor while steps hold (down while they break), then
 * halving the bracket geometrically until it is within the resolution. A pure function of the steps it is told, so
 * the report replays the stored steps through it and gets the same bracket. A mixed step (the knee is noisy there)
 * or a step with no counted run ends the search.
 */
public final class CapacitySearch {
    public enum StepOutcome { HELD, BROKE, MIXED, NOT_JUDGED }

    /** One run of a step, judged: its kind says whether it counts, held or broke, and what broke it. */
    public static final class JudgedRun {
        public enum Outcome {
            HELD, // valid, and within every budget
            OVER_BUDGET, // valid, and over a budget (or a budgeted percentile not measured)
            RATE_NOT_HELD, // not valid by the rate rule: the producer could not keep the rate (never a crash)
            FAILED, // failed or timed out at this rate
            REFUSED, // not counted: the run's options were refused at this rate
            NO_RESULT, // not counted: the cell left no result
            NOT_COUNTED // not counted: not valid for another reason (a GC in the window, lost messages)
        }

        public final String cell;
        public final Outcome kind;
        public final boolean counted;
        public final boolean held;
        public final List<Budget> budgets;
        /** The intended latency, ns, at each budget the run measured; a budget it did not measure is absent. */
        private final Map<Budget, Long> valuesNs;
        /** Why the cell did not run through (REFUSED, FAILED, NO_RESULT): its reason as cell.json stores it. */
        public final String cellReason;
        /** Why the run is not valid (RATE_NOT_HELD, NOT_COUNTED); empty where it is valid or has no result. */
        public final List<Reason> invalidReasons;

        JudgedRun(StepRun run, Outcome kind, Map<Budget, Long> valuesNs, List<Budget> budgets) {
            this.cell = run.outcome.cell.toString();
            this.kind = kind;
            this.counted = kind != Outcome.REFUSED && kind != Outcome.NO_RESULT && kind != Outcome.NOT_COUNTED;
            this.held = kind == Outcome.HELD;
            this.valuesNs = Collections.unmodifiableMap(new LinkedHashMap<>(valuesNs));
            this.budgets = Collections.unmodifiableList(new ArrayList<>(budgets));
            this.cellReason = run.outcome.reason;
            this.invalidReasons = kind == Outcome.RATE_NOT_HELD || kind == Outcome.NOT_COUNTED
                    ? Collections.unmodifiableList(new ArrayList<>(run.result.validity.invalidReasons))
                    : Collections.<Reason>emptyList();
        }

        public OptionalLong valueNs(Budget budget) {
            return valuesNs.containsKey(budget) ? OptionalLong.of(valuesNs.get(budget)) : OptionalLong.empty();
        }

        /** Whether the run is over {@code budget} (or did not measure its percentile). */
        public boolean over(Budget budget) {
            return !valuesNs.containsKey(budget) || valuesNs.get(budget) > budget.limitNs;
        }

        /** The first budget the run is over (or did not measure); null where none. */
        public Budget overBudget() {
            return budgets.stream().filter(this::over).findFirst().orElse(null);
        }

        /** Whether this run and {@code other} were broken by the same thing: the same budget, the rate, a failure. */
        public boolean brokeAs(JudgedRun other) {
            return broke() && other.broke() && kind == other.kind
                    && (kind != Outcome.OVER_BUDGET || overBudget().equals(other.overBudget()));
        }

        public boolean broke() {
            return counted && !held;
        }
    }

    public static final class Step {
        public final long rate;
        public final StepOutcome outcome;
        public final List<JudgedRun> runs;

        public Step(long rate, StepOutcome outcome, List<JudgedRun> runs) {
            this.rate = rate;
            this.outcome = outcome;
            this.runs = Collections.unmodifiableList(new ArrayList<>(runs));
        }

        public int counted() {
            return (int) runs.stream().filter(r -> r.counted).count();
        }

        public int notHeld() {
            return (int) runs.stream().filter(JudgedRun::broke).count();
        }

        /** The first run broken by each thing that broke the step's runs, in the order met; empty where none broke. */
        public List<JudgedRun> brokeBy() {
            List<JudgedRun> by = new ArrayList<>();
            for (JudgedRun r : runs) {
                if (r.broke() && by.stream().noneMatch(b -> b.brokeAs(r))) {
                    by.add(r);
                }
            }
            return by;
        }
    }

    public static final class StepRun {
        final CellOutcome outcome;
        final RunResult result;

        public StepRun(CellOutcome outcome, RunResult result) {
            this.outcome = outcome;
            this.result = result;
        }
    }

    /** The highest rate that held below the lowest that broke; either 0 where none did. */
    public static final class Bracket {
        public final long held;
        public final long broke;

        Bracket(long held, long broke) {
            this.held = held;
            this.broke = broke;
        }

        /** Whether this JVM's capacity is certainly above {@code other}'s: it held at a rate where the other broke. */
        public boolean above(Bracket other) {
            return other.broke > 0 && held >= other.broke;
        }
    }

    private final long start;
    private final long minRate;
    private final long maxRate;
    private final double factor;
    private final double resolution;
    private final List<Step> steps = new ArrayList<>();
    private SearchEnd stopped;

    public CapacitySearch(long start, long minRate, long maxRate, double factor, double resolution) {
        if (!(factor > 1) || !(resolution > 0) || minRate < 1 || start < minRate || start > maxRate) {
            throw new IllegalArgumentException("a search needs 1 <= min <= start <= max, a factor above 1 and "
                    + "a resolution above 0");
        }
        this.start = start;
        this.minRate = minRate;
        this.maxRate = maxRate;
        this.factor = factor;
        this.resolution = resolution;
    }

    /** Judges one step's runs against the budgets (the intended latency, the headline). */
    public static Step judge(long rate, List<StepRun> runs, List<Budget> budgets) {
        Step judged = new Step(rate, StepOutcome.NOT_JUDGED,
                runs.stream().map(r -> judge(r, budgets)).collect(Collectors.toList()));
        int counted = judged.counted();
        int broke = judged.notHeld();
        return new Step(rate, counted == 0 ? StepOutcome.NOT_JUDGED : broke == 0 ? StepOutcome.HELD
                : broke == counted ? StepOutcome.BROKE : StepOutcome.MIXED, judged.runs);
    }

    private static JudgedRun judge(StepRun r, List<Budget> budgets) {
        Map<Budget, Long> values = new LinkedHashMap<>();
        if (r.result != null && r.result.latency(Definition.INTENDED) != null
                && r.result.latency(Definition.INTENDED).count > 0) {
            Latency l = r.result.latency(Definition.INTENDED);
            for (Budget b : budgets) {
                Latency.Value v = l.at(b.percentile());
                if (v != null && v.valueNs >= 0) {
                    values.put(b, v.valueNs);
                }
            }
        }
        JudgedRun.Outcome kind;
        if (r.outcome.status == CellOutcome.Status.FAILED && r.outcome.exitCode == ExitCode.BAD_INPUT.code) {
            kind = JudgedRun.Outcome.REFUSED;
        } else if (r.outcome.status == CellOutcome.Status.FAILED || r.outcome.status == CellOutcome.Status.TIMEOUT) {
            kind = JudgedRun.Outcome.FAILED;
        } else if (r.result == null) {
            kind = JudgedRun.Outcome.NO_RESULT;
        } else if (!r.result.valid()) {
            // the producer could not keep the rate, or the consumer's handling fell behind it
            kind = r.result.validity.reasons(Reason.Rule.RATE_NOT_HELD).isEmpty() ? JudgedRun.Outcome.NOT_COUNTED
                    : JudgedRun.Outcome.RATE_NOT_HELD;
        } else {
            kind = budgets.stream().anyMatch(b -> !values.containsKey(b) || values.get(b) > b.limitNs)
                    ? JudgedRun.Outcome.OVER_BUDGET : JudgedRun.Outcome.HELD;
        }
        return new JudgedRun(r, kind, values, budgets);
    }

    public void record(Step step) {
        steps.add(step);
    }

    /** Ends the search where it stands: a step could not run, or the time is up (the runner's words). */
    public void stop(String why) {
        stopped = new SearchEnd(SearchEnd.Way.STOPPED, why, null, null, 0, 0);
    }

    /** Whether the search ended before its own rule did: stopped, no step, or a step with no run counted. */
    public boolean cutShort() {
        return stopped != null || steps.isEmpty() || steps.get(steps.size() - 1).outcome == StepOutcome.NOT_JUDGED;
    }

    public List<Step> steps() {
        return Collections.unmodifiableList(steps);
    }

    public long next() {
        return end() == null ? nextRate() : -1;
    }

    public SearchEnd end() {
        if (stopped != null) {
            return stopped;
        }
        if (steps.isEmpty()) {
            return null;
        }
        Step last = steps.get(steps.size() - 1);
        if (last.outcome == StepOutcome.NOT_JUDGED) {
            return new SearchEnd(SearchEnd.Way.NO_RUN_COUNTED, null, last, null, 0, 0);
        }
        Bracket b = bracket();
        if (last.outcome == StepOutcome.MIXED) {
            return new SearchEnd(SearchEnd.Way.MIXED, null, last, b, 0, resolution);
        }
        if (b.held >= maxRate) {
            return new SearchEnd(SearchEnd.Way.HELD_AT_MOST, null, null, null, maxRate, 0);
        }
        if (b.held == 0 && b.broke > 0 && b.broke <= minRate) {
            return new SearchEnd(SearchEnd.Way.BROKE_AT_LEAST, null, null, null, minRate, 0);
        }
        if (b.held > 0 && b.broke > 0 && b.broke <= b.held * (1 + resolution)) {
            return new SearchEnd(SearchEnd.Way.WITHIN_RESOLUTION, null, null, null, 0, resolution);
        }
        return null;
    }

    /** The bracket of the steps so far: the highest rate that held below the lowest that broke or was mixed. */
    public Bracket bracket() {
        long broke = steps.stream().filter(s -> s.outcome == StepOutcome.BROKE || s.outcome == StepOutcome.MIXED)
                .mapToLong(s -> s.rate).min().orElse(0);
        return new Bracket(steps.stream().filter(s -> s.outcome == StepOutcome.HELD && (broke == 0 || s.rate < broke))
                .mapToLong(s -> s.rate).max().orElse(0), broke);
    }

    private long nextRate() {
        if (steps.isEmpty()) {
            return start;
        }
        Bracket b = bracket();
        if (b.broke == 0) {
            return Math.min(maxRate, (long) Math.ceil(b.held * factor)); // still holding: up
        }
        if (b.held == 0) {
            return Math.max(minRate, (long) Math.floor(b.broke / factor)); // broke at the start: down
        }
        return between(b.held, b.broke);
    }

    /** A round rate between two (their geometric mean to two significant digits, else as many as it takes). */
    static long between(long low, long high) {
        double mid = Math.sqrt((double) low * high);
        for (int digits = 2; digits <= 18; digits++) {
            double scale = Math.pow(10, Math.floor(Math.log10(mid)) + 1 - digits);
            long r = Math.round(Math.round(mid / scale) * scale);
            if (r > low && r < high) {
                return r;
            }
        }
        return low + (high - low) / 2;
    }

    /**
     * The most steps a search can take: every sequence of held and broke followed to its end. The halvings' rounding
     * to two digits can take one more than the bracket's width alone says.
     */
    public int mostSteps() {
        return deepest(new ArrayList<StepOutcome>());
    }

    private int deepest(List<StepOutcome> outcomes) {
        CapacitySearch s = new CapacitySearch(start, minRate, maxRate, factor, resolution);
        for (StepOutcome o : outcomes) {
            s.record(new Step(s.next(), o, Collections.<JudgedRun>emptyList()));
        }
        if (s.end() != null || outcomes.size() >= 64) {
            return outcomes.size();
        }
        int most = 0;
        for (StepOutcome o : new StepOutcome[] {StepOutcome.HELD, StepOutcome.BROKE}) {
            List<StepOutcome> next = new ArrayList<>(outcomes);
            next.add(o);
            most = Math.max(most, deepest(next));
        }
        return most;
    }
}
