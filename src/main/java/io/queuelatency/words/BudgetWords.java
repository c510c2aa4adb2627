package io.queuelatency.words;

import io.queuelatency.result.Budget;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;

/** A capacity search's budgets in the words every report and line uses. */
public final class BudgetWords {
    private BudgetWords() {
    }

    /** "p99 ≤ 1.00 ms". */
    public static String text(Budget b) {
        return b.percentile().name() + " ≤ " + Units.ns(b.limitNs);
    }

    /** "p99 ≤ 1.00 ms and p99.99 ≤ 20.0 µs". */
    public static String text(List<Budget> budgets) {
        List<String> text = new ArrayList<>();
        for (Budget b : budgets) {
            text.add(text(b));
        }
        return String.join(" and ", text);
    }
}
