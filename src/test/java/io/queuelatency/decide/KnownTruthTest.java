package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.stats.MedianRatio;
import java.util.Random;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/**
 * The engine against known truth, both ways, under --runs auto's repeated looks: {@value #MATRICES} synthetic
 * matrices of two JVMs each ({@link SyntheticRounds}: runs drawn log-normal around each JVM's median, 10% run to run
 * at p50 up to 100% at p99.99), decided look by look by the real {@link Analysis} and {@link AutoRuns}, with the
 * default time budget's looks (8 rounds: looks after rounds 5, 6 and 8).
 * <ul>
 *   <li>the null, the same JVM under two labels (the label-shuffle test): at most 5% of the matrices, plus the
 *       binomial allowance of {@value #MATRICES} draws, give any false verdict at any look;</li>
 *   <li>a planted difference, the second JVM twice as slow: at least 95% decide it at the median with the right sign,
 *       and again at most 5% (plus the allowance) give any verdict that is not so.</li>
 * </ul>
 * The measured counterpart on real JVMs (C1 only against C2, and one JVM under two labels) is bench/verdicts.sh.
 */
class KnownTruthTest {
    private static final int MATRICES = 400;
    /** The default budget's rounds: --runs auto's looks after rounds 5, 6 and 8. */
    private static final int ROUNDS = 8;
    /** The most false verdicts a 5% rate gives in {@value #MATRICES} matrices but once in a thousand. */
    private static final int ALLOWED = new BinomialDistribution(null, MATRICES, MedianRatio.FAMILY_ALPHA)
            .inverseCumulativeProbability(0.999);

    @Test
    void theSameJvmUnderTwoLabelsGivesAFalseVerdictInAtMostFivePercentOfMatrices() {
        Random random = new Random(27);
        int falseVerdicts = 0;
        int runs = 0;
        for (int i = 0; i < MATRICES; i++) {
            SyntheticRounds.Outcome o = SyntheticRounds.replay(random, 1, ROUNDS);
            falseVerdicts += o.anyFalse ? 1 : 0;
            runs += o.runs.get("first") + o.runs.get("second");
        }
        System.out.printf("null: %d of %d matrices with a false verdict at some look (allowed %d); %.1f runs each%n",
                falseVerdicts, MATRICES, ALLOWED, runs / (double) MATRICES);
        assertTrue(falseVerdicts <= ALLOWED, falseVerdicts + " of " + MATRICES + " matrices gave a false verdict");
    }

    @Test
    void aJvmTwiceAsSlowIsFoundSlowerAtTheMedianInAtLeast95PercentOfMatrices() {
        Random random = new Random(2027);
        int right = 0;
        int falseVerdicts = 0;
        int atFirstLook = 0;
        for (int i = 0; i < MATRICES; i++) {
            SyntheticRounds.Outcome o = SyntheticRounds.replay(random, 2, ROUNDS);
            right += o.p50 == MedianRatio.Decision.FIRST_FASTER ? 1 : 0;
            falseVerdicts += o.anyFalse ? 1 : 0;
            atFirstLook += o.looksTaken == 1 ? 1 : 0;
        }
        System.out.printf("planted 2x: %d of %d decided at p50 with the right sign; %d with a false verdict; %d "
                + "ended at the first look%n", right, MATRICES, falseVerdicts, atFirstLook);
        assertTrue(right >= 0.95 * MATRICES, right + " of " + MATRICES + " decided the planted difference at p50");
        assertTrue(falseVerdicts <= ALLOWED, falseVerdicts + " of " + MATRICES + " matrices gave a false verdict");
    }

    @Test
    void aMatrixDecidedAtEveryPercentileStopsAtTheFirstLook() {
        // A difference far beyond the spread at every percentile (1000x) is decided at p99.99 too, after the first
        // five rounds: no more runs are taken.
        SyntheticRounds.Outcome o = SyntheticRounds.replay(new Random(1), 1000, ROUNDS);
        assertEquals(MatrixPlan.AutoPlan.RoundsEnd.DECIDED, o.end);
        assertEquals(5, o.rounds);
        assertEquals(5, (int) o.runs.get("second"));
    }

    @Test
    void aMatrixThatCannotTellRunsEveryJvmToTheLastLook() {
        // The null at the tail never fits within 5% (100% spread run to run): open until the last look.
        SyntheticRounds.Outcome o = SyntheticRounds.replay(new Random(3), 1, ROUNDS);
        assertEquals(MatrixPlan.AutoPlan.RoundsEnd.LAST_LOOK, o.end);
        assertEquals(8, o.rounds);
        assertEquals(8, (int) o.runs.get("first"));
        assertEquals(8, (int) o.runs.get("second"));
    }
}
