package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Answer;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.md and summary.json open with the answer: its table, its verdicts, the same numbers in both files. */
class AnswerMarkdownTest {
    @TempDir
    Path dir;

    private static MatrixFixture threeJvms() {
        // 8 runs each: 3 pairs at 4 percentiles need 5% / 12, which 5 runs each cannot reach (0.79% at best)
        return new MatrixFixture().jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98, 2.04, 1.96, 2.01)
                .jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99, 1.02, 0.98, 1.005)
                .jvm("middle", 1.5, 1.52, 1.48, 1.51, 1.49, 1.53, 1.47, 1.505);
    }

    /** summary.md of one analysis, as MatrixReport renders it (no figure missing). */
    static String summary(Analysis a) {
        List<Analysis> one = java.util.Collections.singletonList(a);
        return SummaryMarkdown.render(a.data, one, ProfilesReport.views(one),
                java.util.Collections.<String, String>emptyMap());
    }

    /** The rows of the first table after "## Which JVM on this host?", each split into its cells. */
    private static List<String[]> answerTable(String md) {
        List<String[]> rows = new ArrayList<>();
        String[] lines = md.split("\n");
        int i = java.util.Arrays.asList(lines).indexOf("## Which JVM on this host?");
        assertTrue(i >= 0 && i < 6, "the answer is the first section, after the title and the host's line");
        while (!lines[i].startsWith("|")) {
            i++;
        }
        for (i += 2; i < lines.length && lines[i].startsWith("|"); i++) {
            String[] cells = lines[i].substring(2, lines[i].length() - 2).split(" \\| ");
            rows.add(cells);
        }
        return rows;
    }

    @Test
    void theAnswerTableHasARowPerJvmFastestFirstWithEachEstimateAndTheVerdictAgainstTheLeader() throws Exception {
        Analysis a = threeJvms().analyse(dir);
        List<String[]> rows = answerTable(summary(a));
        assertEquals(3, rows.size());
        List<String> order = new ArrayList<>();
        for (String[] r : rows) {
            order.add(r[0]);
        }
        assertEquals(java.util.Arrays.asList("quick", "middle", "slow"), order);
        List<Answer.JvmRow> answer = Answer.of(a);
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(7, rows.get(i).length, "JVM, p50, p99, p99.9, p99.99, worst, verdict");
            for (int c = 0; c < Answer.COLUMNS.size(); c++) {
                io.queuelatency.decide.Estimate e = a.estimate(answer.get(i).jvm, Definition.INTENDED,
                        Answer.COLUMNS.get(c));
                assertEquals(e.hasInterval() ? Units.withInterval(e.value, e.low, e.high) : Units.ns(e.value),
                        rows.get(i)[c + 1]);
            }
        }
        assertEquals(Answer.Standing.FASTEST, answer.get(0).atMedian.standing, rows.get(0)[6]);
        assertEquals(Answer.Standing.SLOWER, answer.get(1).atMedian.standing, rows.get(1)[6]);
        assertEquals("quick", answer.get(1).atMedian.leader.id, "slower than the leader");
        Answer.Place middle = answer.get(1).atMedian;
        String atMedian = rows.get(1)[6].split(";")[0];
        assertTrue(atMedian.endsWith(" " + Units.share(middle.ratio - 1) + " [" + Units.share(middle.low - 1) + ", "
                + Units.share(middle.high - 1) + "]"), "by how much, with its interval: " + atMedian);
        assertTrue(middle.ratio > 1.45 && middle.ratio < 1.55, "middle is about half as slow again: " + middle.ratio);
    }

    @Test
    void summaryJsonsAnswerHoldsTheSameValuesAsItsEstimates() throws Exception {
        threeJvms().write(dir);
        MatrixReport.write(dir, null, System.err, null);
        JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE_NAME).toFile());
        JsonNode answer = json.path("answer");
        assertEquals(3, answer.size());
        int checked = 0;
        for (JsonNode row : answer) {
            JsonNode intended = null;
            for (JsonNode j : json.path("jvms")) {
                if (j.path("id").asText().equals(row.path("jvm").asText())) {
                    intended = j.path(Definition.INTENDED.id);
                }
            }
            assertEquals(Answer.COLUMNS.size(), row.path("estimates").size());
            for (JsonNode e : row.path("estimates")) {
                JsonNode same = null;
                for (JsonNode x : intended) {
                    String p = x.path("percentile").asText();
                    if (e.path("percentile").asText().equals(p)
                            || e.path("percentile").asText().equals(Percentile.of(
                            "worst".equals(p) ? 100 : Double.parseDouble(p.replace("p", ""))).name())) {
                        same = x;
                    }
                }
                assertEquals(same.path("valueNs"), e.path("valueNs"), e.toString());
                assertEquals(same.path("lowNs"), e.path("lowNs"), e.toString());
                assertEquals(same.path("highNs"), e.path("highNs"), e.toString());
                checked++;
            }
        }
        assertEquals(3 * 5, checked);
        assertEquals("FASTEST", answer.get(0).path("p50").path("standing").asText());
        JsonNode slower = answer.get(1).path("p50");
        assertEquals("SLOWER", slower.path("standing").asText());
        assertEquals("quick", slower.path("leader").asText());
        assertTrue(slower.path("low").asDouble() > 1 && slower.path("high").asDouble() > slower.path("ratio")
                .asDouble());
        String md = new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8);
        assertEquals(answer.get(1).path("verdict").asText(), answerTable(md).get(1)[6], "one verdict, one text");
    }

    @Test
    void theFirstScreenIsTheAnswerFigureOneAndOneParagraphOfShortLines() throws Exception {
        MatrixFixture f = threeJvms();
        f.write(dir);
        MatrixReport.write(dir, null, System.err, null);
        String md = new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8);
        String head = md.substring(0, md.indexOf("\n## ", md.indexOf("## Which JVM")));
        assertTrue(head.contains("](" + FigureData.MEDIAN_PNG + ")"), "Figure 1 with the answer");
        String rest = md.substring(head.length());
        Markdown method = new Markdown();
        Analysis again = f.analyse(Files.createDirectories(dir.resolve("again")));
        MethodMarkdown.measured(method, again.data, java.util.Collections.singletonList(again));
        assertTrue(rest.startsWith("\n" + method), "the evidence opens with how it was measured: " + rest);
        assertEquals(1, rest.split("\\]\\(" + FigureData.MEDIAN_PNG.replace(".", "\\.") + "\\)").length,
                "Figure 1 once");
        for (String line : (head + rest.substring(0, rest.indexOf("\n## ", 2))).split("\n")) {
            assertTrue(line.startsWith("|") || line.length() <= 300, line.length() + ": " + line);
        }
    }

    /** Two JVMs alike within the margin: the paragraph names the pair once (it never did before 2026-11-29). */
    @Test
    void anEquivalentPairIsNamedOnceFromTheSideRankedFirst() throws Exception {
        Analysis a = new MatrixFixture()
                .jvm("twin-a", 1.0, 1.002, 0.998, 1.001, 0.999, 1.003, 0.997, 1.0, 1.002, 0.998, 1.001, 0.999)
                .jvm("twin-b", 1.001, 1.0, 0.999, 1.002, 0.998, 1.0, 1.003, 0.997, 1.001, 0.999, 1.002, 0.998)
                .analyse(dir);
        io.queuelatency.decide.PairVerdict v = a.verdictsAt(Percentile.P50).get(0);
        assertEquals(io.queuelatency.stats.MedianRatio.Decision.EQUIVALENT, v.test.outcome, "the fixture");
        List<Answer.JvmRow> rows = Answer.of(a);
        String pair = rows.get(0).jvm.id + " and " + rows.get(1).jvm.id;
        String decided = AnswerMarkdown.decided(a, Percentile.P50);
        assertEquals(1, decided.split(pair, -1).length - 1, decided);
    }

    @Test
    void theParagraphNamesEveryDecidedPairFromTheSlowerSideAndSummaryJsonHoldsTheSameText() throws Exception {
        MatrixFixture f = threeJvms();
        f.write(dir);
        MatrixReport.write(dir, null, System.err, null);
        Analysis a = f.analyse(java.nio.file.Files.createDirectories(dir.resolve("again")));
        String decided = AnswerMarkdown.decided(a, Percentile.P50);
        int slowerThanQuick = 0;
        for (io.queuelatency.decide.PairVerdict v : a.verdictsAt(Percentile.P50)) {
            if (v.faster() != null && v.faster().id.equals("quick")) {
                slowerThanQuick++;
            }
        }
        assertEquals(2, slowerThanQuick, "the fixture: quick decided faster than both others");
        java.util.Map<String, String> slowerOf = new java.util.TreeMap<>();
        for (io.queuelatency.decide.PairVerdict v : a.verdictsAt(Percentile.P50)) {
            assertTrue(v.faster() != null, "3 of 3 pairs decided: " + decided);
            String slower = v.faster() == v.first ? v.second.id : v.first.id;
            slowerOf.merge(slower, v.faster().id, (x, y) -> x + "," + y);
        }
        assertEquals(3, a.verdictsAt(Percentile.P50).size(), "3 pairs: " + decided);
        assertEquals("quick", slowerOf.get("middle"), "middle is slower than quick: " + decided);
        assertEquals(2, slowerOf.get("slow").split(",").length, "slow is slower than both: " + decided);
        assertFalse(slowerOf.containsKey("quick"), decided);
        String md = new String(Files.readAllBytes(dir.resolve(MatrixReport.SUMMARY_MD)), StandardCharsets.UTF_8);
        String json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("summary.json").toFile())
                .path("paragraph").asText();
        assertTrue(json.startsWith(decided), json);
        for (String line : AnswerMarkdown.paragraphLines(a.data, java.util.Collections.singletonList(a))) {
            assertTrue(md.contains("\n" + line + "\n"), "summary.md shows the line: " + line);
            assertTrue(json.contains(line), "summary.json holds the line: " + line);
        }
    }

    /** The matrix's end screen: the same rows and numbers as summary.md's answer, in columns of a terminal's width. */
    @Test
    void theScreenShowsTheAnswersRowsAndNumbersWithinATerminalsWidth() throws Exception {
        Analysis a = threeJvms().analyse(dir);
        List<String[]> rows = answerTable(summary(a));
        List<String> screen = AnswerMarkdown.screen(a);
        assertEquals(1 + rows.size(), screen.size(), "a header and a row per JVM");
        for (int i = 0; i < rows.size(); i++) {
            String line = screen.get(i + 1);
            assertTrue(line.length() <= 120, line.length() + ": " + line);
            assertTrue(line.startsWith(rows.get(i)[0] + " "), line);
            for (int c : new int[] {1, 2, 4}) { // p50, p99, p99.99: summary.md's own text
                assertTrue(line.contains(rows.get(i)[c]), rows.get(i)[c] + " in " + line);
            }
            String atMedian = rows.get(i)[6].split("; p99")[0];
            assertTrue(line.contains(atMedian), "the verdict at p50, " + atMedian + ", in " + line);
        }
    }
}
