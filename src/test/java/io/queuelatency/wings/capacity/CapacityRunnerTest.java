package io.queuelatency.wings.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Settings;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The capacity search against a fake study: a known knee, a noisy one, the rate rule, steps that cannot run, the time
 * allowed, a resumed search.
 */
class CapacityRunnerTest {
    private static final long S = 1_000_000_000L;

    /**
     * A study whose p99 is 200 us up to the knee and 5 ms above it; above {@code keeps} the producer cannot keep the
     * rate.
     */
    private static final class FakeStudy implements CapacityRunner.Cells {
        final MatrixPlan plan;
        final Map<CellId, RunResult> results = new HashMap<>();
        final Map<CellId, CellOutcome> done = new HashMap<>();
        final List<CellId> ran = new ArrayList<>();
        long knee;
        long keeps = Long.MAX_VALUE;
        /** Where the runs of a step disagree: run 1 holds, the others break. */
        LongPredicate noisy = rate -> false;
        long now;
        /** Rates whose runs refuse their options (exit 2), as a run that finds its queue will not fit. */
        LongPredicate refused = rate -> false;

        FakeStudy(MatrixPlan plan, long knee) {
            this.plan = plan;
            this.knee = knee;
        }

        @Override
        public CellOutcome finished(CellId cell) {
            return done.get(cell);
        }

        @Override
        public CellOutcome run(CellId cell, String heading) {
            ran.add(cell);
            now += cellNs(plan.jvm(cell.jvm));
            if (refused.test(cell.rate)) {
                CellOutcome o = new CellOutcome(cell, CellOutcome.Status.FAILED, 2,
                        "exit code 2: queue-latency: not enough space in /dev/shm", 1,
                        Collections.<String>emptyList());
                done.put(cell, o);
                return o;
            }
            boolean slow = cell.rate > knee || noisy.test(cell.rate) && cell.run > 1;
            RunResultBuilder b = new RunResultBuilder();
            b.rate = cell.rate;
            b.achieved = cell.rate > keeps ? cell.rate * 0.7 : cell.rate;
            Histogram h = new Histogram(3_600_000_000_000L, 3);
            for (int i = 0; i < 1000; i++) {
                h.recordValue(i < 980 ? 50_000 : slow ? 5_000_000 : 200_000);
            }
            Histogram floor = new Histogram(3_600_000_000_000L, 3);
            floor.recordValue(1_000);
            b.latency(h, h);
            b.floor = RunResultBuilder.floor(floor, 20, 20);
            RunResult r = b.build();
            results.put(cell, r);
            CellOutcome o = new CellOutcome(cell, r.valid() ? CellOutcome.Status.VALID : CellOutcome.Status.INVALID, 0,
                    r.valid() ? null : RunWords.joinedReasons(r.validity.invalidReasons), 20,
                    Collections.<String>emptyList());
            done.put(cell, o);
            return o;
        }

        @Override
        public RunResult result(CellId cell) {
            return results.get(cell);
        }

        @Override
        public long cellNs(MatrixPlan.PlannedJvm jvm) {
            return 30 * S;
        }
    }

    private static MatrixPlan plan(int runs, String budget, String... jvms) {
        MatrixPlan plan = new MatrixPlan();
        plan.settings = Settings.builder().rate(100_000).size(256).runs(runs).build();
        for (String id : jvms) {
            MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
            j.id = id;
            j.label = id;
            j.available = true;
            plan.jvms.add(j);
        }
        plan.capacity = new MatrixPlan.CapacityPlan();
        plan.capacity.budgets.add(Budget.parse(budget));
        plan.capacity.maxRate = 10_000_000;
        plan.capacity.minRate = 1_000;
        plan.capacity.timeLimitNs = 6 * 3600 * S;
        return plan;
    }

    private static CapacityRunner runner(MatrixPlan plan, FakeStudy study, LongFunction<String> check) {
        return new CapacityRunner(plan, study, check, () -> study.now, line -> { }, () -> { });
    }

