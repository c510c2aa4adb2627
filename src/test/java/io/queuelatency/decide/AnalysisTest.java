package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.stats.MedianRatio;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's decisions on matrices whose answers are known: its verdicts and conclusions, as facts. */
class AnalysisTest {
    @TempDir
    Path dir;

    /** "a/b at p99: 0.98 [0.91, 1.05] CANNOT_TELL": a verdict's facts, for a failing assertion's message. */
    private static String said(PairVerdict v) {
        return v.first.id + "/" + v.second.id + " at " + v.percentile + ": " + (v.test == null ? v.none
                : v.test.ratio + " [" + v.test.low + ", " + v.test.high + "] " + v.test.outcome);
    }

    /** The conclusion at {@code p}, of the kind expected. */
    private static <C extends Conclusion.AtPercentile> C conclusionAt(Analysis a, Percentile p, Conclusion.Kind kind,
                                                                     Class<C> type) {
        for (Conclusion c : a.conclusions()) {
            if (c instanceof Conclusion.AtPercentile && ((Conclusion.AtPercentile) c).percentile.equals(p)) {
                assertEquals(kind, c.kind, "at " + p);
                return type.cast(c);
            }
        }
        throw new AssertionError("no conclusion at " + p);
    }

    @Test
    void identicalJvmsUnderSeveralNamesAreNeverCalledFaster() throws Exception {
        double[] same = {1.0, 1.12, 0.93, 1.05, 0.97};
        Analysis a = new MatrixFixture().jvm("a", same).jvm("b", same).jvm("c", same).jvm("d", same).analyse(dir);
        assertEquals(6 * 3, a.verdicts.size());
        for (PairVerdict v : a.verdicts) {
            assertNull(v.faster(), said(v));
        }
        for (Percentile p : Percentile.HEADLINE) {
            assertNull(a.winner(p));
        }
        assertEquals(Percentile.HEADLINE.size(), a.conclusions().size(), "one conclusion per headline percentile");
        for (Conclusion c : a.conclusions()) {
            assertNotEquals(Conclusion.Kind.FASTEST, c.kind);
        }
    }

