package io.queuelatency.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.json.ResultJson;
import io.queuelatency.measure.LatencyRecorder;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.MatrixPlan.AutoPlan.RoundsEnd;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Settings;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.store.ResultFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --runs auto's rounds with a fake launcher whose cells write results of known latency: which cells run, when the
 * rounds end and why, and that --resume replays the looks from the stored cells and goes on.
 */
class AutoRunnerTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    private final List<String> launched = new ArrayList<>();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    /** Two JVMs, auto, looks after rounds 3, 4 and 6, a time budget of {@code budgetNs}; cells of 1 s + 2 s. */
    private static MatrixPlan plan(long budgetNs, String... jvms) {
        MatrixPlan plan = new MatrixPlan();
        plan.runId = "auto";
        plan.settings = Settings.builder().warmupNs(S).durationNs(2 * S).floorNs(0).cellGraceNs(10 * S).runs(null)
                .build();
        for (String id : jvms) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = id;
            j.label = id;
            j.available = true;
            j.javaHome = "/jdks/" + id;
            j.warmupNs = S;
            plan.jvms.add(j);
        }
        plan.auto = new MatrixPlan.AutoPlan();
        plan.auto.timeBudgetNs = budgetNs;
        plan.auto.looks.addAll(Arrays.asList(3, 4, 6));
        return plan;
    }

    /**
     * Cells whose latency is {@code medians} of their JVM (ns) times a run-to-run factor of {@code spread} either way
     * (a fixed pattern over the run numbers); after {@code stopAfter} cells the matrix is stopped from outside.
     */
    private MatrixRunner.Launcher cells(Map<String, Long> medians, double spread, int stopAfter,
                                        MatrixRunner[] runner) {
        return (javaBin, options, main, args, log, limitNs) -> {
            Path out = Paths.get(args.get(args.indexOf("--output") + 1));
            CellId cell = CellId.parse(out.getFileName().toString());
            launched.add(cell.toString());
            if (launched.size() == stopAfter) {
                runner[0].stop();
            }
            double factor = 1 + spread * (((cell.run * 5) % 7) - 3) / 3.0;
            Histogram h = LatencyRecorder.newHistogram();
            long base = Math.round(medians.get(cell.jvm) * factor);
            for (int k = 0; k < 100_000; k++) {
                h.recordValue(base + k % 100 + (k % 1_000 == 0 ? 20 * base : 0));
            }
            Files.createDirectories(out);
            Files.write(log, "cell\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            RunResultBuilder b = new RunResultBuilder();
            b.latency(h, h);
            ResultJson.write(out.resolve(ResultFiles.RESULT_JSON), b.build());
            return new MatrixRunner.Launched(0, -1, Arrays.asList(javaBin.toString(), main));
        };
    }

    private RoundsEnd run(MatrixPlan plan, MatrixRunner.Launcher launcher, MatrixRunner[] holder) throws Exception {
        return run(plan, launcher, holder, () -> { });
    }

    private RoundsEnd run(MatrixPlan plan, MatrixRunner.Launcher launcher, MatrixRunner[] holder,
                          Runnable afterEachCell) throws Exception {
        Files.createDirectories(dir);
        MatrixPlanJson.write(plan, dir.resolve(MatrixFiles.MATRIX_JSON));
        holder[0] = new MatrixRunner(plan, dir, launcher, new PrintStream(progress, true), afterEachCell);
        boolean ended = new AutoRunner(plan, dir, holder[0], new PrintStream(progress, true)).run();
        return ended && !holder[0].stopped() ? plan.auto.end : null;
    }

    private static Map<String, Long> medians(long a, long b) {
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        return m;
    }

    @Test
    void aDifferenceDecidedAtEveryPercentileEndsAtTheFirstLookAfterFiveRounds() throws Exception {
        MatrixPlan plan = plan(3_600 * S, "a", "b");
        plan.auto.looks.clear();
        plan.auto.looks.addAll(Arrays.asList(5, 6, 8)); // 3 runs each cannot reach any level of a family of 4
        MatrixRunner[] runner = new MatrixRunner[1];
        assertEquals(RoundsEnd.DECIDED, run(plan, cells(medians(1_000, 3_000), 0.01, -1, runner), runner));
        assertEquals(Arrays.asList("a-run1", "b-run1", "b-run2", "a-run2", "a-run3", "b-run3", "b-run4", "a-run4",
                "a-run5", "b-run5"), launched, "five rounds, interleaved, each round's order turned by one JVM");
        assertEquals(1, plan.auto.looksTaken);
        assertEquals(5, plan.auto.rounds);
        assertEquals(RoundsEnd.DECIDED, MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON)).auto.end,
                "how it ended is stored with the plan");
    }

    @Test
    void jvmsThatCannotBeToldApartRunToTheLastLook() throws Exception {
        MatrixPlan plan = plan(3_600 * S, "a", "b");
        MatrixRunner[] runner = new MatrixRunner[1];
        assertEquals(RoundsEnd.LAST_LOOK, run(plan, cells(medians(1_000, 1_000), 0.15, -1, runner), runner));
        assertEquals(12, launched.size(), "six rounds of both");
        assertEquals(Arrays.asList("a-run5", "b-run5", "b-run6", "a-run6"), launched.subList(8, 12));
        assertEquals(3, plan.auto.looksTaken);
        assertEquals(6, plan.auto.rounds);
        assertEquals(12, plan.cells.size(), "each round's cells are in the plan");
    }

    @Test
    void roundsThatWouldPassTheTimeBudgetAreNotStarted() throws Exception {
        // Each cell is planned at 1 s + 2 s and a start-up guess: the first three rounds always run (the least the plan
        // states), the fourth (two cells) would pass 5 s.
        MatrixPlan plan = plan(5 * S, "a", "b");
        MatrixRunner[] runner = new MatrixRunner[1];
        assertEquals(RoundsEnd.TIME_BUDGET, run(plan, cells(medians(1_000, 1_000), 0.15, -1, runner), runner));
        assertEquals(6, launched.size());
        assertEquals(1, plan.auto.looksTaken);
        assertEquals(3, plan.auto.rounds);
    }

    @Test
    void theBudgetCountsTheTimeBetweenCellsToo() throws Exception {
        // The cells themselves take no time here; the report rebuilt after each takes half a second. After three
        // rounds (six cells: 3 s of wall time, none of the cells' own) the fourth round's two cells of 3 s would pass
        // a 7 s budget counted as wall time, and would not as the cells' own time.
        MatrixPlan plan = plan(7 * S, "a", "b");
        MatrixRunner[] runner = new MatrixRunner[1];
        Runnable report = () -> {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        assertEquals(RoundsEnd.TIME_BUDGET, run(plan, cells(medians(1_000, 1_000), 0.15, -1, runner), runner, report));
        assertEquals(3, plan.auto.rounds);
        assertTrue(plan.auto.wallNs >= 3 * S, "the wall time: " + plan.auto.wallNs);
        assertTrue(plan.auto.spentNs < plan.auto.wallNs, "the cells' own: " + plan.auto.spentNs);
        assertEquals(plan.auto.wallNs, MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON)).auto.wallNs,
                "stored with the plan");
    }

    @Test
    void aResumedMatrixReplaysItsLooksFromTheStoredCellsAndGoesOn() throws Exception {
        MatrixPlan plan = plan(3_600 * S, "a", "b");
        MatrixRunner[] runner = new MatrixRunner[1];
        Map<String, Long> same = medians(1_000, 1_000);
        assertNull(run(plan, cells(same, 0.15, 9, runner), runner), "stopped from outside in round 5");
        assertNull(MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON)).auto.end, "not ended: --resume goes on");
        long stoppedAfterNs = MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON)).auto.wallNs;
        assertTrue(stoppedAfterNs > 0, "the stopped stretch stored its wall time");
        launched.clear();
        MatrixPlan resumed = MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON));
        assertEquals(RoundsEnd.LAST_LOOK, run(resumed, cells(same, 0.15, -1, runner), runner));
        assertEquals(Arrays.asList("a-run5", "b-run5", "b-run6", "a-run6"), launched,
                "the cell cut short runs again, the finished ones do not");
        assertEquals(6, resumed.auto.rounds);
        assertTrue(resumed.auto.wallNs >= stoppedAfterNs, "the stopped stretch's wall time counts: "
                + resumed.auto.wallNs + " after " + stoppedAfterNs);
    }
}
