package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void aBadBudgetIsOneLineNamingItAndWhatToWrite() {
        refused("p99=5", "(p99=1ms)");
        refused("p98=5ms", "p98", REPORTED);
        refused("p99=0ms", "1 ns");
        refused("99=1ms", "p99=1ms");
        refused("p100=1ms", "p100", REPORTED);
    }

    /** {@code text} is refused in one line that starts by quoting it and names each of {@code values}. */
    private static void refused(String text, String... values) {
        String message = message(text);
        assertTrue(message.startsWith("'" + text + "'") && !message.contains("\n"), message);
        for (String v : values) {
            assertTrue(message.contains(v), v + " in " + message);
        }
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Budget.parse(text)).getMessage();
    }
}
