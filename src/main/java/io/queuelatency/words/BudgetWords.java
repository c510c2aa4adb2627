package io.queuelatency.words;

import io.queuelatency.result.Budget;
import io.queuelatency.text.Units;
import java.util.List;
import java.util.stream.Collectors;

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
        return budgets.stream().map(BudgetWords::text).collect(Collectors.joining(" and "));
    }
}
