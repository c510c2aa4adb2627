package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.Percentile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's words for its decisions (decide/'s AnalysisTest checks the decisions themselves): one sentence per
 * kind of conclusion and a verdict, each compared whole, as summary.md and summary.json print them.
 */
class WordsTest {
    @TempDir
    Path dir;

    private static final String ENOUGH = "6 runs, the fewest to reach 95%, give 96.9%";

    @Test
    void aJvmFasterThanEveryOtherIsNamedWithItsLeastMarginAndTheComparisonsControlled() throws Exception {
        Analysis a = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98).analyse(dir);
        assertEquals("At the median quick is faster than every other JVM (1.61 µs, an estimate 48% below the next "
                + "one's), with the error "
                + "of all 4 comparisons of the report controlled together.", Words.sentences(a).get(0));
        assertEquals("slow slower than quick by 94% [83%, 105%]",
                Words.verdict(a.verdictsAt(Percentile.P50).get(0), a.margin));
    }

    @Test
    void aPercentileSaysHowManyPairsTheHostAccountsForAndWhy() throws Exception {
        MatrixFixture floor = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("twin", 1.01, 0.98, 1.02, 0.99, 1.0).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98);
        floor.floorCells = new double[] {0.8, 0.8, 0.8};
        Analysis a = floor.analyse(Files.createDirectory(dir.resolve("floor")));
        String p99 = Words.sentences(a).get(1);
        assertTrue(p99.endsWith(" Beside the verdicts: the host's floor, 4.40 µs, reaches half of both JVMs' latency "
                + "in 1 of 3 pairs."), p99);
        assertEquals("cannot tell (quick/twin 1.00): 5 and 5 runs cannot reach its level, 0.417%; the host accounts "
                + "for both (its floor, 4.40 µs, is half or more of each): a quieter host before more runs",
                Words.verdict(a.verdictsAt(Percentile.P99).get(0), a.margin));

        MatrixFixture tail = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9);
        tail.withTail = true;
        tail.notJvmShare = 0.9;
        Analysis t = tail.analyse(Files.createDirectory(dir.resolve("tail")));
        String tailed = Words.sentences(t).get(1);
        assertTrue(tailed.startsWith("At p99 a is faster than every other JVM"), "decided, the host beside: " + tailed);
        assertTrue(tailed.endsWith("Beside the verdicts: the host or the queue alone explains half or more of both "
                + "JVMs' samples beyond it in 1 of 1 pairs."), tailed);
    }

    @Test
    void tooFewRunsOrNoDifferenceSayWhatWouldDecide() throws Exception {
        Analysis one = new MatrixFixture().jvm("a", 1.0).jvm("b", 2.0)
                .analyse(Files.createDirectory(dir.resolve("one")));
        assertEquals("At the median no JVM can be told apart: a verdict needs 2 or more runs of each JVM (1 counted "
                + "here; " + ENOUGH + "). Lowest estimate: a (1.61 µs).", Words.sentences(one).get(0));

        Analysis same = new MatrixFixture().jvm("a", 1.0, 1.002, 0.998, 1.001, 0.999)
                .jvm("b", 1.03, 1.032, 1.028, 1.031, 1.029).analyse(Files.createDirectory(dir.resolve("same")));
        assertEquals("At the median no JVM is faster than every other on this host with these runs (lowest estimate: "
                + "a, 1.61 µs); of 1 pairs, 0 differ and 1 are equivalent within 5%.", Words.sentences(same).get(0));
        assertEquals("equivalent within 5% (a/b 0.97 [0.97, 0.98])",
                Words.verdict(same.verdictsAt(Percentile.P50).get(0), same.margin));
    }

    @Test
    void oneJvmAloneHasNothingToCompareAndTheHostsCheckFollows() throws Exception {
        Analysis a = new MatrixFixture().jvm("only", 1.0, 1.1, 0.9).analyse(dir);
        assertEquals(Arrays.asList("Only only has valid runs (median 1.61 µs): there is nothing to compare it with."),
                Words.sentences(a));
        assertEquals("The host was not checked: judge its numbers with care.", Words.hostSentence(null));
    }

    @Test
    void theEstimatesSayTheConfidenceTheirRunsGiveAndHowManyRunsReach95Percent() throws Exception {
        Analysis a = new MatrixFixture().jvm("bimodal", 1.0, 180.0, 450.0).jvm("other", 1.0, 1.1, 0.9).analyse(dir);
        assertEquals(ENOUGH, Words.enoughRuns());
        assertEquals("**Confidence:** 3 runs give 75%; " + ENOUGH + ".",
                sentenceOf(String.join(" ", MethodMarkdown.estimateLines(a)), "**Confidence:**"));
    }

    @Test
    void theTailTableHasARowPerJvmAndPercentileWithTheShareOfEachCause() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8);
        f.withTail = true;
        String md = SummaryMarkdown.render(f.analyse(dir));
        assertEquals("## What the tail is made of", Lines.startingWith(md, "## What the tail"));
        // One row per JVM, p99 / p99.9 / p99.99 in each cell; the causes under 0.5% for all JVMs named once.
        assertEquals("| JVM | beyond (all matched) | producer-CPU stall while it waited for a slot "
                + "| consumer-CPU stall | none found | not the JVM's | this tool's |",
                Lines.startingWith(md, "| JVM | beyond"));
        assertEquals("| a | 3,000 / 300 / - | 30 / 30 / - | 60 / 60 / - | 10 / 10 / - | - / - / - | 0 / 0 / - |",
                Lines.startingWith(md, "| a | 3,000"));
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
