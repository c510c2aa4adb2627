package io.queuelatency.wings.capacity;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.text.Units;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * Runs a capacity search: one step of every JVM still searching per round, the step's runs interleaved across the JVMs
 * as a matrix interleaves its cells. A step that cannot run here ends that JVM's search; a round over the time left
 * ends every search. Each round's cells are added to the plan before they run, so an interrupted search resumes by
 * replaying the finished cells (the search is a function of its steps).
 */
public final class CapacityRunner {
    /** The cells a search runs: a matrix's runner, or a fake in tests. */
    public interface Cells {
        /** The outcome of a cell that finished before (a resumed search), else null. */
        CellOutcome finished(CellId cell);

        /** Runs a cell; null when the search was stopped while it ran. */
        CellOutcome run(CellId cell, String heading) throws IOException, InterruptedException;

        RunResult result(CellId cell);

        long cellNs(MatrixPlan.PlannedJvm jvm);
    }

    private final MatrixPlan plan;
    private final Cells cells;
    /** Whether a step at a rate can run here: null when it can, else why not (one line). */
    private final LongFunction<String> check;
    private final LongSupplier clock;
    private final Consumer<String> progress;
    private final Runnable savePlan;
    private final Map<String, CapacitySearch> searches = new LinkedHashMap<>();
    private int cellsDone;

    public CapacityRunner(MatrixPlan plan, Cells cells, LongFunction<String> check, LongSupplier clock,
            Consumer<String> progress, Runnable savePlan) {
        this.plan = plan;
        this.cells = cells;
        this.check = check;
        this.clock = clock;
        this.progress = progress;
        this.savePlan = savePlan;
    }

    public static CapacitySearch search(MatrixPlan plan) {
        MatrixPlan.CapacityPlan c = plan.capacity;
        return new CapacitySearch(plan.settings.rate, c.minRate, c.maxRate, c.factor, c.resolution);
    }