    @Test
    void aClearTwofoldDifferenceWithFiveRunsEachIsFoundAndNamed() throws Exception {
        Analysis a = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98).analyse(dir);
        for (PairVerdict v : a.verdicts) {
            assertEquals("quick", v.faster().id, said(v));
            double margin = v.marginOf(v.faster());
            assertTrue(margin >= 0.445 && margin < 0.505, "faster by about half: " + said(v));
        }
        assertEquals("quick", a.winner(Percentile.P50).id);
        Conclusion.Fastest median = conclusionAt(a, Percentile.P50, Conclusion.Kind.FASTEST, Conclusion.Fastest.class);
        assertEquals("quick", median.fastest.jvm.id);
        assertEquals(a.estimate(median.fastest.jvm, Definition.INTENDED, Percentile.P50).value, median.fastest.valueNs);
        assertTrue(median.least >= 0.445 && median.least < 0.505,
                "by at least its margin over the other: " + median.least);
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
            double tables = a.estimate(v.first, Definition.INTENDED, v.percentile).value
                    / a.estimate(v.second, Definition.INTENDED, v.percentile).value;
            assertEquals(tables, v.test.ratio, 1e-12 * tables, said(v));
            assertTrue(v.test.low <= v.test.ratio && v.test.ratio <= v.test.high, said(v));
        }
        assertEquals(a.comparisons, tested, "the family is the comparisons made");
    }

    @Test
    void aThreePercentDifferenceIsEquivalentAtAFivePercentMargin() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0, 1.002, 0.998, 1.001, 0.999)
                .jvm("b", 1.03, 1.032, 1.028, 1.031, 1.029).analyse(dir);
        PairVerdict median = a.verdictsAt(Percentile.P50).get(0);
        assertEquals(MedianRatio.Decision.EQUIVALENT, median.test.outcome, said(median));
        assertTrue(median.test.low >= 1 / 1.05 && median.test.high <= 1.05,
                "the whole interval within 5%: " + said(median));
        Conclusion.Undecided c = conclusionAt(a, Percentile.P50, Conclusion.Kind.UNDECIDED, Conclusion.Undecided.class);
        assertEquals(1, c.pairs.tested);
        assertEquals(1, c.pairs.equivalent);
        assertEquals(0, c.pairs.differ);
        assertEquals(0, c.runsNeeded, "decided: no more runs would tell");
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
            assertTrue(e.low >= min && e.high <= max && e.value >= min && e.value <= max,
                    p + ": " + e.value + " [" + e.low + ", " + e.high + "] within " + min + " to " + max);
            assertEquals(0.75, e.confidence, 1e-9, "three runs give 75%, and say so");
        }
        Estimate worst = a.estimate(j, Definition.INTENDED, Percentile.WORST);
        assertEquals("bimodal-run3", worst.worstRun, "the worst is the largest value, with its run");
        assertEquals(3, a.fewestRuns());
    }

    @Test
    void whereATailPercentileOfTheFloorReachesHalfTheQueueItIsTheHostsAndGetsNoVerdict() throws Exception {
        MatrixFixture f =
                new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98);
        f.floorScale = 0.8; // the bare hand-off alone is 80% of the quick JVM's latency at every percentile
        Analysis a = f.analyse(dir);
        for (Percentile p : new Percentile[] {Percentile.P99, Percentile.P99_99}) {
            assertTrue(a.isHosts(p), p.toString());
            for (PairVerdict v : a.verdictsAt(p)) {
                assertSame(PairVerdict.NoVerdict.HOST, v.none);
            }
            HostShare floor = conclusionAt(a, p, Conclusion.Kind.HOST_BY_FLOOR, Conclusion.HostByFloor.class).floor;
            assertEquals("quick", floor.jvm.id, "the JVM whose floor comes nearest its queue latency");
            assertTrue(floor.hosts() && floor.floorNs >= Analysis.HOST_SHARE * floor.queueNs, p.toString());
        }
        // the median's floor is the hardware's hand-off, paid alike by every JVM: the 2x difference is still found
        // there
        assertFalse(a.isHosts(Percentile.P50));
        assertEquals(1, a.comparisons);
        assertSame(a.jvms.get(0), a.verdictsAt(Percentile.P50).get(0).faster());
        assertEquals(Conclusion.Kind.FASTEST, a.conclusions().get(0).kind);
    }

    @Test
    void theTailIsPooledOverTheCountedRunsAndShownPerJvmAndPercentile() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8);
        f.withTail = true;
        Analysis a = f.analyse(dir);
        TailShare share = a.tail(a.jvms.get(0), Percentile.P99_9);
        assertEquals(3, share.runs);
        assertEquals(share.samples, share.matched);
        assertEquals(0.6, share.share(Tail.Cause.CONSUMER_STALL), 0.01);
        assertEquals(0.3, share.share(Tail.Cause.PRODUCER_STALL), 0.01);
        assertEquals(-1, share.notJvmShare(), "runs that did not count it: not known");
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
        TailHost tail = conclusionAt(a, Percentile.P99, Conclusion.Kind.HOST_BY_TAIL, Conclusion.HostByTail.class).tail;
        assertEquals(0.9, tail.share, 0.01, "90% of the samples beyond are the host's or the queue's alone");

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
        for (Percentile p : Percentile.HEADLINE) {
            Conclusion.TooFewRuns c = conclusionAt(a, p, Conclusion.Kind.TOO_FEW_RUNS, Conclusion.TooFewRuns.class);
            assertEquals("a", c.lowest.jvm.id, "the lowest estimate is still named");
        }
    }

    @Test
    void oneJvmAloneIsConcludedOfTheWholeReport() throws Exception {
        Analysis one = new MatrixFixture().jvm("only", 1.0, 1.1, 0.9).analyse(dir);
        List<Conclusion> said = one.conclusions();
        assertEquals(1, said.size());
        Conclusion.OneJvm only = (Conclusion.OneJvm) said.get(0);
        assertEquals(Conclusion.Kind.ONE_JVM, only.kind);
        assertEquals("only", only.only.jvm.id);
        assertEquals(one.estimate(only.only.jvm, Definition.INTENDED, Percentile.P50).value, only.only.valueNs);
    }
}
