package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class CpuChoiceTest {
    @Test
    void theFirstTwoIsolatedCpusComeFirst() {
        CpuChoice c = CpuChoice.defaultFor(Arrays.asList(0, 1, 2, 3, 4, 5, 6, 7), Arrays.asList(5, 6, 7));
        assertEquals(5, c.producer);
        assertEquals(6, c.consumer);
        assertEquals("the first two isolated CPUs", c.reason);
    }

    @Test
    void elseCpus2And4AsInTheArticle() {
        CpuChoice c = CpuChoice.defaultFor(Arrays.asList(0, 1, 2, 3, 4, 5), Arrays.asList(3));
        assertEquals(2, c.producer);
        assertEquals(4, c.consumer);
        assertEquals("CPUs 2 and 4 as in the reference study; no two isolated CPUs", c.reason);
    }

    @Test
    void elseTheFirstTwoAllowed() {
        CpuChoice c = CpuChoice.defaultFor(Arrays.asList(0, 1), Collections.emptyList());
        assertEquals(0, c.producer);
        assertEquals(1, c.consumer);
    }

    @Test
    void isolatedCpusThisProcessMayNotUseDoNotCount() {
        CpuChoice c = CpuChoice.defaultFor(Arrays.asList(0, 1, 2, 3), Arrays.asList(6, 7));
        assertEquals(0, c.producer);
        assertEquals(1, c.consumer);
    }

    @Test
    void oneCpuIsNotEnough() {
        assertNull(CpuChoice.defaultFor(Arrays.asList(0), Collections.emptyList()));
    }
}
