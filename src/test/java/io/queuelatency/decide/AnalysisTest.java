package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
        assertEquals(6 * Percentile.HEADLINE.size(), a.verdicts.size());
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
    void everyVerdictStatesTheMedianOfTheRunToRunRatiosWithinItsInterval() throws Exception {
        // Bimodal runs, as on a busy host: the ratio of the two medians (0.42 / 0.97) and the median of the 25
        // run-to-run ratios (0.87) tell different stories; the verdict is the second's, and says so.
        Analysis a = new MatrixFixture().jvm("a", 0.4, 0.42, 1.4, 1.3, 0.41).jvm("b", 0.97, 0.96, 0.47, 1.05, 0.98)
                .analyse(dir);
        for (PairVerdict v : a.verdicts) {
            double[] x = a.estimate(v.first, Definition.INTENDED, v.percentile).runValues;
            double[] y = a.estimate(v.second, Definition.INTENDED, v.percentile).runValues;
            double[] ratios = new double[x.length * y.length];
            for (int i = 0; i < x.length; i++) {
                for (int k = 0; k < y.length; k++) {
                    ratios[i * y.length + k] = x[i] / y[k];
                }
            }
            java.util.Arrays.sort(ratios);
            assertEquals(ratios[ratios.length / 2], v.test.ratio, 1e-9 * v.test.ratio, said(v));
            assertTrue(v.test.low <= v.test.ratio && v.test.ratio <= v.test.high, said(v));
        }
        assertEquals(4, a.comparisons, "one pair at four percentiles");
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

    /** The pair of {@code first} and {@code second} at {@code p}. */
    private static PairVerdict pair(Analysis a, Percentile p, String first, String second) {
        for (PairVerdict v : a.verdictsAt(p)) {
            if (v.first.id.equals(first) && v.second.id.equals(second)) {
                return v;
            }
        }
        throw new AssertionError("no pair " + first + "/" + second + " at " + p);
    }

    @Test
    void aHostFloorThatAccountsForOneJvmButNotTheOtherLeavesThePairTested() throws Exception {
        MatrixFixture f =
                new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98);
        f.floorCells = new double[] {0.8, 0.8, 0.8, 0.8, 0.8, 0.8}; // 80% of quick's latency, 40% of slow's
        Analysis a = f.analyse(dir);
        for (Percentile p : new Percentile[] {Percentile.P99, Percentile.P99_99}) {
            PairVerdict v = pair(a, p, "quick", "slow");
            assertTrue(v.host.floorNs >= Analysis.HOST_SHARE * v.host.firstNs, "the floor accounts for quick: "
                    + v.host.floorNs + " of " + v.host.firstNs);
            assertTrue(v.host.floorNs < Analysis.HOST_SHARE * v.host.secondNs, "not for slow: " + v.host.floorNs
                    + " of " + v.host.secondNs);
            assertNull(v.host.by(), said(v));
            assertSame(a.jvms.get(0), v.faster(), "slow's excess is not the host's: " + said(v));
            assertEquals(0, a.hostPairs(p).accounted());
        }
        assertEquals(4, a.comparisons, "one pair at four headline percentiles: the plan's family");
    }

    @Test
    void aPairBothUnderTheFloorIsStillTestedWithTheFloorBesideIt() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("twin", 1.01, 0.98, 1.02, 0.99, 1.0).jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98);
        f.floorCells = new double[] {0.8, 0.8, 0.8, 0.8, 0.8, 0.8};
        Analysis a = f.analyse(dir);
        for (Percentile p : new Percentile[] {Percentile.P99, Percentile.P99_99}) {
            PairVerdict both = pair(a, p, "quick", "twin");
            assertNull(both.none, said(both));
            assertNotNull(both.test, "the host's floor is context, not a reason to withhold: " + said(both));
            assertTrue(both.hostAccounts());
            assertSame(HostShare.By.FLOOR, both.host.by());
            assertNotNull(pair(a, p, "quick", "slow").test, "quick/slow is tested at " + p);
            assertNotNull(pair(a, p, "twin", "slow").test, "twin/slow is tested at " + p);
            Conclusion.HostPairs host = a.hostPairs(p);
            assertEquals(3, host.pairs);
            assertEquals(1, host.byFloor);
            assertEquals(0, host.byTail);
            assertEquals(a.hostFloor.at(Definition.INTENDED, p).value, host.floorNs);
        }
        assertNull(pair(a, Percentile.P50, "quick", "twin").host, "the median is not judged by the host rule");
        assertEquals(3 * 4, a.comparisons, "the family is the plan's: every pair at every headline percentile");
    }

    @Test
    void whereTheHostAccountsForEveryPairThePairsAreStillTestedAndTheUndecidedSayTheHostFirst() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("quick", 1.0, 1.1, 0.9, 1.05, 0.95)
                .jvm("twin", 1.02, 0.92, 1.08, 0.97, 1.0); // 10% run to run: cannot tell at 5 runs
        f.floorCells = new double[] {0.8, 0.8, 0.8};
        Analysis a = f.analyse(dir);
        PairVerdict v = a.verdictsAt(Percentile.P99).get(0);
        assertNotNull(v.test, said(v));
        assertTrue(v.hostAccounts());
        Conclusion.Undecided c =
                conclusionAt(a, Percentile.P99, Conclusion.Kind.UNDECIDED, Conclusion.Undecided.class);
        assertEquals(1, c.host.byFloor);
        assertEquals(-1, c.runsNeeded, "the host, not a count of runs, is what the undecided pair is told");
        assertEquals(4, a.comparisons);
        assertNotNull(a.verdictsAt(Percentile.P50).get(0).test);
    }

    @Test
    void theHostFloorIsTheMedianFloorCellWithTheIntervalOverTheFloorCellsInTimeOrder() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8);
        f.floorCells = new double[] {0.05, 0.2, 0.1, 0.08};
        Analysis a = f.analyse(dir);
        assertSame(HostFloor.Source.FLOOR_CELLS, a.hostFloor.source);
        assertEquals(java.util.Arrays.asList("floor/1", "floor/2", "floor/3", "floor/4"), a.hostFloor.names);
        double[] p99 = new double[4];
        for (int k = 0; k < 4; k++) {
            p99[k] = a.hostFloor.floors.get(k).intended.ns(Percentile.P99);
        }
        Estimate e = a.hostFloor.at(Definition.INTENDED, Percentile.P99);
        assertEquals(Math.round((p99[2] + p99[3]) / 2), e.value, "the median of four floor cells");
        assertEquals(p99[0], e.low);
        assertEquals(p99[1], e.high);
        assertEquals(p99[0], a.hostFloor.spread(Percentile.P99)[0]);
        assertEquals(p99[1], a.hostFloor.spread(Percentile.P99)[1]);
    }

    @Test
    void aLookOfRunsAutoJudgesByTheFloorCellsMeasuredByThen() throws Exception {
        // The floor cell before the first round and the one after each: at the look after round 2, floors 1 to 3.
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8);
        f.floorCells = new double[] {0.05, 0.2, 0.1, 0.08};
        f.write(dir);
        Analysis look = Analysis.of(MatrixData.load(dir).upToRound(2), null).get(0);
        assertSame(HostFloor.Source.FLOOR_CELLS, look.hostFloor.source);
        assertEquals(java.util.Arrays.asList("floor/1", "floor/2", "floor/3"), look.hostFloor.names);
        assertEquals(2, look.fewestRuns());
    }

    @Test
    void anOlderMatrixTakesTheFloorsOfAllItsCountedCellsTogether() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8, 1.9);
        f.invalidCells.add("b-run2");
        Analysis a = f.analyse(dir);
        assertSame(HostFloor.Source.IN_EACH_JVM, a.hostFloor.source);
        assertEquals(java.util.Arrays.asList("a-run1", "a-run2", "a-run3", "b-run1", "b-run3", "b-run4"),
                a.hostFloor.names, "every counted cell's floor, and only those");
        assertTrue(a.hostFloor.cells.isEmpty(), "no floor cells");
        f.floorScale = 0;
        assertSame(HostFloor.Source.NONE, f.analyse(dir).hostFloor.source);
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
    void aTailMostlyOfHostStallsInBothJvmsStandsBesideAVerdictThatIsStillMade() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9);
        f.withTail = true;
        f.notJvmShare = 0.9;
        Analysis a = f.analyse(dir);
        PairVerdict v = a.verdictsAt(Percentile.P99).get(0);
        assertNull(v.none);
        assertSame(a.jvms.get(0), v.faster(), "the host's share is context: " + said(v));
        assertSame(HostShare.By.TAIL, v.host.by());
        assertEquals(0.9, v.host.firstTail, 0.01, "90% of a's samples beyond are the host's or the queue's alone");
        assertEquals(0.9, v.host.secondTail, 0.01);
        assertTrue(a.verdictsAt(Percentile.P50).get(0).test != null, "p50 still carries a verdict");
        Conclusion.Fastest c = conclusionAt(a, Percentile.P99, Conclusion.Kind.FASTEST, Conclusion.Fastest.class);
        assertEquals(1, c.host.byTail);

        f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9);
        f.withTail = true;
        f.notJvmShare = 0.2; // mostly the JVM's: the tail carries verdicts
        assertEquals(0, f.analyse(dir).hostPairs(Percentile.P99).accounted());
    }

    @Test
    void onlyAPairWhoseTwoTailsAreMostlyTheHostsIsCountedAsTheHosts() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 2.0, 2.2, 1.8, 2.1, 1.9)
                .jvm("c", 1.5, 1.6, 1.4, 1.55, 1.45).jvm("d", 3.0, 3.1, 2.9, 3.05, 2.95);
        f.withTail = true;
        f.notJvmShare = 0.2;
        f.notJvmShareOf.put("c", 0.9);
        f.notJvmShareOf.put("d", 0.9);
        Analysis a = f.analyse(dir);
        // p99 (the fixture's runs have no sample beyond their p99.99 to explain, so the tail rule cannot judge there)
        for (Percentile p : new Percentile[] {Percentile.P99}) {
            assertNotNull(pair(a, p, "a", "b").test, "c's and d's tails are not a's or b's: " + p);
            assertNotNull(pair(a, p, "a", "c").test, "c's tail alone does not withhold a/c: " + p);
            assertNotNull(pair(a, p, "b", "d").test, "d's tail alone does not withhold b/d: " + p);
            assertTrue(pair(a, p, "c", "d").hostAccounts(), "both tails mostly the host's: " + p);
            assertNotNull(pair(a, p, "c", "d").test, "and still tested: " + p);
            assertEquals(1, a.hostPairs(p).byTail);
            assertEquals(6, a.hostPairs(p).pairs);
        }
        assertEquals(6 * 4, a.comparisons);
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
