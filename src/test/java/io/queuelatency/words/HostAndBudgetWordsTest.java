package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Budget;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import io.queuelatency.wings.capacity.CapacityWords;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The host's grade, the budgets and the tail's causes as every file and report spells them. */
class HostAndBudgetWordsTest {
    @Test
    void theHostsGradeIsPublishableOrIndicativeOnlyWithTheChecksThatMadeItSo() {
        HostFindings fit = new HostFindings(Collections.singletonList(
                new HostFindings.Finding(HostFindings.Severity.WARN, "nohz_full", "not set", "")));
        assertEquals(HostWords.grade(HostFindings.Grade.PUBLISHABLE), HostWords.headline(fit),
                "a warning names nothing");
        HostFindings bad = new HostFindings(Arrays.asList(
                new HostFindings.Finding(HostFindings.Severity.BAD, "isolation", "none", "x"),
                new HostFindings.Finding(HostFindings.Severity.BAD, "pinned CPUs", "0-1", "y")));
        assertEquals(HostFindings.Grade.INDICATIVE, bad.grade);
        assertTrue(HostWords.headline(bad).startsWith(HostWords.grade(bad.grade) + " ")
                && HostWords.headline(bad).contains("isolation, pinned CPUs"),
                "the grade, then the checks that made it: " + HostWords.headline(bad));
        assertFalse(HostWords.grade(HostFindings.Grade.PUBLISHABLE).equals(HostWords.grade(bad.grade)));
    }

    @Test
    void budgetsAreWrittenWithTheirUnits() {
        assertEquals("p99.9 ≤ 250 µs", CapacityWords.budget(Budget.parse("p99.9=250us")));
        String both = CapacityWords.budgets(Arrays.asList(Budget.parse("p99=1ms"), Budget.parse("p99.99=20us")));
        assertTrue(both.startsWith(CapacityWords.budget(Budget.parse("p99=1ms")) + " ")
                && both.endsWith(" " + CapacityWords.budget(Budget.parse("p99.99=20us"))), "each, in order: " + both);
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
        java.util.Set<String> shortNames = new java.util.HashSet<>();
        for (Why w : Why.values()) {
            assertTrue(shortNames.add(CauseWords.shortName(w)), "one column head per cause: " + w);
        }
        java.util.Set<String> groups = new java.util.HashSet<>();
        for (Why.Group g : Why.Group.values()) {
            assertTrue(groups.add(CauseWords.words(g)), "one name per group: " + g);
        }
    }
}