    @Test
    void aKnownKneeIsFoundWithinOneStep() throws Exception {
        for (long knee : new long[] {150_000, 730_000, 1_900_000, 60_000}) {
            MatrixPlan plan = plan(2, "p99=1ms", "a");
            FakeStudy study = new FakeStudy(plan, knee);
            CapacityRunner r = runner(plan, study, rate -> null);
            assertTrue(r.run());
            CapacitySearch s = r.searches().get("a");
            CapacitySearch.Bracket b = s.bracket();
            assertTrue(b.held <= knee && knee < b.broke,
                    knee + ": the knee lies in the bracket " + b.held + "-" + b.broke);
            assertTrue(b.broke <= b.held * 1.1,
                    knee + ": the bracket is one step of the resolution wide at most: " + b.held + "-" + b.broke);
            assertTrue(s.steps().size() <= s.mostSteps(), "within the most steps the plan shows");
            assertEquals(2 * s.steps().size(), study.ran.size(), "each step is --runs fresh JVMs");
            assertEquals(SearchEnd.Way.WITHIN_RESOLUTION, s.end().kind, knee + ": the search's own end");
            assertEquals(0.1, s.end().resolution);
        }
    }

    @Test
    void aNoisyKneeGivesAWiderBracketAroundIt() throws Exception {
        MatrixPlan plan = plan(2, "p99=1ms", "a");
        FakeStudy study = new FakeStudy(plan, 1_000_000);
        // from 300k the second run breaks: a knee somewhere in 300k..1M, runs disagreeing
        study.noisy = rate -> rate >= 300_000;
        CapacityRunner r = runner(plan, study, rate -> null);
        assertTrue(r.run());
        CapacitySearch s = r.searches().get("a");
        CapacitySearch.Bracket b = s.bracket();
        assertEquals(200_000, b.held);
        assertEquals(400_000, b.broke, "the mixed step is the bracket's upper end");
        assertEquals(CapacitySearch.StepOutcome.MIXED, s.steps().get(s.steps().size() - 1).outcome);
        SearchEnd end = s.end();
        assertEquals(SearchEnd.Way.MIXED, end.kind);
        assertEquals(400_000, end.step.rate, "the runs disagree at the mixed step");
        assertEquals(1, end.step.notHeld(), "of its 2 counted runs, the second broke");
        assertEquals(2, end.step.counted());
        assertTrue(b.broke > b.held * 1.1, "wider than a clean knee's");
    }

    @Test
    void aProducerThatCannotKeepTheRateIsAboveCapacityNotACrash() throws Exception {
        MatrixPlan plan = plan(1, "p99=1ms", "a");
        FakeStudy study = new FakeStudy(plan, Long.MAX_VALUE);
        study.keeps = 700_000;
        CapacityRunner r = runner(plan, study, rate -> null);
        assertTrue(r.run());
        CapacitySearch s = r.searches().get("a");
        assertTrue(s.bracket().held <= 700_000 && s.bracket().broke > 700_000);
        CapacitySearch.Step broke = null;
        for (CapacitySearch.Step step : s.steps()) {
            if (step.rate == s.bracket().broke) {
                broke = step;
            }
        }
        assertNotNull(broke);
        assertEquals(1, broke.brokeBy().size());
        assertEquals(CapacitySearch.JudgedRun.Outcome.RATE_NOT_HELD, broke.brokeBy().get(0).kind);
    }

