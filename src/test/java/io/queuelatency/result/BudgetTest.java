package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BudgetTest {
    @Test
    void aBudgetIsAReportedPercentileAndALatencyWithItsUnit() {
        assertEquals(new Budget(99.99, 20_000), Budget.parse("p99.99=20us"));
        assertEquals(new Budget(99, 1_000_000), Budget.parse("p99=1ms"));
        assertEquals(new Budget(50, 1_500), Budget.parse("P50=1.5µs"));
        assertEquals("p99.9 ≤ 250 µs", Budget.parse("p99.9=250us").toString());
    }

    @Test
    void aBadBudgetIsOneLineSayingWhatIsWrong() {
        assertTrue(message("p99=5").contains("has no unit"));
        assertTrue(message("p98=5ms").contains("p98 is not a percentile the tool reports (p50, p90, p99, p99.9, p99.99, p99.999)"));
        assertTrue(message("p99=0ms").contains("at least 1 ns"));
        assertTrue(message("99=1ms").contains("is not a budget"));
        assertTrue(message("p100=1ms").contains("not a percentile the tool reports"), "the worst is one sample: no budget");
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Budget.parse(text)).getMessage();
    }
}
