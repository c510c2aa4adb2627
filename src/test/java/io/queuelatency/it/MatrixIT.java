package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.ResultJson;
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
        Jar run = Jar.finish(Jar.start(matrix("--duration", "3s", "--warmup", "3s", "--runs", "1", "--output", out.toString()),
                tmp.resolve("logs")), tmp.resolve("logs"), 900);
        assertEquals(0, run.exitCode, run.toString());
        MatrixPlan plan = MatrixPlan.read(out.resolve(MatrixPlan.FILE_NAME));
        for (String id : RUNNABLE) {
            CellOutcome cell = ResultJson.readCell(out.resolve("cells/" + id + "-run1/" + CellOutcome.FILE_NAME));
            assertEquals(CellOutcome.Status.VALID, cell.status, id + ": " + cell.reason);
        }
        for (String id : new String[] {"graalvm-ce-17", "graalvm-ce-21", "graalvm-ce-25"}) {
            String log = new String(Files.readAllBytes(out.resolve("cells/" + id + "-run1/run.log")), StandardCharsets.UTF_8);
            assertTrue(log.contains("Using"), id + " proved Graal active: " + log);
            assertTrue(plan.jvm(id).label.contains("compiler (jargraal) on OpenJDK"), plan.jvm(id).label);
        }
        for (String id : new String[] {"graalvm-ee-17", "graalvm-ee-21"}) {
            assertTrue(!plan.jvm(id).available && plan.jvm(id).unavailable.contains("no Oracle GraalVM"), id);
        }
        for (String id : new String[] {"graalvm-ce-26", "graalvm-ce-27"}) {
            assertTrue(!plan.jvm(id).available && plan.jvm(id).unavailable.contains("Graal left the JDK release train after JDK 25"), id);
        }
        assertTrue(plan.jvm("temurin-25").vendor.startsWith("Eclipse Adoptium"), plan.jvm("temurin-25").vendor);
        assertTrue(!plan.jvm("openjdk-25").vendor.startsWith("Eclipse Adoptium"), "two builds of 25, told apart: " + plan.jvm("openjdk-25").vendor);
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        for (String id : RUNNABLE) {
            assertTrue(summary.contains("| " + id + " | "), id + " row in summary.md");
        }
        assertTrue(summary.contains("| graalvm-ee-17 | Oracle GraalVM 17 | no Oracle GraalVM for JDK 17 installed"), summary);
        for (String png : new String[] {"median.png", "p99_99.png", "percentiles.png"}) {
            assertNotNull(ImageIO.read(out.resolve(png).toFile()), png + " is a valid image");
        }
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(1 + RUNNABLE.size(), csv.size(), "a header and a row per cell");
        assertEquals(RUNNABLE.size(), new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("results.json").toFile()).size());
        assertTrue(ResultJson.readEnvironment(out.resolve("environment.json")).cpuModel != null);
    }

    @Test
    void aMatrixStoppedMidWayIsCompletedByResume() throws Exception {
        Path out = tmp.resolve("report");
        Process p = Jar.start(matrix("--only", "openjdk-17", "--duration", "3s", "--warmup", "1s", "--runs", "3",
                "--output", out.toString()), tmp.resolve("logs1"));
        Path first = out.resolve("cells/openjdk-17-run1/" + CellOutcome.FILE_NAME);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(first) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(first), "the first cell finished");
        Thread.sleep(2000); // into the second cell
        p.destroy(); // SIGTERM, as Ctrl-C would
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(!Files.exists(out.resolve("cells/openjdk-17-run3/" + CellOutcome.FILE_NAME)), "stopped before the end");
        String firstCell = new String(Files.readAllBytes(first), StandardCharsets.UTF_8);

        Jar resumed = Jar.finish(Jar.start(matrix("--resume", out.toString()), tmp.resolve("logs2")), tmp.resolve("logs2"), 300);
        assertEquals(0, resumed.exitCode, resumed.toString());
        assertTrue(resumed.err.contains("1 of 3 cells finished already") || resumed.err.contains("2 of 3 cells finished already"),
                resumed.err);
        for (int run = 1; run <= 3; run++) {
            CellOutcome cell = ResultJson.readCell(out.resolve("cells/openjdk-17-run" + run + "/" + CellOutcome.FILE_NAME));
            assertEquals(CellOutcome.Status.VALID, cell.status, cell.reason);
        }
        assertEquals(firstCell, new String(Files.readAllBytes(first), StandardCharsets.UTF_8), "a finished cell is kept as it was");
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("| openjdk-17 |") && summary.contains("3 of 3"), summary);
        for (String section : new String[] {"## Which JVM on this host?", "## Runs side by side", "## Verdicts, pair by pair",
                "## The floor", "## Host check", "geometric mean of the runs with its Student t interval"}) {
            assertTrue(summary.contains(section), section + " in\n" + summary);
        }
        assertTrue(summary.contains("Only openjdk-17 has valid runs"), summary);
        assertTrue(summary.matches("(?s).*\\| openjdk-17 \\| [0-9,]+ \\[[0-9,]+, [0-9,]+\\] \\|.*"), "intervals in Table 3:\n" + summary);
        String[] partial = new File(out.toFile(), "cells").list((d, n) -> n.startsWith("."));
        assertEquals(0, partial.length, "no partial cell left: " + String.join(", ", partial));
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
        assertEquals("run-matrix: " + bad + ":4: jvms[a].colour: unknown key; known here: distribution, home, id, jargraal, jvmOptions, label, major, vendor, warmup",
                run.err.trim());
        assertTrue(!Files.exists(tmp.resolve("r")));
    }
}
