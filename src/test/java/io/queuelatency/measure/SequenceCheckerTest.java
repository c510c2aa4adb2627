package io.queuelatency.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SequenceCheckerTest {
    private static SequenceChecker fed(long... sequences) {
        SequenceChecker checker = new SequenceChecker();
        for (long s : sequences) {
            checker.accept(s);
        }
        return checker;
    }

    @Test
    void anUnbrokenSequenceIsClean() {
        SequenceChecker c = fed(0, 1, 2, 3, 4);
        assertEquals(0, c.lostAtEnd(5));
        assertEquals(0, c.duplicated());
        assertEquals(0, c.outOfOrder());
        assertEquals(5, c.received());
    }

    @Test
    void aDroppedMessageIsCaughtAsLost() {
        SequenceChecker c = fed(0, 1, 3, 4);
        assertEquals(1, c.lostAtEnd(5));
        assertEquals(0, c.duplicated());
        assertEquals(0, c.outOfOrder());
    }

    @Test
    void messagesMissingAtTheEndAreLost() {
        assertEquals(2, fed(0, 1, 2).lostAtEnd(5));
    }

    @Test
    void aDuplicatedMessageIsCaught() {
        SequenceChecker c = fed(0, 1, 1, 2, 3);
        assertEquals(1, c.duplicated());
        assertEquals(0, c.lostAtEnd(4));
        assertEquals(0, c.outOfOrder());
    }

    @Test
    void aReorderedMessageIsCaughtAsOutOfOrderNotLost() {
        SequenceChecker c = fed(0, 2, 1, 3);
        assertEquals(1, c.outOfOrder());
        assertEquals(0, c.lostAtEnd(4));
        assertEquals(0, c.duplicated());
    }

    @Test
    void aLateArrivalInsideAWideGapSplitsTheGap() {
        SequenceChecker c = fed(0, 10, 5, 3, 7, 5);
        assertEquals(3, c.outOfOrder(), "5, 3 and 7 came late");
        assertEquals(1, c.duplicated(), "the second 5");
        assertEquals(6, c.lostAtEnd(11), "1, 2, 4, 6, 8, 9 never came");
    }

    @Test
    void tooManyGapsAreReportedNotHidden() {
        SequenceChecker c = new SequenceChecker();
        for (long s = 0; s < 2L * (SequenceChecker.MAX_GAPS + 10); s += 2) {
            c.accept(s);
        }
        assertTrue(c.gapOverflow());
        assertEquals(SequenceChecker.MAX_GAPS + 9, c.lostAtEnd(c.nextExpected()));
    }

    @Test
    void noOverflowForAFewGaps() {
        assertFalse(fed(0, 2, 4).gapOverflow());
    }
}
