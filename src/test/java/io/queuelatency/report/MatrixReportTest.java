package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.decide.MatrixFixture;
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

    /**
     * Two JVMs of three and four runs (one run of the second not valid), one JVM that could not run, and the host's
     * floor in five floor cells (before the first round and after each of four).
     */
    static MatrixFixture fixture() {
        MatrixFixture f =
                new MatrixFixture().jvm("openjdk-17", 1.0, 1.08, 0.95).jvm("openjdk-21", 1.3, 1.21, 1.45, 1.33);
        f.invalidCells.add("openjdk-21-run2");
        f.floorCells = new double[] {0.06, 0.07, 0.05, 0.062, 0.066};
        return f;
    }

    @Test
    void summaryJsonAndCsvMatchTheGoldenFilesAndTheChartsAreImages() throws Exception {
        fixture().write(dir);
        MatrixReport.write(dir);
        golden("summary.md", dir.resolve(MatrixReport.SUMMARY_MD));
        golden("summary.json", dir.resolve(SummaryJson.FILE_NAME));
        golden("results.csv", dir.resolve(MatrixReport.RESULTS_CSV));
        golden("estimates.csv", dir.resolve(Rows.ESTIMATES_CSV));
        for (String png : new String[] {FigureData.MEDIAN_PNG, FigureData.P9999_PNG, FigureData.PERCENTILES_PNG}) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertNotNull(image, png + " is a PNG");
            assertTrue(image.getWidth() >= 800 && image.getHeight() >= 500, png);
        }
        assertTrue(new String(Files.readAllBytes(dir.resolve(MatrixReport.RESULTS_JSON)), StandardCharsets.UTF_8)
                .contains("\"cell\" : \"openjdk-17-run2\""));
    }

    @Test
    void everyFigureTheSummaryLinksIsThereAndNoneWhereNoRunIsValid() throws Exception {
        fixture().write(dir);
        MatrixReport.write(dir);
        assertEquals(3, linkedFigures(dir).size(), "Figures 1 to 3");
        Path none = Files.createDirectories(dir.resolve("none"));
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0, 1.1);
        f.invalidCells.addAll(java.util.Arrays.asList("openjdk-17-run1", "openjdk-17-run2"));
        f.write(none);
        MatrixReport.write(none);
        assertEquals(java.util.Collections.emptyList(), linkedFigures(none), "nothing drawn, nothing linked");
        assertFalse(Files.exists(none.resolve(FigureData.MEDIAN_PNG)));
        String figure = Lines.startingWith(read(none.resolve(MatrixReport.SUMMARY_MD)), "Figure 1: ");
        assertTrue(figure.contains(FigureData.MEDIAN_PNG) && !figure.contains("]("), "named, not linked: " + figure);
    }

    /** The figures summary.md links, each asserted to be a file of the report. */
    private static java.util.List<String> linkedFigures(Path report) throws IOException {
        java.util.List<String> linked = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\]\\(([^)]+\\.png)\\)")
                .matcher(read(report.resolve(MatrixReport.SUMMARY_MD)));
        while (m.find()) {
            assertTrue(Files.isRegularFile(report.resolve(m.group(1))), "linked and there: " + m.group(1));
            linked.add(m.group(1));
        }
        return linked;
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    @Test
    void aCellOnAnotherPairsRelationIsNamedAndLeftOutOfTheRunsCounted() throws Exception {
        MatrixFixture f = fixture();
        f.relation = io.queuelatency.result.CpuPair.Relation.SHARED_L3;
        f.relationOf.put("openjdk-17-run3", io.queuelatency.result.CpuPair.Relation.ACROSS_SOCKETS);
        f.write(dir);
        MatrixReport.write(dir);
        io.queuelatency.decide.MatrixData data = io.queuelatency.decide.MatrixData.load(dir);
        assertEquals(io.queuelatency.result.CpuPair.Relation.SHARED_L3, data.pairRelation(), "the matrix's pair");
        java.util.List<io.queuelatency.decide.MatrixData.Cell> other = data.cellsOnAnotherPair();
        assertEquals(1, other.size(), "one cell on another pair's relation");
        io.queuelatency.result.CpuPair named = other.get(0).result.host.cpuPair;
        assertEquals("openjdk-17-run3", other.get(0).id.toString());
        assertEquals(io.queuelatency.result.CpuPair.Relation.ACROSS_SOCKETS, named.relation);
        assertEquals(2, named.producerCpu);
        assertEquals(3, named.consumerCpu);
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve(SummaryJson.FILE_NAME).toFile());
        assertEquals("openjdk-17", json.path("jvms").get(0).path("id").asText());
        assertEquals(2, json.path("jvms").get(0).path("runsCounted").asInt(), "run 3 left out of the runs counted");
        io.queuelatency.result.CpuPair shared = data.cells.get(0).result.host.cpuPair;
        assertEquals(io.queuelatency.result.CpuPair.Relation.SHARED_L3, shared.relation);
        assertEquals(io.queuelatency.words.PairWords.facts(shared), json.path("environment")
                .path("the pair's relation").asText(), "the environment's pair is the matrix's, not run 3's");
    }

    /** Results of schema 3, without the article's definition: a 16-vCPU Xeon VM's matrix (Firecracker). */
    static final Path XEON16 = Paths.get("src/test/resources/xeon16-matrix");

    @Test
    void aReportOfResultsStoredBeforeTheArticlesDefinitionShowsTheirInWriteLatencyAsInQueueNeverAsActual()
            throws Exception {
        copy(XEON16, dir);
        MatrixReport.write(dir);
        String md = new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8);
        String tableB = md.substring(md.indexOf("## Table 3b"), md.indexOf("## Table 3c"));
        String tableC = md.substring(md.indexOf("## Table 3c"), md.indexOf("##", md.indexOf("## Table 3c") + 3));
        String[] row = Lines.startingWith(tableB, "| openjdk-17 |").split(" \\| ");
        for (int i = 1; i < 8; i++) {
            assertEquals("-", row[i], "no estimate: " + row[i]);
        }
        assertTrue(row[8].contains("Table 3c"), "the note points to the table that holds its reading: " + row[8]);
        // Their stored "actual" (the clock read inside the write) shows as the in-queue latency, in Table 3c.
        // Every JVM has 4 of 4 runs counted: said once above the table, not in a column per row.
        assertEquals("| openjdk-17 | 528 ns [480, 540] | 723 ns [635, 836] | 6.58 µs [4.43, 16.2] "
                + "| 51.1 µs [21.0, 180] | 368 µs [98.7, 667] | 657 µs [371, 1160] | 5.03 ms (openjdk-17-run3) |",
                Lines.startingWith(tableC, "| openjdk-17 |"));
        assertEquals("| openjdk-25 | 480 ns [469, 509] | 643 ns [618, 731] | 4.16 µs [3.61, 5.24] "
                + "| 68.4 µs [11.5, 132] | 245 µs [66.5, 2690] | 504 µs [248, 3480] "
                + "| 3.64 ms (openjdk-25-run1) |",
                Lines.startingWith(tableC, "| openjdk-25 |"));
        com.fasterxml.jackson.databind.JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve(SummaryJson.FILE_NAME).toFile());
        for (com.fasterxml.jackson.databind.JsonNode jvm : summary.get("jvms")) {
            assertEquals(0, jvm.get("actual").size(), "no article's actual for " + jvm.get("id"));
            assertEquals(7, jvm.get("inQueue").size(), "the in-write values as in-queue for " + jvm.get("id"));
        }
        // A verdict's ratio lies within its interval, where the runs reach one.
        for (com.fasterxml.jackson.databind.JsonNode v : summary.get("verdicts")) {
            if (v.hasNonNull("low")) {
                assertTrue(v.get("low").asDouble() <= v.get("ratio").asDouble()
                        && v.get("ratio").asDouble() <= v.get("high").asDouble(), v.toString());
            }
        }
    }

    static void copy(Path from, Path to) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
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
