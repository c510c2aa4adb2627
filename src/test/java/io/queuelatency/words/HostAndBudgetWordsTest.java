package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Budget;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The host's grade, the budgets and the tail's causes as every file and report spells them. */
class HostAndBudgetWordsTest {
    @Test
    void theHostsGradeIsPublishableOrIndicativeOnlyWithTheChecksThatMadeItSo() {
        HostFindings fit = new HostFindings(Collections.singletonList(
                new HostFindings.Finding(HostFindings.Severity.WARN, "nohz_full", "not set", "")));
        assertEquals("publishable", HostWords.headline(fit));
        HostFindings bad = new HostFindings(Arrays.asList(
                new HostFindings.Finding(HostFindings.Severity.BAD, "isolation", "none", "x"),
                new HostFindings.Finding(HostFindings.Severity.BAD, "pinned CPUs", "0-1", "y")));
        assertEquals("indicative only", HostWords.grade(bad.grade));
        assertEquals("indicative only (isolation, pinned CPUs)", HostWords.headline(bad));
    }

    @Test
    void budgetsAreWrittenWithTheirUnits() {
        assertEquals("p99.9 ≤ 250 µs", BudgetWords.text(Budget.parse("p99.9=250us")));
        assertEquals("p99 ≤ 1.00 ms and p99.99 ≤ 20.0 µs", BudgetWords.text(Arrays.asList(Budget.parse("p99=1ms"),
                Budget.parse("p99.99=20us"))));
    }

    @Test
    void everyCauseHasAColumnHeadOfAtMostTenCharactersAndASentence() {
        for (Why w : Why.values()) {
            assertTrue(CauseWords.shortName(w).length() <= 10, w + ": " + CauseWords.shortName(w));
            assertTrue(!CauseWords.words(w).isEmpty(), w.toString());
        }
        for (Why.Group g : Why.Group.values()) {
            assertTrue(!CauseWords.words(g).isEmpty(), g.toString());
        }
        for (Tail.Cause c : Tail.Cause.values()) {
            assertTrue(!CauseWords.words(c).isEmpty(), c.toString());
        }
        assertEquals("not seen", CauseWords.shortName(Why.NOT_SEEN));
        assertEquals("the hypervisor's", CauseWords.words(Why.NOT_SEEN.group));
    }
}
