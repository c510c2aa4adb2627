package io.queuelatency.it;

import io.queuelatency.store.MatrixFiles;
import io.queuelatency.json.MatrixPlanJson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.json.ResultJson;
import io.queuelatency.store.RunMarker;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
        List<String> command = new ArrayList<>(Arrays.asList(Jar.JAVA.toString(), "-Djava.awt.headless=true", "-cp",
                Jar.JAR.toString(), "io.queuelatency.JvmMatrix", "--project-dir=" + Paths.get("").toAbsolutePath()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    @Test
    void everyProvisionedJvmGivesAValidRowAndOracleGraalVmIsReportedNotInstalled() throws Exception {
        for (int major : new int[] {8, 11, 17, 21, 25, 26, 27}) {
            Jdks.home(major); // skips (or fails in CI) with a message when JDK_ROOTS lacks one
        }
        Path out = tmp.resolve("report");
        Jar run = Jar.finish(
                Jar.start(matrix("--duration", "3s", "--warmup", "3s", "--runs", "1", "--output", out.toString()),
                tmp.resolve("logs")), tmp.resolve("logs"), 900);
        assertEquals(0, run.exitCode, run.toString());
        MatrixPlan plan = MatrixPlanJson.read(out.resolve(MatrixFiles.MATRIX_JSON));
        for (String id : RUNNABLE) {
            CellOutcome cell = ResultJson.readCell(out.resolve("cells/" + id + "-run1/" + MatrixFiles.CELL_JSON));
            assertEquals(CellOutcome.Status.VALID, cell.status, id + ": " + cell.reason);
        }
        for (String id : new String[] {"graalvm-ce-17", "graalvm-ce-21", "graalvm-ce-25"}) {
            String log = new String(Files.readAllBytes(out.resolve("cells/" + id + "-run1/run.log")),
                    StandardCharsets.UTF_8);
            assertTrue(log.contains("Using"), id + " proved Graal active: " + log);
            assertTrue(plan.jvm(id).label.contains("compiler (jargraal) on OpenJDK"), plan.jvm(id).label);
        }
        for (String id : new String[] {"graalvm-ee-17", "graalvm-ee-21"}) {
            assertTrue(!plan.jvm(id).available && plan.jvm(id).unavailable.contains("no Oracle GraalVM"), id);
        }
        for (String id : new String[] {"graalvm-ce-26", "graalvm-ce-27"}) {
            assertTrue(!plan.jvm(id).available
                    && plan.jvm(id).unavailable.contains("Graal left the JDK release train after JDK 25"), id);
        }
        assertTrue(plan.jvm("temurin-25").vendor.startsWith("Eclipse Adoptium"), plan.jvm("temurin-25").vendor);
        assertTrue(!plan.jvm("openjdk-25").vendor.startsWith("Eclipse Adoptium"),
                "two builds of 25, told apart: " + plan.jvm("openjdk-25").vendor);
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        for (String id : RUNNABLE) {
            assertTrue(summary.contains("| " + id + " | "), id + " row in summary.md");
        }
        assertTrue(summary.contains("| graalvm-ee-17 | Oracle GraalVM 17 | no Oracle GraalVM for JDK 17 installed"),
                summary);
        for (String png : new String[] {"median.png", "p99_99.png", "percentiles.png"}) {
            assertNotNull(ImageIO.read(out.resolve(png).toFile()), png + " is a valid image");
        }
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(1 + RUNNABLE.size(), csv.size(), "a header and a row per cell");
        assertEquals(RUNNABLE.size(), new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.resolve("results.json").toFile()).size());
        assertTrue(ResultJson.readEnvironment(out.resolve("environment.json")).cpuModel != null);
    }

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

        Jar resumed = Jar.finish(Jar.start(matrix("--resume", out.toString()), tmp.resolve("logs2")),
                tmp.resolve("logs2"), 300);
        assertEquals(0, resumed.exitCode, resumed.toString());
        assertTrue(resumed.err.contains("1 of 3 cells finished already")
                || resumed.err.contains("2 of 3 cells finished already"),
                resumed.err);
        for (int run = 1; run <= 3; run++) {
            CellOutcome cell =
                    ResultJson.readCell(out.resolve("cells/openjdk-17-run" + run + "/" + MatrixFiles.CELL_JSON));
            assertEquals(CellOutcome.Status.VALID, cell.status, cell.reason);
        }
        assertEquals(firstCell, new String(Files.readAllBytes(first), StandardCharsets.UTF_8),
                "a finished cell is kept as it was");
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("| openjdk-17 |") && summary.contains("3 of 3"), summary);
        for (String section
                : new String[] {"## Which JVM on this host?", "## Runs side by side", "## Verdicts, pair by pair",
                "## The floor", "## Host check", "## Warnings per cell", "the median run's value"}) {
            assertTrue(summary.contains(section), section + " in\n" + summary);
        }
        assertTrue(summary.contains("Only openjdk-17 has valid runs"), summary);
        // "1.12 µs [0.546, 1.66]", or "117 µs [795 ns, 1.15 ms]" where a bound reads better in its own unit
        String bound = "[0-9.,]+( (ns|µs|ms))?";
        assertTrue(summary.matches("(?s).*\\| openjdk-17 \\| [0-9.,]+ (ns|µs|ms) \\[" + bound + ", " + bound
                + "\\] \\|.*"),
                "intervals in Table 3:\n" + summary);
        assertTrue(Files.isRegularFile(out.resolve("summary.json"))
                && Files.isRegularFile(out.resolve("estimates.csv")));
        String[] partial = new File(out.toFile(), "cells").list((d, n) -> n.startsWith("."));
        assertEquals(0, partial.length, "no partial cell left: " + String.join(", ", partial));
    }

    @Test
    void aCellWhoseJvmIsKilledIsRecordedAsSuchItsQueueIsRemovedAndTheMatrixGoesOn() throws Exception {
        Path shm = Paths.get("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm), "cells queue in /dev/shm");
        Path out = tmp.resolve("report");
        java.util.Set<String> before = new java.util.HashSet<>(Arrays.asList(shm.toFile().list()));
        Process p = Jar.start(matrix("--only", "openjdk-17", "--duration", "4s", "--warmup", "2s", "--runs", "2",
                "--output", out.toString()), tmp.resolve("logs"));
        File runDir = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
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
        Jar run = Jar.finish(p, tmp.resolve("logs"), 180);
        assertEquals(3, run.exitCode, "a cell did not finish: " + run);
        CellOutcome killed = ResultJson.readCell(out.resolve("cells/openjdk-17-run1/" + MatrixFiles.CELL_JSON));
        assertEquals(CellOutcome.Status.FAILED, killed.status);
        assertTrue(killed.reason.contains("killed by signal 9 (SIGKILL); removed what it left: " + runDir),
                killed.reason);
        assertFalse(runDir.exists(), "the killed cell's queue is gone");
        assertEquals(CellOutcome.Status.VALID,
                ResultJson.readCell(out.resolve("cells/openjdk-17-run2/" + MatrixFiles.CELL_JSON)).status,
                "the matrix went on");
    }

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
        assertTrue(plan.out.contains("Plan: 10 cells, about") && plan.out.contains("openjdk-21_zgc_S1024-run1"),
                plan.out);
        assertTrue(plan.out.contains("not run: openjdk-8_zgc: not applicable: openjdk-8 does not take variant zgc "
                + "(-XX:+UseZGC): Unrecognized VM option 'UseZGC'"), plan.out);
        Jar tooLong =
                Jar.finish(Jar.start(matrix("--config", yaml.toString(), "--budget", "30s"), tmp.resolve("logs1")),
                tmp.resolve("logs1"), 120);
        assertEquals(2, tooLong.exitCode, tooLong.toString());
        assertTrue(tooLong.err.contains("over the budget of 30s"), tooLong.err);

        Path out = tmp.resolve("report");
        Jar run = Jar.finish(
                Jar.start(matrix("--config", yaml.toString(), "--output", out.toString()), tmp.resolve("logs2")),
                tmp.resolve("logs2"), 600);
        assertTrue(run.exitCode == 0 || run.exitCode == 3, run.toString());
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("## Slice: 64 B at 100,000 msg/s")
                && summary.contains("## Slice: 1,024 B at 100,000 msg/s"), summary);
        assertTrue(summary.contains("| openjdk-21_zgc | openjdk-21 (zgc) |"), summary);
        assertTrue(summary.contains("| openjdk-8_zgc | openjdk-8 (zgc) | not applicable"), summary);
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
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String list = new String(Files.readAllBytes(tmp.resolve("list.txt")), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), list);
        for (String id : new String[] {"openjdk-8", "openjdk-17", "graalvm-ce-21", "graalvm-ee-17", "graalvm-ee-21"}) {
            assertTrue(list.contains(id), id + " in\n" + list);
        }
        assertTrue(list.contains("graalvm-ee-21") && list.contains("not available"), list);
    }

    @Test
    void aBrokenMatrixFileGetsOneLineAndExitCode2BeforeAnythingRuns() throws Exception {
        Path bad = tmp.resolve("bad.yaml");
        Files.write(bad, "jvms:\n  - id: a\n    major: 17\n    colour: red\n".getBytes(StandardCharsets.UTF_8));
        Jar run = Jar.finish(Jar.start(matrix("--config", bad.toString(), "--output", tmp.resolve("r").toString()),
                tmp.resolve("logs")), tmp.resolve("logs"), 60);
        assertEquals(2, run.exitCode, run.toString());
        assertEquals("run-matrix: " + bad + ":4: jvms[a].colour: unknown key; known here: distribution, home, id, "
                + "jargraal, jvmOptions, label, major, vendor, warmup",
                run.err.trim());
        assertTrue(!Files.exists(tmp.resolve("r")));
    }
}
