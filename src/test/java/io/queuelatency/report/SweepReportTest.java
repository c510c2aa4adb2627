package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.Lines;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Comparer;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.Percentile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A matrix that sweeps message sizes: a slice per size, JVMs compared within each, figures across sizes. */
class SweepReportTest {
    @TempDir
    Path dir;

    @Test
    void eachSizeIsASliceWithItsOwnTablesAndVerdictsAndTheFiguresRunAcrossSizes() throws Exception {
        MatrixFixture f =
                new MatrixFixture().jvm("openjdk-21_g1", 1.0, 1.03, 0.97, 1.01, 0.99, 1.02)
                        .jvm("openjdk-21_zgc", 1.3, 1.32, 1.28, 1.31, 1.29, 1.33); // 6 runs reach 5% / 2 slices / 4
        f.sizes = new int[] {64, 1024};
        f.write(dir);
        MatrixReport.write(dir);
        String md = new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8);
        List<String> slices = new java.util.ArrayList<>();
        List<String> answers = new java.util.ArrayList<>();
        for (io.queuelatency.decide.MatrixData.Slice sl : io.queuelatency.decide.MatrixData.load(dir).slices()) {
            slices.add("## Slice: " + sl.label());
            answers.add("**" + sl.label() + ".**");
        }
        assertEquals(2, slices.size());
        assertTrue(slices.get(0).contains(" 64 B ") && slices.get(1).contains(" 1,024 B ")
                && slices.get(1).contains(" 100,000 msg/s"), "each size, the rate: " + slices);
        assertEquals(slices, Lines.all(md, "## Slice: "), "a section per slice, named by its label");
        List<String> tables = Lines.all(md, "### Table 3: ");
        assertEquals(Collections.nCopies(2, tables.get(0)), tables, "one per slice");
        assertEquals(answers, Lines.all(md, "**").subList(1, 3), "after the host's line, each slice's own answer");
        String leader = Lines.all(md, "| openjdk-21_g1 |").get(0);
        List<String> standings = Arrays.asList(
                leader.substring(leader.lastIndexOf(" | ") + 3, leader.length() - 2).split("; "));
        List<String> same = new java.util.ArrayList<>(Collections.singletonList(standings.get(0)));
        for (Percentile p : Percentile.HEADLINE) {
            if (p != Percentile.P50) {
                same.add(p.name() + ": " + standings.get(0));
            }
        }
        assertEquals(same, standings, "the first slice's leader, decided alike at every headline percentile");
        String sizes = MethodMarkdown.what(io.queuelatency.decide.MatrixData.load(dir));
        assertTrue(sizes.contains("64, 1024") && sizes.contains("100,000"), "both sizes, the one rate: " + sizes);
        assertTrue(Lines.startingWith(md, "- **Timed:** ").contains(sizes), "the method names them");
        for (String png : new String[] {"size-p50.png", "size-p99.png", "size-p99_99.png", "median-S64-R100000.png",
            "percentiles-S1024-R100000.png"}) {
            assertNotNull(ImageIO.read(dir.resolve(png).toFile()), png);
            assertTrue(md.contains("(" + png + ")"), png + " in summary.md");
        }
        JsonNode summary = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE_NAME).toFile());
        assertEquals(2, summary.get("slices").size());
        assertEquals(1024, summary.get("slices").get(1).get("size").asInt());
        List<String> estimates = Files.readAllLines(dir.resolve(Rows.ESTIMATES_CSV));
        assertTrue(estimates.stream().anyMatch(l -> l.startsWith("1024,100000,openjdk-21_zgc,intended,p50,")),
                String.join("\n", estimates));
        Comparer c = Comparer.of(dir, dir, Analysis.DEFAULT_MARGIN);
        String last = slices.get(1).substring("## Slice: ".length());
        assertTrue(c.rows.stream().anyMatch(r -> r.jvm.startsWith("openjdk-21_zgc ") && r.jvm.endsWith(" " + last)),
                "compare keeps the slices apart");
    }

    @Test
    void aProfiledSweepNamesEachSlicesOwnDifferentialsInSummaryJsonAsInSummaryMd() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-21_g1", 1.0, 1.03, 0.97, 1.01, 0.99, 1.02)
                .jvm("openjdk-21_zgc", 1.3, 1.32, 1.28, 1.31, 1.29, 1.33);
        f.sizes = new int[] {64, 1024};
        f.profiledEvery = 3;
        f.write(dir);
        MatrixReport.write(dir);
        String md = new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8);
        JsonNode slices = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE_NAME).toFile()).get("slices");
        List<String> files = new java.util.ArrayList<>();
        for (JsonNode slice : slices) {
            JsonNode differentials = slice.get("profiles").get("differentials");
            assertTrue(differentials.size() > 0, slice.toString());
            for (JsonNode d : differentials) {
                String file = d.get("file").asText();
                assertTrue(Files.isRegularFile(dir.resolve(file)), file + " is written");
                assertTrue(md.contains("(" + file + ")"), file + " in summary.md");
                files.add(file);
            }
        }
        assertEquals(files.size(), new java.util.HashSet<>(files).size(), "each slice its own files: " + files);
    }
}
