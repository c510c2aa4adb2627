package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.Lines;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Conclusion;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.json.ResultJson;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.store.RunMarker;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real matrix over the JDKs in JDK_ROOTS, at a few seconds per cell. */
class MatrixIT {
    private static final List<String> RUNNABLE = Arrays.asList("openjdk-8", "openjdk-11", "openjdk-17", "openjdk-21",
            "openjdk-25", "temurin-25", "openjdk-26", "openjdk-27", "graalvm-ce-17", "graalvm-ce-21", "graalvm-ce-25");

    @TempDir
    Path tmp;

    private static List<String> matrix(String... args) {
        List<String> command = Jar.java(Jar.JAVA);
        command.addAll(Arrays.asList("-Djava.awt.headless=true", "-cp", Jar.JAR.toString(), "io.queuelatency.JvmMatrix",
                "--project-dir=" + Paths.get("").toAbsolutePath()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * The oldest JDK, the newest and GraalVM CE's compiler through the one jar: the default set's share of the matrix
     * of every JVM below (11 cells, over 15 minutes on a nested VM), which the full suite runs.
     */
    @Test
    void theOldestAndNewestJdkAndGraalMeasureThroughTheOneJar() throws Exception {
        List<String> ids = Arrays.asList("openjdk-8", "openjdk-27", "graalvm-ce-25");
        for (int major : new int[] {8, 25, 27}) {
            Jdks.home(major);
        }
        Path out = tmp.resolve("report");
        Jar run = Jar.finish(Jar.start(matrix("--only", String.join(",", ids), "--rate", "20000", "--duration", "2s",
                "--warmup", "2s", "--runs", "1", "--output", out.toString()), tmp.resolve("logs")),
                tmp.resolve("logs"), 900);
        checkCells(run, out, ids);
    }

    /** Each cell measured to its end, the exit as their validity, a row each in Table 1, the CSV, the JSON, figures. */
    private static MatrixPlan checkCells(Jar run, Path out, List<String> ids) throws Exception {
        Jar.assertFinished(run);
        MatrixPlan plan = MatrixPlanJson.read(out.resolve(MatrixFiles.MATRIX_JSON));
        boolean allValid = true;
        boolean anyValid = false;
        for (String id : ids) {
            CellOutcome cell = ResultJson.readCell(out.resolve("cells/" + id + "-run1/" + MatrixFiles.CELL_JSON));
            Jar.assertFinished(id, cell);
            allValid &= cell.status == CellOutcome.Status.VALID;
            anyValid |= cell.status == CellOutcome.Status.VALID;
        }
        if (!allValid) { // exit 3 also where a floor cell did not finish: a fact of the host, not of a cell
            assertEquals(3, run.exitCode, "exit 3 where a cell is not valid: " + run);
        }
        for (String id : ids) {
            if (id.startsWith("graalvm-ce-")) {
                String log = new String(Files.readAllBytes(out.resolve("cells/" + id + "-run1/run.log")),
                        StandardCharsets.UTF_8);
                assertTrue(io.queuelatency.matrix.GraalCompiler.activeIn(log), id + " proved Graal active: " + log);
                assertTrue(plan.jvm(id).requiresGraalProof, "the GraalVM CE compiler (jargraal) on OpenJDK: "
                        + plan.jvm(id).label);
            }
        }
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        for (String id : ids) {
            Lines.startingWith(summary, "| " + id + " | " + plan.jvm(id).label + " | "); // its row in Table 1
        }
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(1 + ids.size(), csv.size(), "a header and a row per cell");
        assertEquals(ids.size(), new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.resolve("results.json").toFile()).size());
        assertTrue(ResultJson.readEnvironment(out.resolve("environment.json")).cpuModel != null);
        if (!anyValid) {
            return plan; // no figure without a valid run to show (summary.md says so)
        }
        for (String png : new String[] {"median.png", "p99_99.png", "percentiles.png"}) {
            assertNotNull(ImageIO.read(out.resolve(png).toFile()), png + " is a valid image");
        }
        return plan;
    }

    @FullSuite
    @Test
    void everyProvisionedJvmGivesAValidRowAndOracleGraalVmIsReportedNotInstalled() throws Exception {
        for (int major : new int[] {8, 11, 17, 21, 25, 26, 27}) {
            Jdks.home(major); // skips (or fails in CI) with a message when JDK_ROOTS lacks one
        }
        Path out = tmp.resolve("report");
        Jar run = Jar.finish(
                // 20,000 msg/s: a rate a slow 2-CPU host holds, so that a cell ends on time
                Jar.start(matrix("--rate", "20000", "--duration", "3s", "--warmup", "3s", "--runs", "1", "--output",
                out.toString()),
                tmp.resolve("logs")), tmp.resolve("logs"), 900);
        MatrixPlan plan = checkCells(run, out, RUNNABLE);
        for (int major : new int[] {17, 21}) {
            MatrixPlan.PlannedJvm ee = plan.jvm("graalvm-ee-" + major);
            assertFalse(ee.available, ee.id);
            assertTrue(ee.unavailable.contains(" " + major + " ")
                    && ee.unavailable.contains("oracle.com/java/technologies/downloads"), ee.unavailable);
        }
        for (int major : new int[] {26, 27}) {
            MatrixPlan.PlannedJvm ce = plan.jvm("graalvm-ce-" + major);
            assertFalse(ce.available, ce.id);
            assertTrue(ce.unavailable.contains(" " + major + ":") && ce.unavailable.contains(" 25"), ce.unavailable);
        }
        assertTrue(plan.jvm("temurin-25").vendor.startsWith("Eclipse Adoptium"), plan.jvm("temurin-25").vendor);
        assertTrue(!plan.jvm("openjdk-25").vendor.startsWith("Eclipse Adoptium"),
                "two builds of 25, told apart: " + plan.jvm("openjdk-25").vendor);
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        String eeRow = Lines.startingWith(summary, "| graalvm-ee-17 | " + plan.jvm("graalvm-ee-17").label + " | ");
        assertTrue(eeRow.contains(plan.jvm("graalvm-ee-17").unavailable + " |  |  |  |  |  |  |  |"),
                "its row in Table 1: why, and no numbers: " + eeRow);
    }

    @FullSuite
    @Test
    void aMatrixStoppedMidWayIsCompletedByResume() throws Exception {
        Path out = tmp.resolve("report");
        Process p = Jar.start(matrix("--only", "openjdk-17", "--duration", "3s", "--warmup", "1s", "--runs", "3",
                "--output", out.toString()), tmp.resolve("logs1"));
        Path first = out.resolve("cells/openjdk-17-run1/" + MatrixFiles.CELL_JSON);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(first) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(first), "the first cell finished");
        Thread.sleep(2000); // into the second cell
        p.destroy(); // SIGTERM, as Ctrl-C would
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(!Files.exists(out.resolve("cells/openjdk-17-run3/" + MatrixFiles.CELL_JSON)),
                "stopped before the end");
        String firstCell = new String(Files.readAllBytes(first), StandardCharsets.UTF_8);
        int finished = 0;
        for (int run = 1; run <= 3; run++) {
            Path cell = out.resolve("cells/openjdk-17-run" + run + "/" + MatrixFiles.CELL_JSON);
            finished += Files.isRegularFile(cell) && ResultJson.readCell(cell).status.finished() ? 1 : 0;
        }
        assertTrue(finished == 1 || finished == 2, finished + " cells finished before the stop");

        Jar resumed = Jar.finish(Jar.start(matrix("--resume", out.toString()), tmp.resolve("logs2")),
                tmp.resolve("logs2"), 300);
        Jar.assertFinished(resumed);
        assertEquals(Arrays.asList(finished, 3, 3 - finished),
                Lines.numbers(Lines.startingWith(resumed.err, "matrix: " + finished + " ")),
                "finished already, of all, to run");
        int valid = 0;
        for (int run = 1; run <= 3; run++) {
            CellOutcome cell =
                    ResultJson.readCell(out.resolve("cells/openjdk-17-run" + run + "/" + MatrixFiles.CELL_JSON));
            Jar.assertFinished("openjdk-17-run" + run, cell);
            valid += cell.status == CellOutcome.Status.VALID ? 1 : 0;
        }
        assertEquals(resumed.exitCode == 0, valid == 3, "exit 3 where a cell is not valid");
        assertEquals(firstCell, new String(Files.readAllBytes(first), StandardCharsets.UTF_8),
                "a finished cell is kept as it was");
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        JsonNode counted = null;
        for (JsonNode jvm : new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("jvms")) {
            counted = jvm.path("id").asText().equals("openjdk-17") ? jvm : counted;
        }
        assertNotNull(counted, "openjdk-17 in summary.json");
        assertEquals(valid, counted.path("runsCounted").asInt(), "the valid runs counted: " + counted);
        for (String section
                : new String[] {"## Which JVM on this host?", "## Runs side by side", "## Verdicts, pair by pair",
                "## The floor", "## Host check", "## Validity and warnings per cell", "the median of their values"}) {
            assertTrue(summary.contains(section), section + " in\n" + summary);
        }
        List<Conclusion> concluded = new Analysis(MatrixData.load(out), Analysis.DEFAULT_MARGIN).conclusions();
        assertEquals(1, concluded.size(), "one conclusion for the whole report");
        assertEquals(Conclusion.Kind.ONE_JVM, concluded.get(0).kind, "only openjdk-17 has valid runs");
        assertEquals("openjdk-17", ((Conclusion.OneJvm) concluded.get(0)).only.jvm.id);
        // "1.12 µs [0.546, 1.66]", "117 µs [0.795, 1150]": the interval in the value's unit, shown once
        assertTrue(summary.matches("(?s).*\\| openjdk-17 \\| [0-9.]+ (ns|µs|ms) \\[[0-9.]+, [0-9.]+\\] \\|.*"),
                "intervals in Table 3:\n" + summary);
        assertTrue(Files.isRegularFile(out.resolve("summary.json"))
                && Files.isRegularFile(out.resolve("estimates.csv")));
        String[] partial = new File(out.toFile(), "cells").list((d, n) -> n.startsWith("."));
        assertEquals(0, partial.length, "no partial cell left: " + String.join(", ", partial));
        // The host's floor: one floor cell before the first round and one after each of the three, on this java.
        for (int k = 1; k <= 4; k++) {
            Path floor = out.resolve(MatrixFiles.FLOOR_DIR).resolve(Integer.toString(k));
            assertTrue(Files.isRegularFile(floor.resolve(MatrixFiles.FLOOR_JSON)), "floor/" + k + " measured");
            io.queuelatency.result.FloorCell cell = ResultJson.readFloorCell(floor.resolve(MatrixFiles.FLOOR_JSON));
            assertEquals(MatrixPlanJson.read(out.resolve(MatrixFiles.MATRIX_JSON)).hostFloor.javaHome,
                    cell.jvm.javaHome, "the matrix's own java, not the JVM under test's");
            assertTrue(cell.floor.measured() && cell.floor.intended.count > 0, "floor/" + k);
        }
        assertFalse(Files.exists(out.resolve(MatrixFiles.FLOOR_DIR).resolve("5")), "three rounds, four floor cells");
        String[] partialFloor = new File(out.toFile(), MatrixFiles.FLOOR_DIR).list((d, n) -> n.startsWith("."));
        assertEquals(0, partialFloor.length, "no partial floor cell left: " + String.join(", ", partialFloor));
        for (int run = 1; run <= 3; run++) {
            assertEquals(null, ResultFiles.read(out.resolve("cells/openjdk-17-run" + run)).floor,
                    "a cell measures no floor of its own");
        }
        Analysis analysis = new Analysis(MatrixData.load(out), Analysis.DEFAULT_MARGIN);
        assertEquals(io.queuelatency.decide.HostFloor.Source.FLOOR_CELLS, analysis.hostFloor.source);
        assertEquals(4, analysis.hostFloor.floors.size());
    }

    @Test
    void aCellWhoseJvmIsKilledIsRecordedAsSuchItsQueueIsRemovedAndTheMatrixGoesOn() throws Exception {
        Path shm = Paths.get("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm), "cells queue in /dev/shm");
        Path out = tmp.resolve("report");
        // a 10 s window, so that the kill 3 s after the cell's start lands in it even where the host freezes a while
        Process p = Jar.start(matrix("--only", "openjdk-17", "--duration", "10s", "--warmup", "2s", "--runs", "2",
                "--output", out.toString()), tmp.resolve("logs"));
        File runDir = null;
        // long: a floor cell and a JVM's start took minutes on a nested VM the host kept pausing
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        // The floor cell before the first round has a directory of its own too: the cell's comes after it.
        Path firstFloor = out.resolve("floor/1/" + MatrixFiles.FLOOR_JSON);
        while (!Files.isRegularFile(firstFloor) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        java.util.Set<String> before = new java.util.HashSet<>(Arrays.asList(shm.toFile().list()));
        while (runDir == null && System.nanoTime() < deadline) {
            File[] now = shm.toFile().listFiles((d, n) -> n.startsWith("queue-latency-") && !before.contains(n)
                    && new File(d, n + "/" + RunMarker.FILE_NAME).isFile());
            runDir = now != null && now.length > 0 ? now[0] : null;
            Thread.sleep(50);
        }
        assertTrue(runDir != null, "the first cell created its queue directory");
        Thread.sleep(3000); // into its window
        long pid = RunMarker.read(runDir.toPath()).pid;
        assertEquals(0, new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor());
        Jar run = Jar.finish(p, tmp.resolve("logs"), 600); // a limit against a hang: floor cells took minutes here
        assertEquals(3, run.exitCode, "a cell did not finish: " + run);
        CellOutcome killed = ResultJson.readCell(out.resolve("cells/openjdk-17-run1/" + MatrixFiles.CELL_JSON));
        assertEquals(CellOutcome.Status.FAILED, killed.status);
        assertEquals(128 + 9, killed.exitCode, "ended by SIGKILL: " + killed.reason);
        for (String named : new String[] {" 137", " 9 ", "(SIGKILL)", " " + runDir + " ("}) {
            assertTrue(killed.reason.contains(named), "the exit code, the signal, the queue removed: " + named + " in "
                    + killed.reason);
        }
        assertFalse(runDir.exists(), "the killed cell's queue is gone");
        // measured to its end: valid, or not valid where the busy host made it miss its rate
        CellOutcome next = ResultJson.readCell(out.resolve("cells/openjdk-17-run2/" + MatrixFiles.CELL_JSON));
        Jar.assertFinished("openjdk-17-run2", next);
    }

    @FullSuite
    @Test
    void variantsAndSizesAreDimensionsWithSlicedTablesAndAVariantAJdkRefusesIsNotApplicable() throws Exception {
        for (int major : new int[] {8, 17, 21}) {
            Jdks.home(major);
        }
        Path yaml = tmp.resolve("dims.yaml");
        Files.write(yaml, ("settings:\n  runs: 1\n  warmup: 1s\n  duration: 2s\n  floor: 1s\n  sizes: [64, 1024]\n"
                + "variants:\n  - id: g1\n    jvmOptions: [-XX:+UseG1GC]\n  - id: zgc\n    jvmOptions: [-XX:+UseZGC]\n"
                + "jvms:\n  - id: openjdk-8\n    major: 8\n  - id: openjdk-17\n    major: 17\n  - id: openjdk-21\n"
                + "    major: 21\n")
                .getBytes(StandardCharsets.UTF_8));
        Jar plan = Jar.finish(Jar.start(matrix("--config", yaml.toString(), "--plan"), tmp.resolve("logs0")),
                tmp.resolve("logs0"), 120);
        assertEquals(0, plan.exitCode, plan.toString());
        String planned = Lines.startingWith(plan.out, "Plan: ");
        assertEquals(Integer.valueOf(10), Lines.numbers(planned).get(0), "10 cells: " + planned);
        String cell = Lines.startingWith(plan.out, String.format(Locale.ROOT, "  %-44s ", "openjdk-21_zgc_S1024-run1"));
        assertTrue(cell.startsWith(String.format(Locale.ROOT, "  %-44s openjdk-21 (zgc), 1024 B, 100,000 msg/s, ~",
                "openjdk-21_zgc_S1024-run1")), cell);
        List<String> notRun = new ArrayList<>();
        for (String line : plan.out.split("\n")) {
            if (line.contains(" openjdk-8_zgc: ")) {
                notRun.add(line);
            }
        }
        assertEquals(1, notRun.size(), plan.out);
        for (String named : new String[] {"(-XX:+UseZGC)", "Unrecognized VM option 'UseZGC'"}) {
            assertTrue(notRun.get(0).contains(named), "the option, and the JVM's own line: " + notRun.get(0));
        }
        Jar tooLong = Jar.finish(Jar.start(matrix("--config", yaml.toString(), "--time-budget", "30s"),
                tmp.resolve("logs1")), tmp.resolve("logs1"), 120);
        assertEquals(2, tooLong.exitCode, tooLong.toString());
        String about = planned.split(" ")[4]; // "Plan: 10 cells, about 1m40s in all ..."
        String over = Lines.startingWith(tooLong.err, "run-matrix: ");
        for (String named : new String[] {" " + about + " ", "(10 ", " 30s", "--only", "--variants", "--sizes",
            "--rates", "--runs", "--duration", "--time-budget 1h"}) {
            assertTrue(over.contains(named), "the plan's time, the budget, how to cut or allow it: " + named + " in "
                    + over);
        }
        Jar oldName = Jar.finish(Jar.start(matrix("--config", yaml.toString(), "--budget", "30s"),
                tmp.resolve("logs3")), tmp.resolve("logs3"), 120);
        assertEquals(2, oldName.exitCode, oldName.toString());
        assertEquals(1, oldName.err.trim().split("\n").length, "one line: " + oldName.err);
        assertTrue(oldName.err.contains("--time-budget 30s"), oldName.err);

        Path out = tmp.resolve("report");
        Jar run = Jar.finish(
                Jar.start(matrix("--config", yaml.toString(), "--output", out.toString()), tmp.resolve("logs2")),
                tmp.resolve("logs2"), 600);
        Jar.assertFinished(run);
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        JsonNode slices = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("slices");
        java.util.Set<Integer> sliceSizes = new java.util.TreeSet<>();
        for (JsonNode slice : slices) {
            sliceSizes.add(slice.path("size").asInt());
            assertEquals(100_000, slice.path("rate").asLong(), slices.toString());
        }
        assertEquals(Arrays.asList(64, 1024), new ArrayList<>(sliceSizes), "a slice per size: " + slices);
        assertEquals(2, slices.size(), slices.toString());
        assertEquals(slices.size(), Lines.all(summary, "## Slice: ").size(), "a section per slice in summary.md");
        MatrixPlan dims = MatrixPlanJson.read(out.resolve(MatrixFiles.MATRIX_JSON));
        MatrixPlan.PlannedJvm zgc21 = dims.jvm("openjdk-21_zgc");
        assertTrue(zgc21.available && "openjdk-21".equals(zgc21.entry) && "zgc".equals(zgc21.variant), zgc21.label);
        Lines.startingWith(summary, "| openjdk-21_zgc | openjdk-21 (zgc) | "); // its row in Table 1
        assertFalse(dims.jvm("openjdk-8_zgc").available);
        String refused = Lines.startingWith(summary, "| openjdk-8_zgc | ");
        assertTrue(refused.startsWith("| openjdk-8_zgc | " + dims.jvm("openjdk-8_zgc").label + " | ")
                && refused.contains(" (-XX:+UseZGC): "), "its label, the option refused: " + refused);
        for (String png : new String[] {"size-p50.png", "size-p99.png", "size-p99_99.png"}) {
            assertNotNull(ImageIO.read(out.resolve(png).toFile()), png);
        }
        CellOutcome zgc = ResultJson.readCell(out.resolve("cells/openjdk-21_zgc_S1024-run1/" + MatrixFiles.CELL_JSON));
        assertTrue(zgc.command.contains("-XX:+UseZGC") && zgc.command.contains("1024"), zgc.command.toString());
    }

    @Test
    void theScriptListsEveryEntryWithoutRunningAnything() throws Exception {
        Process p = new ProcessBuilder("./run-matrix.sh", "--list").redirectErrorStream(true)
                .redirectOutput(tmp.resolve("list.txt").toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "a limit against a hang: it probes every JDK");
        String list = new String(Files.readAllBytes(tmp.resolve("list.txt")), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), list);
        for (String id : new String[] {"openjdk-8", "openjdk-17", "graalvm-ce-21", "graalvm-ee-17", "graalvm-ee-21"}) {
            assertTrue(list.contains(id), id + " in\n" + list);
        }
        String ee = Lines.startingWith(list, String.format(Locale.ROOT, "  %-16s ", "graalvm-ee-21"));
        assertTrue(ee.startsWith(String.format(Locale.ROOT, "  %-16s %s: ", "graalvm-ee-21", "Oracle GraalVM 21"))
                && ee.contains("oracle.com/java/technologies/downloads"), "its label, where to get it: " + ee);
    }

    @Test
    void aBrokenMatrixFileGetsOneLineAndExitCode2BeforeAnythingRuns() throws Exception {
        Path bad = tmp.resolve("bad.yaml");
        Files.write(bad, "jvms:\n  - id: a\n    major: 17\n    colour: red\n".getBytes(StandardCharsets.UTF_8));
        Jar run = Jar.finish(Jar.start(matrix("--config", bad.toString(), "--output", tmp.resolve("r").toString()),
                tmp.resolve("logs")), tmp.resolve("logs"), 60);
        assertEquals(2, run.exitCode, run.toString());
        String line = run.err.trim();
        assertTrue(line.startsWith("run-matrix: " + bad + ":4: jvms[a].colour: ") && !line.contains("\n"), line);
        for (String key : new String[] {"distribution", "home", "id", "jargraal", "jvmOptions", "label", "major",
            "vendor", "warmup"}) {
            assertTrue(line.contains(" " + key), "the keys known there: " + key + " in " + line);
        }
        assertTrue(!Files.exists(tmp.resolve("r")));
    }
}