    @Test
    void aStepThatCannotRunEndsThatJvmsSearchWithWhatItFound() throws Exception {
        MatrixPlan plan = plan(1, "p99=1ms", "a", "b");
        FakeStudy study = new FakeStudy(plan, 5_000_000);
        String noSpace = "not enough space in /dev/shm";
        CapacityRunner r = runner(plan, study, rate -> rate > 1_000_000 ? noSpace : null);
        assertTrue(r.run());
        CapacitySearch.Bracket b = r.searches().get("a").bracket();
        assertEquals(800_000, b.held);
        assertEquals(0, b.broke, "nothing broke: the capacity is above what could run");
        String ended = plan.capacity.ended.get("a");
        assertTrue(ended.contains(" 1,600,000 ") && ended.endsWith(": " + noSpace),
                "the rate, then the controller's own reason: " + ended);
        assertEquals(SearchEnd.Way.STOPPED, r.searches().get("a").end().kind);
        assertEquals(Long.valueOf(1_600_000), plan.capacity.notRun.get("b"));
    }

    @Test
    void aRunThatRefusesItsOptionsAtARateIsNotABreakButTheSearchsEnd() throws Exception {
        MatrixPlan plan = plan(1, "p99=1ms", "a");
        FakeStudy study = new FakeStudy(plan, 5_000_000);
        study.refused = rate -> rate >= 400_000; // the controller's check passed, the run's own did not
        CapacityRunner r = runner(plan, study, rate -> null);
        assertTrue(r.run());
        CapacitySearch s = r.searches().get("a");
        assertEquals(200_000, s.bracket().held);
        assertEquals(0, s.bracket().broke, "not a rate that did not hold: one that could not run");
        assertEquals(CapacitySearch.StepOutcome.NOT_JUDGED, s.steps().get(s.steps().size() - 1).outcome);
        SearchEnd end = s.end();
        assertEquals(SearchEnd.Way.NO_RUN_COUNTED, end.kind);
        assertEquals(CapacitySearch.JudgedRun.Outcome.REFUSED, end.step.runs.get(0).kind, "its options were refused");
    }

    @Test
    void theTimeAllowedIsRespected() throws Exception {
        MatrixPlan plan = plan(2, "p99=1ms", "a", "b");
        plan.capacity.timeLimitNs = 10 * 60 * S; // ten minutes; a round of 2 JVMs x 2 runs takes 2 min
        FakeStudy study = new FakeStudy(plan, 730_000);
        CapacityRunner r = runner(plan, study, rate -> null);
        assertTrue(r.run());
        assertTrue(study.now <= plan.capacity.timeLimitNs,
                "no step started that would pass the time allowed: " + study.now / S + " s");
        assertEquals(5, study.ran.size() / 4, "five rounds fit in ten minutes");
        assertEquals(new java.util.TreeSet<>(java.util.Arrays.asList("a", "b")), plan.capacity.ended.keySet(),
                "both searches ended by the time allowed");
        assertTrue(plan.capacity.ended.get("a").contains("--time-budget "
                + io.queuelatency.text.Durations.format(plan.capacity.timeLimitNs)), plan.capacity.ended.get("a"));
    }

    @Test
    void aResumedSearchReplaysItsFinishedCellsAndGoesOn() throws Exception {
        MatrixPlan plan = plan(1, "p99=1ms", "a");
        FakeStudy study = new FakeStudy(plan, 730_000);
        runner(plan, study, rate -> null).run();
        List<CellId> first = new ArrayList<>(study.ran);
        study.ran.clear();
        for (CellId c : first.subList(3, first.size())) {
            study.done.remove(c); // as if stopped after three steps
        }
        CapacityRunner again = runner(plan, study, rate -> null);
        assertTrue(again.run());
        assertEquals(first.subList(3, first.size()), study.ran, "the same steps, the finished ones not run again");
        assertEquals(first, plan.cells);
    }

    @Test
    void aBudgetBelowTheFloorJustMeasuredIsBadInput() {
        MatrixPlan plan = plan(1, "p99=500ns", "a");
        FakeStudy study = new FakeStudy(plan, 730_000);
        BadInputException e = assertThrows(BadInputException.class, () -> runner(plan, study, rate -> null).run());
        assertTrue(e.getMessage().startsWith("--sla p99 ≤ 500 ns ") && !e.getMessage().contains("\n"), e.getMessage());
        assertEquals(1, study.ran.size(), "found after the first step");
    }
}