    /** Runs every search to its end; false when stopped from outside (--resume goes on). */
    public boolean run() throws IOException, InterruptedException {
        MatrixPlan.CapacityPlan c = plan.capacity;
        c.ended.clear(); // a resumed search checks again what can run, and has its own time
        c.notRun.clear();
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if (j.available) {
                searches.put(j.id, search(plan));
            }
        }
        long started = clock.getAsLong();
        for (int round = 1; ; round++) {
            Map<String, Long> step = nextStep();
            if (step.isEmpty()) {
                savePlan.run();
                return true;
            }
            List<CellId> roundCells = new ArrayList<>();
            long roundNs = 0;
            for (int run = 1; run <= MatrixPlan.fixedRuns(plan.settings); run++) {
                for (Map.Entry<String, Long> e : step.entrySet()) {
                    CellId cell = new CellId(e.getKey(), null, e.getValue(), run);
                    roundCells.add(cell);
                    roundNs += cells.finished(cell) == null ? cells.cellNs(plan.jvm(e.getKey())) : 0;
                }
            }
            long spent = clock.getAsLong() - started;
            if (spent + roundNs > c.timeLimitNs) {
                for (String jvm : step.keySet()) {
                    end(jvm, String.format(Locale.ROOT,
                            "the time allowed (--time-budget %s) ends: %s spent, the step at %,d msg/s would take %s "
                                    + "more",
                            io.queuelatency.text.Durations.format(c.timeLimitNs), Units.minutes(spent), step.get(jvm),
                            Units.minutes(roundNs)));
                }
                savePlan.run();
                return true;
            }
            roundCells.stream().filter(cell -> !plan.cells.contains(cell)).forEach(plan.cells::add);
            savePlan.run();
            progress.accept(String.format(Locale.ROOT, "capacity: step %d: %s; about %s, %s spent of %s", round,
                    describe(step), Units.minutes(roundNs), Units.minutes(spent), Units.minutes(c.timeLimitNs)));
            Map<CellId, CellOutcome> outcomes = runAll(roundCells);
            if (outcomes == null) {
                return false;
            }
            record(step, outcomes);
        }
    }

    /** Per JVM still searching, its next step's rate; a step that cannot run here ends that JVM's search. */
    private Map<String, Long> nextStep() {
        Map<String, Long> step = new LinkedHashMap<>();
        for (Map.Entry<String, CapacitySearch> e : searches.entrySet()) {
            long rate = e.getValue().next();
            if (rate < 0) {
                continue;
            }
            String whyNot = check.apply(rate);
            if (whyNot != null) {
                end(e.getKey(), String.format(Locale.ROOT, "the step at %,d msg/s cannot run here: %s", rate, whyNot));
                plan.capacity.notRun.put(e.getKey(), rate);
                continue;
            }
            step.put(e.getKey(), rate);
        }
        return step;
    }

    /** The round's cells, each run unless it finished before; null when stopped from outside. */
    private Map<CellId, CellOutcome> runAll(List<CellId> roundCells) throws IOException, InterruptedException {
        Map<CellId, CellOutcome> outcomes = new LinkedHashMap<>();
        for (CellId cell : roundCells) {
            CellOutcome o = cells.finished(cell);
            if (o == null) {
                o = cells.run(cell, String.format(Locale.ROOT, "[%d] %s: %s at %,d msg/s, run %d of %d; cell ETA %s",
                        ++cellsDone, cell,
                        plan.jvm(cell.jvm).label, cell.rate, cell.run, MatrixPlan.fixedRuns(plan.settings),
                        Units.minutes(cells.cellNs(plan.jvm(cell.jvm)))));
                if (o == null) {
                    return null;
                }
            }
            outcomes.put(cell, o);
        }
        return outcomes;
    }

    /** Each JVM's step judged and told to its search; after its first step, the budgets against the floor. */
    private void record(Map<String, Long> step, Map<CellId, CellOutcome> outcomes) {
        for (Map.Entry<String, Long> e : step.entrySet()) {
            CapacitySearch s = searches.get(e.getKey());
            boolean first = s.steps().isEmpty();
            CapacitySearch.Step judged = judge(e.getKey(), e.getValue(), outcomes);
            s.record(judged);
            progress.accept(String.format(Locale.ROOT, "      %s at %,d msg/s: %s", e.getKey(), e.getValue(),
                    CapacityWords.step(judged)));
            if (first) {
                belowFloor(e.getKey(), e.getValue());
            }
        }
    }

    public Map<String, CapacitySearch> searches() {
        return searches;
    }

    private CapacitySearch.Step judge(String jvm, long rate, Map<CellId, CellOutcome> outcomes) {
        return CapacitySearch.judge(rate, outcomes.entrySet().stream()
                .filter(e -> e.getKey().jvm.equals(jvm) && e.getKey().rate == rate)
                .map(e -> new CapacitySearch.StepRun(e.getValue(), cells.result(e.getKey())))
                .collect(java.util.stream.Collectors.toList()), plan.capacity.budgets);
    }

    private void end(String jvm, String why) {
        searches.get(jvm).stop(why);
        plan.capacity.ended.put(jvm, why);
    }

    /** A budget below the floor just measured (the JVM's first step's lowest) holds at no rate: bad input. */
    private void belowFloor(String jvm, long rate) {
        for (Budget b : plan.capacity.budgets) {
            long lowest = Long.MAX_VALUE;
            String cellOf = null;
            for (int run = 1; run <= MatrixPlan.fixedRuns(plan.settings); run++) {
                CellId cell = new CellId(jvm, null, rate, run);
                RunResult r = cells.result(cell);
                Latency floor = r == null || r.floor == null ? null : r.floor.latency(Definition.INTENDED);
                if (floor != null && floor.count > 0 && floor.at(b.percentile()) != null
                        && floor.at(b.percentile()).valueNs < lowest) {
                    lowest = floor.at(b.percentile()).valueNs;
                    cellOf = cell.toString();
                }
            }
            if (cellOf != null && b.limitNs < lowest) {
                throw new BadInputException(String.format(Locale.ROOT, "--sla %s is below the floor just measured: the "
                                + "bare hand-off between the same two CPUs, without a queue, took %s at %s (%s); no "
                                + "rate can hold it (the cells measured are in the report)",
                        CapacityWords.budget(b), Units.ns(lowest), b.percentile().name(), cellOf));
            }
        }
    }

    private static String describe(Map<String, Long> step) {
        return step.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s at %,d msg/s", e.getKey(),
                e.getValue())).collect(java.util.stream.Collectors.joining(", "));
    }
}
