package io.queuelatency.matrix;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.AutoRuns;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.MatrixPlan.AutoPlan.RoundsEnd;
import io.queuelatency.text.Units;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs a matrix until decided (--runs auto): rounds of one fresh cell per open JVM up to each look, where
 * {@link AutoRuns} says from the stored cells which JVMs are still open; it ends when none is, at the last look, or
 * when the next rounds would overrun the time budget (wall time, summed over the stretches of a --resume).
 */
public final class AutoRunner {
    private final MatrixPlan plan;
    private final Path runDir;
    private final MatrixRunner runner;
    private final PrintStream progress;
    private int cellsRun;
    /** The wall time of this matrix's earlier stretches (a --resume), and when this one began. */
    private long earlierNs;
    private long beganNs;

    public AutoRunner(MatrixPlan plan, Path runDir, MatrixRunner runner, PrintStream progress) {
        this.plan = plan;
        this.runDir = runDir;
        this.runner = runner;
        this.progress = progress;
    }

    /** Runs rounds until the matrix ends; false when stopped from outside (--resume goes on). */
    public boolean run() throws IOException, InterruptedException {
        MatrixPlan.AutoPlan auto = plan.auto;
        auto.end = null; // a resumed matrix looks again
        earlierNs = Math.max(auto.wallNs, ownNs()); // at least the cells' own where a stretch ended unrecorded
        beganNs = System.nanoTime();
        Map<MatrixData.Slice, Set<String>> open = null; // before the first look: every JVM, at every size and rate
        int round = 0;
        for (int look = 0; look < auto.looks.size(); look++) {
            int next = auto.looks.get(look);
            List<List<CellId>> rounds = new ArrayList<>();
            for (int r = round + 1; r <= next; r++) {
                rounds.add(open == null ? MatrixPlanner.round(plan, r) : round(open, r));
            }
            long spent = wallNs();
            long more = toRunNs(rounds);
            if (look > 0 && spent + more > auto.timeBudgetNs) {
                progress.printf(Locale.ROOT, "matrix: the time budget ends (%s spent of %s; rounds %d to %d would "
                        + "take about %s more)%n", Units.minutes(spent), Units.minutes(auto.timeBudgetNs), round + 1,
                        next, Units.minutes(more));
                return end(RoundsEnd.TIME_BUDGET, look, round);
            }
            rounds.stream().flatMap(List::stream).filter(cell -> !plan.cells.contains(cell)).forEach(plan.cells::add);
            auto.wallNs = wallNs();
            runner.savePlan();
            for (int r = round + 1; r <= next; r++) {
                runner.roundBegins(r);
                if (!runRound(rounds.get(r - round - 1), r, look)) {
                    auto.wallNs = wallNs(); // what this stretch took counts when --resume goes on
                    runner.savePlan();
                    return false;
                }
                runner.roundEnded(r);
            }
            round = next;
            open = AutoRuns.open(Analysis.of(MatrixData.load(runDir).upToRound(round), null));
            progress.println(lookLine(look, round, open));
            if (open.isEmpty()) {
                return end(RoundsEnd.DECIDED, look + 1, round);
            }
        }
        return end(RoundsEnd.LAST_LOOK, auto.looks.size(), round);
    }

    /** One round: a cell of each open JVM at each size and rate where it is open, in the round's order. */
    private List<CellId> round(Map<MatrixData.Slice, Set<String>> open, int run) {
        return MatrixPlanner.round(plan, run).stream().filter(c -> open.getOrDefault(
                new MatrixData.Slice(plan.size(c), plan.rate(c)), Collections.emptySet()).contains(c.jvm))
                .collect(Collectors.toList());
    }

    /** Runs the round's cells not finished yet; false when stopped from outside. */
    private boolean runRound(List<CellId> cells, int round, int look) throws IOException, InterruptedException {
        for (int i = 0; i < cells.size(); i++) {
            CellId cell = cells.get(i);
            if (MatrixRunner.finished(runDir, cell) != null) {
                continue;
            }
            String heading = String.format(Locale.ROOT, "[%d] %s: %s; round %d (cell %d of %d), look %d of %d after "
                            + "round %d; cell ETA %s, %s spent of %s", ++cellsRun, cell, plan.jvm(cell.jvm).label,
                    round, i + 1, cells.size(), look + 1, plan.auto.looks.size(), plan.auto.looks.get(look),
                    Units.minutes(runner.cellNs(plan.jvm(cell.jvm))), Units.minutes(wallNs()),
                    Units.minutes(plan.auto.timeBudgetNs));
            if (runner.run(cell, heading) == null) {
                return false;
            }
        }
        return true;
    }

    /** The time the budget counts, ns: this stretch's wall time so far and the earlier stretches'. */
    long wallNs() {
        return earlierNs + System.nanoTime() - beganNs;
    }

    /** The time the cells of the plan took, ns: each cell's own, from its cell.json (a cell not ended: none). */
    long ownNs() {
        long spent = plan.cells.stream().map(cell -> MatrixData.outcome(runDir, cell)).filter(o -> o != null)
                .mapToLong(o -> (long) (o.seconds * 1e9)).sum();
        for (int k = 1; HostFloorCells.finished(runDir, k); k++) { // the host's floor cells are the matrix's time too
            io.queuelatency.result.FloorCell f = io.queuelatency.json.ResultJson.readFloorCell(
                    HostFloorCells.dir(runDir, k).resolve(io.queuelatency.store.MatrixFiles.FLOOR_JSON));
            spent += java.time.Duration.between(java.time.Instant.parse(f.startedAt),
                    java.time.Instant.parse(f.finishedAt)).toNanos();
        }
        return spent;
    }

    /** What the rounds' cells not finished yet would take, ns. */
    private long toRunNs(List<List<CellId>> rounds) {
        return rounds.stream().flatMap(List::stream).filter(cell -> MatrixRunner.finished(runDir, cell) == null)
                .mapToLong(cell -> runner.cellNs(plan.jvm(cell.jvm))).sum();
    }

    private String lookLine(int look, int round, Map<MatrixData.Slice, Set<String>> open) {
        Set<String> ids = new LinkedHashSet<>();
        open.values().forEach(ids::addAll);
        return String.format(Locale.ROOT, "matrix: look %d of %d, after round %d: %s", look + 1,
                plan.auto.looks.size(), round, ids.isEmpty() ? "every comparison decided"
                        : ids.size() + " JVMs still open: " + String.join(", ", ids));
    }

    private boolean end(RoundsEnd end, int looksTaken, int rounds) {
        plan.auto.end = end;
        plan.auto.looksTaken = looksTaken;
        plan.auto.rounds = rounds;
        plan.auto.spentNs = ownNs();
        plan.auto.wallNs = wallNs();
        runner.savePlan();
        return true;
    }
}
