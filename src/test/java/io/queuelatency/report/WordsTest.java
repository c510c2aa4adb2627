package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.HostWords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's words for its decisions (decide/'s AnalysisTest checks the decisions themselves): one sentence per
 * kind of conclusion and a verdict, each naming the JVMs, estimates, shares and counts it is made of (the committed
 * examples, rebuilt byte for byte, hold the words themselves).
 */
class WordsTest {
    @TempDir
    Path dir;

    @Test
    void aJvmFasterThanEveryOtherIsNamedWithItsLeastMarginAndTheComparisonsControlled() throws Exception {
        Analysis a = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98).analyse(dir);
        String fastest = Words.sentences(a).get(0);
        names(fastest, "quick ", "(1.61 µs, ", " 48% ", " 4 ");
        assertFalse(fastest.contains("slow"), "the leader alone: " + fastest);
        String verdict = Words.verdict(a.verdictsAt(Percentile.P50).get(0), a.margin);
        assertTrue(verdict.startsWith("slow ") && verdict.endsWith(" quick by 94% [83%, 105%]"),
                "the slower, the faster, by how much: " + verdict);
    }

    @Test
    void aPercentileSaysHowManyPairsTheHostAccountsForAndWhy() throws Exception {
        MatrixFixture floor = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("twin", 1.01, 0.98, 1.02, 0.99, 1.0).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98);
        floor.floorCells = new double[] {0.8, 0.8, 0.8};
        Analysis a = floor.analyse(Files.createDirectory(dir.resolve("floor")));
        String p99 = Words.sentences(a).get(1);
        names(p99.substring(p99.lastIndexOf(". ") + 2), " 4.40 µs, ");
        assertEquals(Arrays.asList(1, 3), last(Lines.numbers(p99), 2), "in 1 of the 3 pairs: " + p99);
        String undecided = Words.verdict(a.verdictsAt(Percentile.P99).get(0), a.margin);
        names(undecided, "(quick/twin 1.00)", " 5 ", " 0.417%", " 4.40 µs");

        MatrixFixture tail = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9);
        tail.withTail = true;
        tail.notJvmShare = 0.9;
        Analysis t = tail.analyse(Files.createDirectory(dir.resolve("tail")));
        String tailed = Words.sentences(t).get(1);
        names(tailed, " p99 a ");
        assertFalse(tailed.contains(" b "), "a decided faster, the only one named: " + tailed);
        assertEquals(Arrays.asList(1, 1), last(Lines.numbers(tailed), 2), "in 1 of the 1 pair: " + tailed);
    }

    @Test
    void tooFewRunsOrNoDifferenceSayWhatWouldDecide() throws Exception {
        Analysis one = new MatrixFixture().jvm("a", 1.0).jvm("b", 2.0)
                .analyse(Files.createDirectory(dir.resolve("one")));
        names(Words.sentences(one).get(0), " 2 ", "(1 ", Words.enoughRuns(), " a (1.61 µs)");

        Analysis same = new MatrixFixture().jvm("a", 1.0, 1.002, 0.998, 1.001, 0.999)
                .jvm("b", 1.03, 1.032, 1.028, 1.031, 1.029).analyse(Files.createDirectory(dir.resolve("same")));
        String none = Words.sentences(same).get(0);
        names(none, " a, 1.61 µs");
        assertEquals(Arrays.asList(1, 0, 1, 5), last(Lines.numbers(none), 4), "pairs, differing, equivalent, margin");
        names(Words.verdict(same.verdictsAt(Percentile.P50).get(0), same.margin), " 5% ", "(a/b 0.97 [0.97, 0.98])");
    }

    @Test
    void oneJvmAloneHasNothingToCompareAndTheHostsCheckFollows() throws Exception {
        Analysis a = new MatrixFixture().jvm("only", 1.0, 1.1, 0.9).analyse(dir);
        assertEquals(1, Words.sentences(a).size(), "one sentence: " + Words.sentences(a));
        names(Words.sentences(a).get(0), " only ", "(median 1.61 µs)");
        String unchecked = Words.hostSentence(null);
        HostFindings fit = new HostFindings(java.util.Collections.<HostFindings.Finding>emptyList());
        assertTrue(!unchecked.isEmpty() && !unchecked.equals(Words.hostSentence(fit)), unchecked);
        for (HostFindings.Grade g : HostFindings.Grade.values()) {
            assertFalse(unchecked.contains(HostWords.grade(g)),
                    "no grade where the host was not checked: " + unchecked);
        }
    }

    @Test
    void theEstimatesSayTheConfidenceTheirRunsGiveAndHowManyRunsReach95Percent() throws Exception {
        Analysis a = new MatrixFixture().jvm("bimodal", 1.0, 180.0, 450.0).jvm("other", 1.0, 1.1, 0.9).analyse(dir);
        assertEquals(Arrays.asList(6, 95, 96, 9), Lines.numbers(Words.enoughRuns()), "6 runs reach 95%: 96.9%");
        String confidence = sentenceOf(String.join(" ", MethodMarkdown.estimateLines(a)), "**Confidence:**");
        assertTrue(confidence.endsWith("; " + Words.enoughRuns() + "."), confidence);
        assertEquals(Arrays.asList(3, 75), Lines.numbers(confidence).subList(0, 2), "3 runs give 75%: " + confidence);
    }

    @Test
    void theTailTableHasARowPerJvmAndPercentileWithTheShareOfEachCause() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8);
        f.withTail = true;
        String md = AnswerMarkdownTest.summary(f.analyse(dir));
        // One row per JVM, p99 / p99.9 / p99.99 in each cell; the causes under 0.5% for all JVMs named once.
        List<String> causes = new ArrayList<>();
        for (Tail.Cause c : Tail.Cause.values()) {
            causes.add(CauseWords.words(c).replaceAll(" \\(.*\\)", ""));
        }
        String[] header = Lines.startingWith(md, "| JVM | beyond").split(" \\| ");
        assertEquals(7, header.length, "JVM, beyond, three causes, not the JVM's, this tool's");
        for (int i = 2; i < 5; i++) {
            assertTrue(causes.contains(header[i]), "a cause's words: " + header[i]);
        }
        assertEquals("| a | 3,000 / 300 / - | 30 / 30 / - | 60 / 60 / - | 10 / 10 / - | - / - / - | 0 / 0 / - |",
                Lines.startingWith(md, "| a | 3,000"));
    }

    /** {@code text} names each of {@code values}. */
    private static void names(String text, String... values) {
        for (String v : values) {
            assertTrue(text.contains(v), v + " in " + text);
        }
    }

    /** The last {@code n} of {@code all}. */
    private static List<Integer> last(List<Integer> all, int n) {
        return all.subList(all.size() - n, all.size());
    }

    /** The sentence of {@code text} that begins with {@code start}, to its full stop. */
    private static String sentenceOf(String text, String start) {
        int from = text.indexOf(start);
        return text.substring(from, text.indexOf(". ", from) + 1);
    }

    @Test
    void eachDecidedPairShowsItsIntervalsExactConfidenceAndTheLevelItWasTestedAt() throws Exception {
        Analysis a = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98).analyse(Files.createDirectory(dir.resolve("decided")));
        Markdown md = new Markdown();
        VerdictsMarkdown.verdicts(md, a);
        io.queuelatency.decide.PairVerdict p50 = a.verdictsAt(Percentile.P50).get(0);
        java.util.List<String> rows = Lines.all(md.toString(), "| p50 |"); // the outcomes' table, then the decided
        String[] row = rows.get(rows.size() - 1).split(" \\| ");
        assertEquals(VerdictsMarkdown.confidence(p50.test.confidence), row[2], md.toString());
        assertEquals(io.queuelatency.text.Units.percent(p50.test.alpha) + " |", row[3], md.toString());
        assertEquals(1 - 2 / 252.0, p50.test.confidence, 1e-12, "5 runs each apart: the least to the most ratio");
    }
}
