package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.Lines;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.report.SchemasTest;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.store.RunMarker;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small capacity search on this machine, with the real queue: the bracket, the report, and a budget no rate can hold.
 */
@FullSuite
class CapacityIT {
    @TempDir
    Path tmp;

    private static List<String> capacity(String... args) {
        List<String> command = Jar.java(Jar.JAVA);
        command.addAll(Arrays.asList("-Djava.awt.headless=true", "-cp", Jar.JAR.toString(), "io.queuelatency.JvmMatrix",
                "--project-dir=" + Paths.get("").toAbsolutePath(),
                "capacity",
                "--only", "openjdk-17", "--duration", "2s", "--warmup", "2s", "--runs", "1", "--kernel-trace", "off"));
        command.addAll(Arrays.asList(args));
        return command;
    }

    @Test
    void aSmallSearchReportsABracketWithTheRunsBehindIt() throws Exception {
        Jdks.home(17);
        Path out = tmp.resolve("capacity");
        Jar run = Jar.finish(Jar.start(
                capacity("--sla", "p99=50ms", "--rate", "200000", "--max-rate", "800000", "--resolution", "50%",
                "--output", out.toString()), tmp.resolve("logs")), tmp.resolve("logs"), 600);
        Jar.assertFinished(run);
        MatrixPlan plan = MatrixPlanJson.read(out.resolve(MatrixFiles.MATRIX_JSON));
        assertEquals(1, plan.capacity.budgets.size(), "--sla p99=50ms");
        assertEquals(Percentile.P99, plan.capacity.budgets.get(0).percentile());
        assertEquals(50_000_000L, plan.capacity.budgets.get(0).limitNs);
        String sla = io.queuelatency.wings.capacity.CapacityWords.budgets(plan.capacity.budgets);
        String searched = Lines.startingWith(run.out, "capacity: ");
        assertTrue(searched.startsWith("capacity: " + sla + " (") && searched.contains("256"), "the SLA, the size: "
                + searched);
        assertEquals(200_000L, (long) plan.cells.get(0).rate, "the search starts at --rate");
        JsonNode summaryJson = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode jvm = summaryJson.path("jvms").get(0);
        assertEquals("openjdk-17", jvm.path("id").asText());
        // the first step and at least one more: as many as the host's rate takes (9, down to 1,000 msg/s, where a
        // nested VM's host kept freezing it)
        assertTrue(jvm.path("steps").size() >= 2, jvm.toString());
        assertEquals(plan.cells.size(), jvm.path("steps").size(), "one run per step, each a cell of the plan");
        long held = jvm.path("heldRate").asLong(0);
        long broke = jvm.path("notHeldRate").asLong(0);
        assertTrue(held > 0 || broke > 0, "a bracket: " + jvm);
        assertTrue(broke == 0 || held < broke, jvm.toString());
        assertTrue(broke > 0 || held == 800_000, "open above only where the highest rate held: " + jvm);
        String summary = new String(Files.readAllBytes(out.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(Lines.startingWith(summary, "## Table C1: ").endsWith(" " + sla), "the table of the SLA: " + sla);
        assertTrue(summaryJson.path("hostHeadline").isTextual(), "the host was checked: " + summaryJson);
        assertEquals("**Host: " + summaryJson.path("hostHeadline").asText() + ".**",
                Lines.startingWith(summary, "**Host: "), "the host check's headline");
        assertNotNull(ImageIO.read(out.resolve("capacity-p99.png").toFile()));
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".json"))::iterator) {
                SchemasTest.check(f);
            }
        }
        assertEquals(0, leftInShm(), "no queue left behind");
    }

    @Test
    void aBudgetBelowTheFloorJustMeasuredIsOneLineAndExitTwo() throws Exception {
        Jdks.home(17);
        Path out = tmp.resolve("below");
        Jar run = Jar.finish(Jar.start(capacity("--sla", "p99=20ns", "--output", out.toString()), tmp.resolve("logs")),
                tmp.resolve("logs"), 300);
        assertEquals(2, run.exitCode, run.toString());
        MatrixPlan plan = MatrixPlanJson.read(out.resolve(MatrixFiles.MATRIX_JSON));
        assertEquals(1, plan.cells.size(), "found after the first step, whose cell stays");
        String line = Lines.startingWith(run.err, "run-matrix: --sla ");
        assertTrue(line.startsWith("run-matrix: --sla p99 ≤ 20.0 ns ") && line.contains(" (" + plan.cells.get(0) + ")"),
                "the SLA, and the cell whose floor it is below: " + line);
        assertTrue(Files.isRegularFile(out.resolve("summary.md")), "the report of what was measured");
    }

    private static long leftInShm() {
        File[] left = new File("/dev/shm")
                .listFiles((d, n) -> n.startsWith(io.queuelatency.store.RunMarker.QUEUE_DIR_PREFIX));
        return left == null ? 0 : left.length;
    }
}
