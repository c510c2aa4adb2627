package io.queuelatency.report;

import io.queuelatency.decide.Estimate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.TailShare;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's decisions on matrices whose answers are known. */
class AnalysisTest {
    @TempDir
    Path dir;

    @Test
    void identicalJvmsUnderSeveralNamesAreNeverCalledFaster() throws Exception {
        double[] same = {1.0, 1.12, 0.93, 1.05, 0.97};
        Analysis a = new MatrixFixture().jvm("a", same).jvm("b", same).jvm("c", same).jvm("d", same).analyse(dir);
        assertEquals(6 * 3, a.verdicts.size());
        for (PairVerdict v : a.verdicts) {
            assertNull(v.faster(), Words.verdict(v, a.margin));
        }
        for (Percentile p : Percentile.HEADLINE) {
            assertNull(a.winner(p));
        }
        assertFalse(Words.paragraph(a, null).contains("is faster than every other JVM"), Words.paragraph(a, null));
    }

    @Test
    void aClearTwofoldDifferenceWithFiveRunsEachIsFoundAndNamed() throws Exception {
        Analysis a = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98).analyse(dir);
        for (PairVerdict v : a.verdicts) {
            assertEquals("quick", v.faster().id, Words.verdict(v, a.margin));
            assertTrue(Words.verdict(v, a.margin).matches("quick faster by (4[5-9]|50)% .*"), Words.verdict(v, a.margin));
        }
        assertEquals("quick", a.winner(Percentile.P50).id);
        assertTrue(Words.paragraph(a, null).startsWith("At the median quick is faster than every other JVM"), Words.paragraph(a, null));
    }

    @Test
    void everyVerdictStatesTheRatioOfTheTwoEstimatesTheTablesShow() throws Exception {
        // Bimodal runs, as on a busy host: the medians and the geometric means tell different stories.
        Analysis a = new MatrixFixture().jvm("a", 0.4, 0.42, 1.4, 1.3, 0.41).jvm("b", 0.97, 0.96, 0.47, 1.05, 0.98)
                .jvm("c", 1.0, 1.1, 0.9, 1.05, 0.95).analyse(dir);
        int tested = 0;
        for (PairVerdict v : a.verdicts) {
            if (v.test == null) {
                continue;
            }
            tested++;
            double tables = a.estimate(v.first, Definition.INTENDED, v.percentile).value / a.estimate(v.second, Definition.INTENDED, v.percentile).value;
            assertEquals(tables, v.test.ratio, 1e-12 * tables, Words.verdict(v, a.margin));
            assertTrue(v.test.low <= v.test.ratio && v.test.ratio <= v.test.high, Words.verdict(v, a.margin));
        }
        assertEquals(a.comparisons, tested, "the family is the comparisons made");
    }

    @Test
    void aThreePercentDifferenceIsEquivalentAtAFivePercentMargin() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0, 1.002, 0.998, 1.001, 0.999).jvm("b", 1.03, 1.032, 1.028, 1.031, 1.029).analyse(dir);
        PairVerdict median = a.verdictsAt(Percentile.P50).get(0);
        assertEquals(MedianRatio.Decision.EQUIVALENT, median.test.outcome, Words.verdict(median, a.margin));
        assertTrue(Words.verdict(median, a.margin).startsWith("equivalent within 5%"), Words.verdict(median, a.margin));
    }

    @Test
    void aBimodalSetGetsAnIntervalWithinItsRunsRangeAndTheConfidenceThreeRunsGive() throws Exception {
        // p99 of these runs: about 6 us for scale 1, 100x that for the two slow runs, as on a busy host.
        Analysis a = new MatrixFixture().jvm("bimodal", 1.0, 180.0, 450.0).jvm("other", 1.0, 1.1, 0.9).analyse(dir);
        MatrixPlan.PlannedJvm j = a.jvms.get(0);
        for (Percentile p : Percentile.belowWorst()) {
            Estimate e = a.estimate(j, Definition.INTENDED, p);
            double min = Double.MAX_VALUE;
            double max = 0;
            for (double v : e.runValues) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            assertTrue(e.low >= min && e.high <= max && e.value >= min && e.value <= max, p + ": " + Words.cell(e));
            assertEquals(0.75, e.confidence, 1e-9, "three runs give 75%, and say so");
        }
        Estimate worst = a.estimate(j, Definition.INTENDED, Percentile.WORST);
        assertEquals("bimodal-run3", worst.worstRun, "the worst is the largest value, with its run");
        assertTrue(SummaryMarkdown.estimateWords(a).contains("3 runs give 75%; 6 runs, the fewest to reach 95%, give 96.9%"),
                SummaryMarkdown.estimateWords(a));
    }

    @Test
    void whereATailPercentileOfTheFloorReachesHalfTheQueueItIsTheHostsAndGetsNoVerdict() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98);
        f.floorScale = 0.8; // the bare hand-off alone is 80% of the quick JVM's latency at every percentile
        Analysis a = f.analyse(dir);
        for (Percentile p : new Percentile[] {Percentile.P99, Percentile.P99_99}) {
            assertTrue(a.isHosts(p), p.toString());
            for (PairVerdict v : a.verdictsAt(p)) {
                assertSame(PairVerdict.NoVerdict.HOST, v.none);
            }
        }
        assertTrue(Words.paragraph(a, null).contains("this percentile measures the host, not the JVMs"), Words.paragraph(a, null));
        // the median's floor is the hardware's hand-off, paid alike by every JVM: the 2x difference is still found there
        assertFalse(a.isHosts(Percentile.P50));
        assertEquals(1, a.comparisons);
        assertSame(a.jvms.get(0), a.verdictsAt(Percentile.P50).get(0).faster());
    }

    @Test
    void theTailIsPooledOverTheCountedRunsAndShownPerJvmAndPercentile() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8);
        f.withTail = true;
        Analysis a = f.analyse(dir);
        TailShare share = a.tail(a.jvms.get(0), Percentile.P99_9);
        assertEquals(3, share.runs);
        assertEquals(share.samples, share.matched);
        assertEquals(0.6, share.share(io.queuelatency.result.Tail.Cause.CONSUMER_STALL), 0.01);
        String md = SummaryMarkdown.render(a);
        assertTrue(md.contains("## What the tail is made of"), md);
        assertTrue(md.contains("| a | p99.9 | 3 |"), md);
    }

    @Test
    void aTailMostlyOfHostStallsIsTheHostsAndGetsNoVerdictWhileTheMedianStillDoes() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9);
        f.withTail = true;
        f.notJvmShare = 0.9;
        Analysis a = f.analyse(dir);
        assertTrue(a.isHostsByTail(Percentile.P99));
        assertTrue(a.isHosts(Percentile.P99));
        assertFalse(a.isHosts(Percentile.P50), "the median is not judged by the tail");
        for (PairVerdict v : a.verdictsAt(Percentile.P99)) {
            assertSame(PairVerdict.NoVerdict.HOST, v.none);
        }
        assertTrue(a.verdictsAt(Percentile.P50).get(0).test != null, "p50 still carries a verdict");
        String md = SummaryMarkdown.render(a);
        assertTrue(md.contains("The host's tail by its causes: at p99, 90% of"), md);
        assertTrue(String.join(" ", Words.sentences(a)).contains("90% of"), String.join(" ", Words.sentences(a)));

        f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9);
        f.withTail = true;
        f.notJvmShare = 0.2; // mostly the JVM's: the tail carries verdicts
        assertFalse(f.analyse(dir).isHostsByTail(Percentile.P99));
    }

    @Test
    void withOneRunEachNoVerdictIsReachableAndTheReportSaysSoRatherThanNoDifference() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0).jvm("b", 2.0).analyse(dir);
        for (PairVerdict v : a.verdicts) {
            assertSame(PairVerdict.NoVerdict.TOO_FEW_RUNS, v.none);
        }
        assertTrue(Words.paragraph(a, null).contains("a verdict needs 2 or more runs of each JVM"), Words.paragraph(a, null));
    }
}
