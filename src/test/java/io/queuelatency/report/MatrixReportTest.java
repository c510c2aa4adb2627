package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.measure.LatencyRecorder;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Environment;
import io.queuelatency.result.ResultJson;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostVerdict;
import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.ResultFiles;
import io.queuelatency.result.RunResult;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a fixed matrix directory against golden files. To accept a deliberate change of the report,
 * run once with -Dgolden.update=true and review the diff of src/test/resources/golden/.
 */
class MatrixReportTest {
    private static final Path GOLDEN = Paths.get("src/test/resources/golden");

    @TempDir
    Path dir;

    @Test
    void summaryAndCsvMatchTheGoldenFilesAndTheChartsAreImages() throws Exception {
        fixture(dir);
        MatrixReport.write(dir);
        golden("summary.md", dir.resolve(MatrixReport.SUMMARY_MD));
        golden("results.csv", dir.resolve(MatrixReport.RESULTS_CSV));
        for (String png : new String[] {Charts.MEDIAN_PNG, Charts.P9999_PNG, Charts.PERCENTILES_PNG}) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertNotNull(image, png + " is a PNG");
            assertTrue(image.getWidth() >= 800 && image.getHeight() >= 500, png);
        }
        assertTrue(new String(Files.readAllBytes(dir.resolve(MatrixReport.RESULTS_JSON)), StandardCharsets.UTF_8)
                .contains("\"cell\" : \"openjdk-17-run2\""));
    }

    @Test
    void theReportIsTheSameWhenRebuilt() throws Exception {
        fixture(dir);
        MatrixReport.write(dir);
        byte[] first = Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD));
        MatrixReport.write(dir);
        assertEquals(new String(first, StandardCharsets.UTF_8),
                new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8));
    }

    private static void golden(String name, Path actual) throws IOException {
        String text = new String(Files.readAllBytes(actual), StandardCharsets.UTF_8);
        if (Boolean.getBoolean("golden.update")) {
            Files.write(GOLDEN.resolve(name), text.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(new String(Files.readAllBytes(GOLDEN.resolve(name)), StandardCharsets.UTF_8), text, name);
    }

    /** Two cells of one JVM (one valid, one not), and one JVM that could not run. */
    static void fixture(Path dir) throws IOException {
        fixture(dir, 0);
    }

    /** The same, with every latency {@code shift} ns higher. */
    static void fixture(Path dir, long shift) throws IOException {
        MatrixPlan plan = new MatrixPlan();
        plan.tool = "queue-latency test";
        plan.runId = "fixture";
        plan.startedAt = "2026-01-01T00:00:00Z";
        plan.settings.rate = 100_000;
        plan.settings.size = 256;
        plan.settings.warmupNs = 5_000_000_000L;
        plan.settings.durationNs = 10_000_000_000L;
        plan.settings.runs = 2;
        MatrixPlan.Jvm jdk = new MatrixPlan.Jvm();
        jdk.id = "openjdk-17";
        jdk.label = "OpenJDK 17";
        jdk.available = true;
        jdk.compiler = "C2 (HotSpot)";
        jdk.javaHome = "/jdks/openjdk-17";
        jdk.vendor = "Debian";
        jdk.version = "17.0.15+6";
        jdk.vmName = "OpenJDK 64-Bit Server VM";
        jdk.major = 17;
        jdk.warmupNs = plan.settings.warmupNs;
        jdk.jvmOptions.addAll(Arrays.asList("-Dchronicle.analytics.disable=true", "-Xms2g",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"));
        MatrixPlan.Jvm ee = new MatrixPlan.Jvm();
        ee.id = "graalvm-ee-17";
        ee.label = "Oracle GraalVM 17";
        ee.unavailable = "no Oracle GraalVM for JDK 17 installed";
        plan.jvms.addAll(Arrays.asList(jdk, ee));
        plan.cells.addAll(Arrays.asList(CellId.parse("openjdk-17-run1"), CellId.parse("openjdk-17-run2")));
        plan.write(dir.resolve(MatrixPlan.FILE_NAME));
        environment(dir, "Test CPU 9000", "6.1.0-test");
        cell(dir, "openjdk-17-run1", 1, 300 + shift, true);
        cell(dir, "openjdk-17-run2", 2, 400 + shift, false);
    }

    static void environment(Path dir, String cpuModel, String kernel) throws IOException {
        ResultJson.write(dir.resolve(Environment.FILE_NAME), new Environment(null, null, kernel, cpuModel, "0-3", 4, "2-3", null, null,
                -1, 8L << 30));
    }

    private static void cell(Path dir, String id, int run, long base, boolean valid) throws IOException {
        Path cellDir = Files.createDirectories(dir.resolve(MatrixPlan.CELLS_DIR).resolve(id));
        Histogram intended = LatencyRecorder.newHistogram();
        Histogram actual = LatencyRecorder.newHistogram();
        try (IntervalLog log = new IntervalLog(cellDir.resolve(IntervalLog.FILE_NAME), 1_767_225_600_000L, "fixture")) {
            for (int second = 0; second < 10; second++) {
                Histogram i = LatencyRecorder.newHistogram();
                Histogram a = LatencyRecorder.newHistogram();
                for (long k = 1; k <= 10_000; k++) {
                    long v = base + (k * 7919 % 10_000) + (k % 1000 == 0 ? 1_000_000 : 0);
                    i.recordValue(v + 100);
                    a.recordValue(v);
                }
                i.setStartTimeStamp(1_767_225_600_000L + second * 1000L);
                i.setEndTimeStamp(1_767_225_601_000L + second * 1000L);
                a.setStartTimeStamp(i.getStartTimeStamp());
                a.setEndTimeStamp(i.getEndTimeStamp());
                log.append(Definition.INTENDED.tag(), i);
                log.append(Definition.ACTUAL.tag(), a);
                intended.add(i);
                actual.add(a);
            }
        }
        RunResultBuilder r = new RunResultBuilder().latency(intended, actual);
        r.hostCheck = new HostVerdict(Arrays.asList(
                new HostVerdict.Finding(HostVerdict.Severity.OK, "isolation", "isolated CPUs 2-3", ""),
                new HostVerdict.Finding(HostVerdict.Severity.WARN, "boost", "turbo/boost on", "turn boost off")));
        Histogram floor = LatencyRecorder.newHistogram();
        for (long k = 1; k <= 1000; k++) {
            floor.recordValue(90 + k % 40);
        }
        r.floor = RunResultBuilder.floor(floor, 21.5, 6.25);
        r.maxSendLagNs = 1_250_000;
        r.gcCount = valid ? 0 : 1;
        r.gcTimeMs = valid ? 0 : 7;
        RunResult result = r.build();
        assertEquals(valid, result.valid());
        ResultJson.write(cellDir.resolve(ResultFiles.RESULT_JSON), result);
        ResultJson.write(cellDir.resolve(CellOutcome.FILE_NAME), new CellOutcome(CellId.parse(id),
                valid ? CellOutcome.Status.VALID : CellOutcome.Status.INVALID, valid ? 0 : 3,
                valid ? null : String.join("; ", result.validity.invalidReasons), 16.5,
                Arrays.asList("/jdks/openjdk-17/bin/java", "-cp", "queue-latency.jar", "io.queuelatency.QueuePerformance")));
    }
}
