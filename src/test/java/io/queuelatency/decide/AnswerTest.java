package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.MedianRatio;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Which JVM on this host?" as facts: the rows' order, the leader's standing, each JVM's against it. */
class AnswerTest {
    @TempDir
    Path dir;

    private static List<String> ids(List<Answer.JvmRow> rows) {
        List<String> ids = new ArrayList<>();
        rows.forEach(r -> ids.add(r.jvm.id));
        return ids;
    }

    private static PairVerdict pair(Analysis a, Percentile p, String x, String y) {
        for (PairVerdict v : a.verdictsAt(p)) {
            if (v.first.id.equals(x) && v.second.id.equals(y) || v.first.id.equals(y) && v.second.id.equals(x)) {
                return v;
            }
        }
        throw new AssertionError("no pair " + x + "/" + y);
    }

    @Test
    void rowsRunFastestMedianFirstAndTheLeaderDecidedFasterThanEveryOtherIsTheFastest() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98, 2.04, 1.96, 2.01)
                .jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99, 1.02, 0.98, 1.005)
                .jvm("middle", 1.5, 1.52, 1.48, 1.51, 1.49, 1.53, 1.47, 1.505).jvm("broken", 1.0, 1.0);
        f.invalidCells.add("broken-run1");
        f.invalidCells.add("broken-run2");
        Analysis a = f.analyse(dir);
        List<Answer.JvmRow> rows = Answer.of(a);
        assertEquals(java.util.Arrays.asList("quick", "middle", "slow", "broken"), ids(rows),
                "by p50 estimate, the JVM whose runs do not count last; the unavailable JVM not at all");
        assertSame(Answer.Standing.FASTEST, rows.get(0).atMedian.standing);
        assertSame(a.winner(Percentile.P50), rows.get(0).jvm);
        for (int i = 0; i < 3; i++) {
            Answer.JvmRow r = rows.get(i);
            for (int c = 0; c < Answer.COLUMNS.size(); c++) {
                assertSame(a.estimate(r.jvm, Definition.INTENDED, Answer.COLUMNS.get(c)), r.estimates.get(c),
                        "the analysis's own estimate, not a copy");
            }
        }
        assertSame(Answer.Standing.NOT_VALID, rows.get(3).atMedian.standing);
        assertNull(rows.get(3).estimates);
    }

    @Test
    void aSlowerJvmCarriesThePairsRatioTurnedToTheLeaderWithItsInterval() throws Exception {
        Analysis a = new MatrixFixture().jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98)
                .jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99).analyse(dir);
        Answer.Place slow = Answer.of(a).get(1).atMedian;
        assertSame(Answer.Standing.SLOWER, slow.standing);
        assertEquals("quick", slow.leader.id);
        MedianRatio test = pair(a, Percentile.P50, "slow", "quick").test; // slow first: slow over quick
        assertEquals(test.ratio, slow.ratio, 0);
        assertEquals(test.low, slow.low, 0);
        assertEquals(test.high, slow.high, 0);
        double estimates = a.estimate(a.jvms.get(0), Definition.INTENDED, Percentile.P50).value
                / a.estimate(a.jvms.get(1), Definition.INTENDED, Percentile.P50).value; // slow's over quick's
        assertEquals(estimates, slow.ratio, 0.002 * estimates, "the ratio of the two estimates shown");
        assertTrue(slow.low > 1 && slow.low < slow.ratio && slow.ratio < slow.high);
    }

    @Test
    void theLeaderOrderedSecondInThePlanTurnsTheRatioOver() throws Exception {
        Analysis a = new MatrixFixture().jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99)
                .jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98).analyse(dir);
        Answer.Place slow = Answer.of(a).get(1).atMedian;
        MedianRatio test = pair(a, Percentile.P50, "quick", "slow").test; // quick first: quick over slow
        assertEquals(1 / test.ratio, slow.ratio, 1e-12);
        assertEquals(1 / test.high, slow.low, 1e-12);
        assertEquals(1 / test.low, slow.high, 1e-12);
    }

    @Test
    void anEquivalentPairLeavesTheLeaderTheLowestEstimateOnly() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0, 1.002, 0.998, 1.001, 0.999)
                .jvm("b", 1.03, 1.032, 1.028, 1.031, 1.029).analyse(dir);
        List<Answer.JvmRow> rows = Answer.of(a);
        assertSame(Answer.Standing.LOWEST_ESTIMATE, rows.get(0).atMedian.standing);
        assertSame(Answer.Obstacle.EQUIVALENT_TO_OTHERS, rows.get(0).atMedian.why);
        assertEquals(1, rows.get(0).atMedian.runsNeeded, "pairs equivalent to it");
        assertSame(Answer.Standing.EQUIVALENT, rows.get(1).atMedian.standing);
        assertNull(rows.get(1).atMedian.why);
    }

    @Test
    void anUndecidedPairSaysHowManyRunsWouldDecideAndAJvmOfOneRunSaysSo() throws Exception {
        // 20% apart, 2% run to run: 3 runs each cannot reach the level of 4 comparisons, 5 each would
        Analysis near = new MatrixFixture().jvm("quick", 1.0, 1.02, 0.98).jvm("other", 1.2, 1.22, 1.18)
                .analyse(java.nio.file.Files.createDirectory(dir.resolve("near")));
        Answer.Place other = Answer.of(near).get(1).atMedian;
        assertSame(Answer.Standing.UNDECIDED, other.standing);
        assertSame(Answer.Obstacle.LEVEL, other.why, "3 runs each cannot reach 5% / 4 whatever they show");
        assertEquals(pair(near, Percentile.P50, "quick", "other").test.runsNeeded, other.runsNeeded);
        assertEquals(5, other.runsNeeded);

        // about 10% apart, 30% run to run: more runs than four times those at hand, so the spread is said first
        Analysis a = new MatrixFixture().jvm("wide", 1.0, 1.6, 0.7, 1.3, 0.8, 1.1)
                .jvm("other", 1.1, 1.5, 0.8, 1.2, 0.9, 1.0).analyse(dir);
        Answer.Place wide = Answer.of(a).get(1).atMedian;
        assertSame(Answer.Obstacle.SPREAD, wide.why);
        assertEquals(pair(a, Percentile.P50, "wide", "other").test.runsNeeded, wide.runsNeeded);
        assertTrue(wide.runsNeeded > PairVerdict.SPREAD_BOUND * 6, "runs needed " + wide.runsNeeded);

        Analysis one = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0)
                .analyse(java.nio.file.Files.createDirectory(dir.resolve("one")));
        List<Answer.JvmRow> rows = Answer.of(one);
        assertSame(Answer.Obstacle.ONE_RUN, rows.get(0).atMedian.why);
        assertSame(Answer.Standing.LOWEST_ESTIMATE, rows.get(0).atMedian.standing);
        assertSame(Answer.Obstacle.ONE_RUN, rows.get(1).atMedian.why);
        assertTrue(rows.get(1).tail.isEmpty(), "no decided verdict in the tail");
    }

    @Test
    void aTailVerdictIsKeptOnlyWhereDecidedAndAgainstThatPercentilesLeader() throws Exception {
        Analysis a = new MatrixFixture().jvm("slow", 2.0, 2.06, 1.94, 2.02, 1.98)
                .jvm("quick", 1.0, 1.03, 0.97, 1.01, 0.99).analyse(dir);
        for (Answer.JvmRow r : Answer.of(a)) {
            for (Answer.Place t : r.tail) {
                assertNull(t.why);
                assertTrue(Percentile.HEADLINE.contains(t.percentile) && !Percentile.P50.equals(t.percentile));
                assertSame(a.ranking(t.percentile).get(0), t.leader);
                assertSame(t.leader == r.jvm ? Answer.Standing.FASTEST : Answer.Standing.SLOWER, t.standing);
            }
        }
    }
}
