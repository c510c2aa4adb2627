package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** A run judged from its facts: each rule it breaks is a reason of its kind with the numbers that broke it. */
class ValidityTest {
    @Test
    void aRunThatKeptEveryRuleIsValidWithNoReasonAndNoWarning() {
        RunResult r = new RunResultBuilder().build();
        assertTrue(r.valid());
        assertEquals(RunResult.RunStatus.VALID, r.status());
        assertTrue(r.validity.invalidReasons.isEmpty());
        assertTrue(r.validity.warnings.isEmpty());
    }

    @Test
    void eachBrokenRuleIsOneReasonWithItsNumbersInTheOrderTheRulesAreJudged() {
        RunResultBuilder b = new RunResultBuilder();
        b.lost = 5;
        b.achieved = 97_000;
        b.gcCount = 2;
        b.gcTimeMs = 11;
        RunResult r = b.build();
        assertEquals(RunResult.RunStatus.INVALID, r.status());
        assertEquals(Arrays.asList(new Reason.NotIntact(5, 0, 0, 0), new Reason.RateNotHeld(97_000, 100_000, 1.0, -1),
                new Reason.GcInWindow(2, 11)), r.validity.invalidReasons);
    }

    @Test
    void aFailedRunIsFailedNotStoppedEarlyAndAStoppedOneSaysHowFarItGot() {
        RunResultBuilder failed = new RunResultBuilder();
        failed.failure = "the producer thread died: boom";
        failed.stoppedEarly = true;
        RunResult f = failed.build();
        assertEquals(RunResult.RunStatus.FAILED, f.status());
        assertEquals(Collections.singletonList(new Reason.RunFailed("the producer thread died: boom")),
                f.validity.reasons(Reason.Rule.FAILED));
        assertTrue(f.validity.reasons(Reason.Rule.STOPPED_EARLY).isEmpty(),
                "a failure says why; stopping is its result");

        RunResultBuilder stopped = new RunResultBuilder();
        stopped.stoppedEarly = true;
        stopped.sent = 700_000;
        assertEquals(Collections.singletonList(new Reason.StoppedEarly(700_000, 1_500_000)),
                stopped.build().validity.reasons(Reason.Rule.STOPPED_EARLY));
    }

    @Test
    void aConsumerThatFellBehindBreaksTheRateRuleWithTheRateItHandledAndItsUnreadAreNotLost() {
        RunResultBuilder b = new RunResultBuilder();
        b.unread = 3_593;
        b.handled = 9_800.0;
        RunResult r = b.build();
        assertEquals(Collections.singletonList(new Reason.RateNotHeld(9_800, 100_000, 1.0, 3_593)),
                r.validity.invalidReasons, "the producer held the rate; the consumer's handling did not");
        assertTrue(r.validity.reasons(Reason.Rule.NOT_INTACT).isEmpty());

        RunResultBuilder keptUp = new RunResultBuilder();
        keptUp.unread = 2;
        keptUp.handled = 99_998.0;
        assertEquals(Collections.singletonList(new Reason.NotIntact(2, 0, 0, 0)),
                keptUp.build().validity.invalidReasons,
                "a consumer that kept the rate and never saw the last two: they are lost");

        RunResultBuilder failed = new RunResultBuilder();
        failed.unread = 3_593;
        failed.failure = "the consumer thread died: boom";
        assertTrue(failed.build().validity.reasons(Reason.Rule.RATE_NOT_HELD).isEmpty(), "a failure says why");
    }

    @Test
    void aProducerThatSentNothingBreaksTheRateRule() {
        RunResultBuilder b = new RunResultBuilder();
        b.achieved = 0;
        assertEquals(Collections.singletonList(new Reason.RateNotHeld(0, 100_000, 1.0, -1)),
                b.build().validity.reasons(Reason.Rule.RATE_NOT_HELD));
    }

    @Test
    void warningsDoNotInvalidateAndTheSetupsComeFirst() {
        RunResultBuilder b = new RunResultBuilder();
        b.maxSendLagNs = 8_538_000;
        b.lateSends = 69_467;
        b.setupWarnings.add(new Warning.PinFailed("consumer", 3, "no affinity here"));
        b.setupWarnings.add(new Warning.NoRoomForSendTime(20, Definition.ACTUAL));
        RunResult r = b.build();
        assertTrue(r.valid());
        assertEquals(Arrays.asList(new Warning.PinFailed("consumer", 3, "no affinity here"),
                new Warning.NoRoomForSendTime(20, Definition.ACTUAL), new Warning.ProducerBehind(8_538_000, 69_467)),
                r.validity.warnings);
        assertEquals(Collections.singletonList(new Warning.PinFailed("consumer", 3, "no affinity here")),
                r.pinFailures(),
                "the pins that did not take are the setup's warnings of that kind");
        assertFalse(r.validity.warnings(Warning.Concern.PRODUCER_BEHIND).isEmpty());
    }

    @Test
    void aProducerBehindByLessThanTheToleranceIsNoWarning() {
        RunResultBuilder b = new RunResultBuilder();
        b.maxSendLagNs = Validity.Tolerances.DEFAULT.lagWarningNs;
        b.lateSends = 3;
        assertTrue(b.build().validity.warnings.isEmpty());
    }
}
