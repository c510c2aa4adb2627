package io.queuelatency.wings.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.ExitCode;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Reason;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** One JVM's capacity search as facts: each run of a step judged by kind, and why the search ended. */
class CapacitySearchTest {
    private static final List<Budget> P99_1MS = Collections.singletonList(Budget.parse("p99=1ms"));
    private static final CellId CELL = new CellId("a", null, 100_000L, 1);

    /** A run whose p99 is {@code p99Ns}: 1% of its samples there, the rest at 50 µs. */
    private static RunResultBuilder run(long p99Ns) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < 1000; i++) {
            h.recordValue(i < 985 ? 50_000 : p99Ns);
        }
        return new RunResultBuilder().latency(h, h);
    }

    private static CapacitySearch.JudgedRun judged(CellOutcome.Status status, int exit, RunResult result) {
        String reason = status == CellOutcome.Status.VALID ? null : "its reason";
        CellOutcome o = new CellOutcome(CELL, status, exit, reason, 20, Collections.<String>emptyList());
        List<CapacitySearch.StepRun> runs = Collections.singletonList(new CapacitySearch.StepRun(o, result));
        return CapacitySearch.judge(100_000, runs, P99_1MS).runs.get(0);
    }

    private static CapacitySearch.JudgedRun judged(RunResult result) {
        return judged(result.valid() ? CellOutcome.Status.VALID : CellOutcome.Status.INVALID, 0, result);
    }

    @Test
    void aValidRunHoldsWithinItsBudgetAndBreaksOverIt() {
        CapacitySearch.JudgedRun within = judged(run(800_000).build());
        assertEquals(CapacitySearch.JudgedRun.Outcome.HELD, within.kind);
        assertTrue(within.counted && within.held);
        assertFalse(within.broke());
        assertEquals(800_000, within.valueNs(P99_1MS.get(0)).getAsLong(), 800_000 / 1000.0,
                "the value at p99, judged against 1 ms");
        assertFalse(within.over(P99_1MS.get(0)));

        CapacitySearch.JudgedRun over = judged(run(2_000_000).build());
        assertEquals(CapacitySearch.JudgedRun.Outcome.OVER_BUDGET, over.kind);
        assertTrue(over.counted && !over.held);
        assertEquals(P99_1MS.get(0), over.overBudget());
        assertTrue(over.over(P99_1MS.get(0)));
    }

    @Test
    void aProducerThatCannotKeepTheRateBreaksTheStepAndAnotherInvalidRunDoesNotCount() {
        RunResultBuilder slow = run(800_000);
        slow.achieved = 70_000;
        CapacitySearch.JudgedRun rate = judged(slow.build());
        assertEquals(CapacitySearch.JudgedRun.Outcome.RATE_NOT_HELD, rate.kind);
        assertTrue(rate.counted && !rate.held);
        assertTrue(rate.broke());
        assertEquals(Collections.singletonList(new Reason.RateNotHeld(70_000, 100_000, 1.0, -1)), rate.invalidReasons);

        RunResultBuilder gc = run(800_000);
        gc.gcCount = 1;
        gc.gcTimeMs = 7;
        CapacitySearch.JudgedRun notCounted = judged(gc.build());
        assertEquals(CapacitySearch.JudgedRun.Outcome.NOT_COUNTED, notCounted.kind);
        assertFalse(notCounted.counted);
        assertFalse(notCounted.broke());
        assertEquals(Collections.singletonList(new Reason.GcInWindow(1, 7)), notCounted.invalidReasons);
    }

    @Test
    void aFailedRunBreaksTheStepWhileRefusedOptionsOrNoResultDoNotCount() {
        CapacitySearch.JudgedRun failed = judged(CellOutcome.Status.FAILED, 1, null);
        assertEquals(CapacitySearch.JudgedRun.Outcome.FAILED, failed.kind);
        assertTrue(failed.counted && !failed.held);
        assertTrue(failed.broke());
        assertEquals("its reason", failed.cellReason);

        CapacitySearch.JudgedRun timedOut = judged(CellOutcome.Status.TIMEOUT, 0, null);
        assertEquals(CapacitySearch.JudgedRun.Outcome.FAILED, timedOut.kind);

        CapacitySearch.JudgedRun refused = judged(CellOutcome.Status.FAILED, ExitCode.BAD_INPUT.code, null);
        assertEquals(CapacitySearch.JudgedRun.Outcome.REFUSED, refused.kind);
        assertFalse(refused.counted);

        CapacitySearch.JudgedRun none = judged(CellOutcome.Status.INVALID, 3, null);
        assertEquals(CapacitySearch.JudgedRun.Outcome.NO_RESULT, none.kind);
        assertFalse(none.counted);
    }

    /** A step at the search's next rate with runs of these outcomes. */
    private static void step(CapacitySearch s, CapacitySearch.StepOutcome outcome) {
        s.record(new CapacitySearch.Step(s.next(), outcome, Collections.<CapacitySearch.JudgedRun>emptyList()));
    }

    @Test
    void aSearchEndsByItsOwnRuleWithTheFactsOfWhy() {
        CapacitySearch up = new CapacitySearch(100_000, 1_000, 400_000, 2, 0.1);
        for (int i = 0; i < 3; i++) {
            step(up, CapacitySearch.StepOutcome.HELD);
        }
        assertEquals(SearchEnd.Way.HELD_AT_MOST, up.end().kind, "100k, 200k, 400k held");
        assertEquals(400_000, up.end().rate);
        assertEquals(-1, up.next());

        CapacitySearch down = new CapacitySearch(4_000, 1_000, 400_000, 2, 0.1);
        for (int i = 0; i < 3; i++) {
            step(down, CapacitySearch.StepOutcome.BROKE);
        }
        assertEquals(SearchEnd.Way.BROKE_AT_LEAST, down.end().kind, "4k, 2k, 1k broke");
        assertEquals(1_000, down.end().rate);

        CapacitySearch mixed = new CapacitySearch(100_000, 1_000, 400_000, 2, 0.1);
        step(mixed, CapacitySearch.StepOutcome.HELD);
        step(mixed, CapacitySearch.StepOutcome.MIXED);
        SearchEnd end = mixed.end();
        assertEquals(SearchEnd.Way.MIXED, end.kind);
        assertEquals(200_000, end.step.rate);
        assertEquals(100_000, end.bracket.held);
        assertEquals(200_000, end.bracket.broke);
        assertEquals(0.1, end.resolution);

        CapacitySearch unjudged = new CapacitySearch(100_000, 1_000, 400_000, 2, 0.1);
        step(unjudged, CapacitySearch.StepOutcome.NOT_JUDGED);
        assertEquals(SearchEnd.Way.NO_RUN_COUNTED, unjudged.end().kind);
        assertTrue(unjudged.cutShort());
    }

    @Test
    void aSearchWithinItsResolutionEndsThereAndAStopFromOutsideKeepsItsWords() {
        CapacitySearch s = new CapacitySearch(100_000, 1_000, 10_000_000, 2, 0.1);
        List<CapacitySearch.StepOutcome> outcomes = new ArrayList<>(Arrays.asList(CapacitySearch.StepOutcome.HELD,
                CapacitySearch.StepOutcome.BROKE));
        while (s.end() == null) {
            step(s, outcomes.isEmpty() ? (s.next() <= 150_000 ? CapacitySearch.StepOutcome.HELD
                    : CapacitySearch.StepOutcome.BROKE) : outcomes.remove(0));
        }
        assertEquals(SearchEnd.Way.WITHIN_RESOLUTION, s.end().kind);
        assertTrue(s.bracket().broke <= s.bracket().held * 1.1, s.bracket().held + "-" + s.bracket().broke);
        assertFalse(s.cutShort());

        s.stop("the time allowed ends");
        assertEquals(SearchEnd.Way.STOPPED, s.end().kind);
        assertEquals("the time allowed ends", s.end().why);
        assertTrue(s.cutShort());
    }
}
