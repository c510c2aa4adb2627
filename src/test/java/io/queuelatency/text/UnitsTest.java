package io.queuelatency.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void latenciesInTheUnitThatFitsWithThreeDigits() {
        assertEquals("832 ns", Units.ns(832));
        assertEquals("12.3 µs", Units.ns(12_345));
        assertEquals("2.24 ms [0.990, 5.08]", Units.withInterval(2_241_832, 990_302, 5_075_029));
        assertEquals("1.00 ms", Units.ns(999_600), "not 1,000 µs");
        assertEquals("999 µs", Units.ns(999_400));
    }

    @Test
    void anIntervalIsInItsValuesUnitShownOnceToThreeSignificantDigits() {
        assertEquals("2.24 ms [0.0188, 5.08]", Units.withInterval(2_241_832, 18_812, 5_075_029), "not 18.8 µs");
        assertEquals("764 µs [512, 2860]", Units.withInterval(764_000, 512_000, 2_857_000), "not 2,857 nor 2.86 ms");
        assertEquals("1.44 ms [0, 2.00]", Units.withInterval(1_437_000, 0, 2_000_000));
        assertEquals("1.13 µs [0.613, 1.78]", Units.withInterval(1_130, 613, 1_780), "the issue's bound, unit shown");
    }

    @Test
    void aShareJudgedAgainstARuleNeverReadsAsTheRuleItFailed() {
        assertEquals("49.5%", Units.shareAgainst(0.4951, 0.5), "not 50% beside the 50% rule it failed");
        assertEquals("50%", Units.shareAgainst(0.5, 0.5));
        assertEquals("50%", Units.shareAgainst(0.5049, 0.5));
        assertEquals("49.9%", Units.shareAgainst(0.49949, 0.5));
        assertEquals("93%", Units.shareAgainst(0.93, 0.5));
    }

    @Test
    void theAnswersCompactIntervalIsInTheValuesUnitWrittenOnceWithThreeDigitsAndNoGroupingComma() {
        assertEquals("582 ns [578, 697]", Units.withInterval(582, 578, 697));
        assertEquals("76.2 µs [50.7, 651]", Units.withInterval(76_200, 50_700, 651_000));
        assertEquals("566 µs [369, 1850]", Units.withInterval(566_000, 369_000, 1_849_700), "not [369, 1,850]");
        assertEquals("2.24 ms [0.0188, 5.08]", Units.withInterval(2_241_832, 18_812, 5_075_029));
    }

    @Test
    void anIntervalWiderThanAHundredfoldIsShownAsABoundNotAsDigitsOfAnOverflow() {
        // two runs a side at a Bonferroni level give intervals like [1e-6, 1e12]: no digits of those mean anything
        String low = Units.change(1e-6);
        String high = Units.change(Double.POSITIVE_INFINITY);
        assertTrue(low.endsWith(" x0.01") && high.endsWith(" x100") && !low.equals(high.replace("x100", "x0.01")),
                "bounds, below and above: " + low + ", " + high);
        assertEquals("+12.3%", Units.change(1.123));
        assertEquals("-4.0%", Units.change(0.96));
        assertEquals("over 100", Units.ratio(7.7e10));
        assertEquals("under 0.01", Units.ratio(0));
        assertEquals("0.73", Units.ratio(0.7312));
        assertEquals(7.7e12, Units.changePercent(7.7e10), 1e3, "compare.json keeps the value, no overflow of a long");
    }
}
