package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.imageio.ImageIO;
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

    /** Two JVMs of three runs each (one run of the second not valid), and one JVM that could not run. */
    static MatrixFixture fixture() {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0, 1.08, 0.95).jvm("openjdk-21", 1.3, 1.21, 1.45, 1.33);
        f.invalidCells.add("openjdk-21-run2");
        return f;
    }

    @Test
    void summaryJsonAndCsvMatchTheGoldenFilesAndTheChartsAreImages() throws Exception {
        fixture().write(dir);
        MatrixReport.write(dir);
        golden("summary.md", dir.resolve(MatrixReport.SUMMARY_MD));
        golden("summary.json", dir.resolve(SummaryJson.FILE_NAME));
        golden("results.csv", dir.resolve(MatrixReport.RESULTS_CSV));
        golden("estimates.csv", dir.resolve(EstimatesCsv.FILE_NAME));
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
        fixture().write(dir);
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
}
