package io.queuelatency.wings.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.queuelatency.wings.fleet.FleetRanking.Agreement;
import io.queuelatency.wings.fleet.FleetRanking.PairSide;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the types' verdicts of one pair say together rests on the verdicts alone: an order only where a type decides
 * one, never from the estimates' order, and equivalent or undecided never contradicting a decided order.
 */
class FleetRankingTest {
    private static Agreement of(PairSide... sides) {
        List<FleetRanking.PoolPlace> places = new ArrayList<>();
        double ratio = 0.9;
        for (PairSide s : sides) {
            places.add(new FleetRanking.PoolPlace(null, s, ratio, null));
            ratio = 1 / ratio; // the estimates' order flips from type to type: it must not matter
        }
        return FleetRanking.agreement(places);
    }

    @Test
    void anOrderIsClaimedOnlyWhereAVerdictDecidesIt() {
        assertEquals(Agreement.SAME, of(PairSide.FIRST_FASTER, PairSide.FIRST_FASTER));
        assertEquals(Agreement.SAME, of(PairSide.SECOND_FASTER, PairSide.SECOND_FASTER, PairSide.SECOND_FASTER));
        assertEquals(Agreement.SAME, of(PairSide.EQUIVALENT, PairSide.EQUIVALENT), "equivalent on each: decided");
        assertEquals(Agreement.OPPOSITE, of(PairSide.FIRST_FASTER, PairSide.UNDECIDED, PairSide.SECOND_FASTER));
        assertEquals(Agreement.SOME, of(PairSide.EQUIVALENT, PairSide.SECOND_FASTER),
                "equivalent on one type and slower on another is not the same order everywhere");
        assertEquals(Agreement.SOME, of(PairSide.UNDECIDED, PairSide.FIRST_FASTER));
        assertEquals(Agreement.SOME, of(PairSide.NO_VERDICT, PairSide.FIRST_FASTER, PairSide.FIRST_FASTER));
        assertEquals(Agreement.UNDETERMINED, of(PairSide.NO_VERDICT, PairSide.NO_VERDICT),
                "two types without a verdict say nothing of the order");
        assertEquals(Agreement.UNDETERMINED, of(PairSide.UNDECIDED, PairSide.EQUIVALENT));
    }
}
