package io.queuelatency.matrix;

import io.queuelatency.store.MatrixFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.json.ResultJson;
import io.queuelatency.launch.MeasuredJvm;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Reason;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Settings;
import io.queuelatency.store.ResultFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The matrix's cell runner with a fake launcher: what it records for each way a cell can end, and that it goes on. */
class MatrixRunnerTest {
    @TempDir
    Path dir;

    private final List<String> launched = new ArrayList<>();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    private static MatrixPlan plan(String... jvms) {
        MatrixPlan plan = new MatrixPlan();
        plan.runId = "test";
        plan.settings = Settings.builder().rate(100_000).size(256).warmupNs(1_000_000_000L).durationNs(2_000_000_000L)
                .floorNs(0).cellGraceNs(10_000_000_000L).runs(1).build();
        for (String id : jvms) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = id;
            j.label = id;
            j.available = true;
            j.javaHome = "/jdks/" + id;
            j.warmupNs = 1_000_000_000L;
            plan.jvms.add(j);
            plan.cells.add(CellId.parse(id + "-run1"));
        }
        return plan;
    }

    /** A cell JVM that does what {@code exit} says: 0 and 3 write a result (3 a not valid one), others write none. */
    private MatrixRunner.Launcher fake(int... exits) {
        return (javaBin, options, main, args, log, limitNs) -> {
            int exit = exits[launched.size()];
            launched.add(javaBin.toString());
            Path out = java.nio.file.Paths.get(args.get(args.indexOf("--output") + 1));
            Files.write(log, ("cell " + launched.size() + "\nits last line\n").getBytes(StandardCharsets.UTF_8));
            if (exit == 0 || exit == 3) {
                Files.createDirectories(out);
                RunResultBuilder b = new RunResultBuilder();
                b.lost = exit == 3 ? 5 : 0;
                ResultJson.write(out.resolve(ResultFiles.RESULT_JSON), b.build());
            }
            return new MatrixRunner.Launched(exit, -1, Arrays.asList(javaBin.toString(), main));
        };
    }

    private CellOutcome outcome(String cell) {
        return io.queuelatency.decide.MatrixData.outcome(dir, CellId.parse(cell));
    }

    @Test
    void everyCellIsRecordedAsItEndedAndTheMatrixGoesOnPastAFailure() throws Exception {
        int[] reports = {0};
        MatrixRunner runner = new MatrixRunner(plan("a", "b", "c", "d"), dir, fake(0, 1, 3, MeasuredJvm.TIMED_OUT),
                new PrintStream(progress, true), () -> reports[0]++);
        assertEquals(4, runner.run());
        assertEquals(Arrays.asList("/jdks/a/bin/java", "/jdks/b/bin/java", "/jdks/c/bin/java", "/jdks/d/bin/java"),
                launched);
        assertEquals(CellOutcome.Status.VALID, outcome("a-run1").status);
        assertEquals(CellOutcome.Status.FAILED, outcome("b-run1").status);
        assertTrue(outcome("b-run1").reason.matches("\\D*1: its last line"),
                "the exit code, then the log's last line: " + outcome("b-run1").reason);
        assertEquals(CellOutcome.Status.INVALID, outcome("c-run1").status);
        assertEquals(Collections.singletonList(new Reason.NotIntact(5, 0, 0, 0)),
                ResultFiles.read(dir.resolve("cells/c-run1")).validity.invalidReasons);
        assertEquals(io.queuelatency.words.RunWords.text(new Reason.NotIntact(5, 0, 0, 0)),
                outcome("c-run1").reason, "cell.json says why in the run's words");
        assertEquals(CellOutcome.Status.TIMEOUT, outcome("d-run1").status);
        assertEquals(4, reports[0], "the report is rebuilt after every cell");
        assertTrue(Files.isRegularFile(dir.resolve("cells/b-run1/" + MatrixFiles.RUN_LOG)),
                "a failed cell keeps its log");
    }

    @Test
    void aResumedMatrixRunsOnlyTheCellsThatDidNotFinish() throws Exception {
        new MatrixRunner(plan("a", "b", "c"), dir, fake(0, 1, 0), new PrintStream(progress, true), () -> { }).run();
        launched.clear();
        MatrixRunner again =
                new MatrixRunner(plan("a", "b", "c"), dir, fake(0), new PrintStream(progress, true), () -> { });
        assertEquals(1, again.run(), "the failed cell runs again, the finished ones do not");
        assertEquals(Arrays.asList("/jdks/b/bin/java"), launched);
        assertEquals(CellOutcome.Status.VALID, outcome("b-run1").status);
        List<String> counts = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("[0-9]+")
                .matcher(Lines.startingWith(progress.toString(), "matrix: 2 "));
        while (m.find()) {
            counts.add(m.group());
        }
        assertEquals(Arrays.asList("2", "3", "1"), counts, "finished already, of all, to run");
    }

    @Test
    void aStopDuringACellRecordsNothingForItAndStartsNoOther() throws Exception {
        MatrixRunner[] runner = new MatrixRunner[1];
        MatrixRunner.Launcher stopsMidway = (javaBin, options, main, args, log, limitNs) -> {
            launched.add(javaBin.toString());
            runner[0].stop(); // Ctrl-C while this cell runs
            return new MatrixRunner.Launched(143, -1, Arrays.asList(javaBin.toString()));
        };
        runner[0] = new MatrixRunner(plan("a", "b"), dir, stopsMidway, new PrintStream(progress, true), () -> { });
        assertEquals(0, runner[0].run());
        assertEquals(1, launched.size());
        assertNull(outcome("a-run1"), "a cell cut short by the stop is not a result: --resume runs it again");
        assertTrue(runner[0].stopped());
    }

    /** Two rounds of {@code jvms}, with the host's floor in floor cells on the controller's java. */
    private static MatrixPlan withFloorCells(String... jvms) {
        MatrixPlan plan = plan(jvms);
        plan.settings = plan.settings.toBuilder().floorNs(1_000_000_000L).runs(2).build();
        for (String id : jvms) {
            plan.cells.add(CellId.parse(id + "-run2"));
        }
        plan.hostFloor = new MatrixPlan.HostFloorPlan();
        plan.hostFloor.javaHome = "/jdks/controller";
        plan.hostFloor.version = "21";
        plan.hostFloor.vmName = "OpenJDK 64-Bit Server VM";
        return plan;
    }

    /**
     * A floor cell writes its floor.json (named "floor k" in {@link #launched}) unless {@code failing} names it; a
     * cell writes a valid result, its arguments kept; {@code stopAt} (a cell or floor cell) stops the matrix there.
     */
    private MatrixRunner.Launcher floorsAndCells(List<List<String>> arguments, String failing, String stopAt,
                                                 MatrixRunner[] runner) {
        return (javaBin, options, main, args, log, limitNs) -> {
            Path out = java.nio.file.Paths.get(args.get(args.indexOf("--output") + 1));
            String name = args.contains("--floor-only") ? "floor " + out.getFileName() : out.getFileName().toString();
            launched.add(name);
            arguments.add(args);
            Files.write(log, "its last line\n".getBytes(StandardCharsets.UTF_8));
            if (name.equals(stopAt)) {
                runner[0].stop();
                return new MatrixRunner.Launched(143, -1, Arrays.asList(javaBin.toString()));
            }
            Files.createDirectories(out);
            if (!args.contains("--floor-only")) {
                ResultJson.write(out.resolve(ResultFiles.RESULT_JSON), new RunResultBuilder().build());
            } else if (!name.equals(failing)) {
                assertEquals("/jdks/controller/bin/java", javaBin.toString(), "the controller's own java");
                org.HdrHistogram.Histogram h = io.queuelatency.measure.LatencyRecorder.newHistogram();
                h.recordValue(200);
                io.queuelatency.result.FloorCell cell = new io.queuelatency.result.FloorCell();
                cell.jvm = new RunResultBuilder().setup().jvm;
                cell.startedAt = "now";
                cell.finishedAt = "later";
                cell.producerCpu = 2;
                cell.consumerCpu = 3;
                cell.rate = 100_000;
                cell.floor = RunResultBuilder.floor(h, 20, 6);
                ResultJson.write(out.resolve(MatrixFiles.FLOOR_JSON), cell);
            }
            return new MatrixRunner.Launched(name.equals(failing) ? 1 : 0, -1, Arrays.asList(javaBin.toString()));
        };
    }

    @Test
    void theHostsFloorIsMeasuredBeforeTheFirstRoundAndAfterEachAndTheCellsMeasureNone() throws Exception {
        List<List<String>> arguments = new ArrayList<>();
        MatrixRunner[] runner = new MatrixRunner[1];
        runner[0] = new MatrixRunner(withFloorCells("a", "b"), dir, floorsAndCells(arguments, null, null, runner),
                new PrintStream(progress, true), () -> { });
        assertEquals(4, runner[0].run());
        assertEquals(Arrays.asList("floor 1", "a-run1", "b-run1", "floor 2", "a-run2", "b-run2", "floor 3"), launched);
        for (int i = 0; i < launched.size(); i++) {
            List<String> args = arguments.get(i);
            assertEquals(launched.get(i).startsWith("floor") ? "1000ms" : "0ms",
                    args.get(args.indexOf("--floor") + 1),
                    launched.get(i) + ": the floor cells measure the floor, the cells none");
        }
        for (int k = 1; k <= 3; k++) {
            assertTrue(HostFloorCells.finished(dir, k), "floor/" + k);
            assertTrue(Files.isRegularFile(HostFloorCells.dir(dir, k).resolve(MatrixFiles.RUN_LOG)), "its log kept");
        }
        MatrixPlan plan = withFloorCells("a", "b");
        assertEquals(4 * MatrixRunner.cellEstimateNs(plan, plan.cells.get(0))
                + 3 * HostFloorCells.cellNs(plan.settings), MatrixRunner.estimateNs(plan, plan.cells),
                "four cells without a floor, and three floor cells");
    }

    @Test
    void aResumedMatrixMeasuresOnlyTheFloorCellsNotFinishedEachWhereItIsDue() throws Exception {
        List<List<String>> arguments = new ArrayList<>();
        MatrixRunner[] runner = new MatrixRunner[1];
        runner[0] = new MatrixRunner(withFloorCells("a", "b"), dir,
                floorsAndCells(arguments, "floor 2", "b-run2", runner), new PrintStream(progress, true), () -> { });
        runner[0].run();
        assertEquals(Arrays.asList("floor 1", "a-run1", "b-run1", "floor 2", "a-run2", "b-run2"), launched);
        assertFalse(HostFloorCells.finished(dir, 2), "floor/2 failed");
        assertFalse(HostFloorCells.finished(dir, 3), "floor/3 never ran: the matrix stopped in b-run2");
        launched.clear();
        runner[0] = new MatrixRunner(withFloorCells("a", "b"), dir, floorsAndCells(arguments, null, null, runner),
                new PrintStream(progress, true), () -> { });
        assertEquals(1, runner[0].run());
        assertEquals(Arrays.asList("floor 2", "b-run2", "floor 3"), launched,
                "floor/1 is kept; floor/2 is due before round 2's first cell still to run");
    }
}
