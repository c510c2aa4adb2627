package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BudgetTest {
    private static final String REPORTED = "(p50, p90, p99, p99.9, p99.99, p99.999)";

    @Test
    void aBudgetIsAReportedPercentileAndALatencyWithItsUnit() {
        assertEquals(new Budget(99.99, 20_000), Budget.parse("p99.99=20us"));
        assertEquals(new Budget(99, 1_000_000), Budget.parse("p99=1ms"));
        assertEquals(new Budget(50, 1_500), Budget.parse("P50=1.5µs"));
        assertEquals(new Budget(99.9, 250_000), Budget.parse("p99.9=250us"));
    }

    @Test
    void aBadBudgetIsOneLineSayingWhatIsWrong() {
        assertEquals("'p99=5' has no unit: write ns, us, ms or s (p99=1ms)", message("p99=5"));
        assertEquals("'p98=5ms': p98 is not a percentile the tool reports " + REPORTED, message("p98=5ms"));
        assertEquals("'p99=0ms': a budget must be at least 1 ns", message("p99=0ms"));
        assertEquals("'99=1ms' is not a budget: write a percentile and a latency, e.g. p99=1ms or p99.99=20us",
                message("99=1ms"));
        assertEquals("'p100=1ms': p100 is not a percentile the tool reports " + REPORTED, message("p100=1ms"),
                "the worst is one sample: no budget");
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Budget.parse(text)).getMessage();
    }
}
