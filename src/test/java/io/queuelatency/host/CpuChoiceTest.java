package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** auto's rules where sysfs says nothing of cores and caches: isolation, CPU 0, the reference pair, the first two. */
class CpuChoiceTest {
    /** CPUs 0 to {@code count - 1}, nothing known of them but which are isolated. */
    private static CpuTopology bare(int count, Integer... isolated) {
        List<CpuTopology.Cpu> cpus = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            CpuTopology.Cpu b = new CpuTopology.Cpu(c);
            b.isolated = Arrays.asList(isolated).contains(c);
            cpus.add(b);
        }
        return new CpuTopology(cpus);
    }

    private static List<Integer> upTo(int count) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            out.add(c);
        }
        return out;
    }

    @Test
    void theFirstTwoIsolatedCpusComeFirst() {
        CpuChoice c = CpuChoice.auto(bare(8, 5, 6, 7), upTo(8));
        assertEquals(Arrays.asList(5, 6), Arrays.asList(c.producer, c.consumer));
        assertEquals(CpuPair.ChosenBy.AUTO, c.chosenBy);
    }

    @Test
    void elseCpus2And4AsInTheArticleOneIsolatedCpuMakingNoPair() {
        CpuChoice c = CpuChoice.auto(bare(6, 3), upTo(6));
        assertEquals(Arrays.asList(2, 4), Arrays.asList(c.producer, c.consumer));
    }

    @Test
    void elseTheFirstTwoAllowed() {
        CpuChoice c = CpuChoice.auto(bare(2), upTo(2));
        assertEquals(Arrays.asList(0, 1), Arrays.asList(c.producer, c.consumer));
        c = CpuChoice.auto(bare(4), Arrays.asList(0, 1, 3));
        assertEquals(Arrays.asList(1, 3), Arrays.asList(c.producer, c.consumer)); // not CPU 0 where others exist
    }

    @Test
    /**
     * auto chooses among the CPUs it is given, those the tool may pin ({@link PinnableCpus}): under isolcpus's default
     * mask the isolated CPUs are among them (PinnableCpusTest); isolated CPUs a taskset or a cpuset leaves out are not.
     */
    void isolatedCpusOutsideATasksetOrCpusetDoNotCount() {
        CpuChoice c = CpuChoice.auto(bare(8, 6, 7), upTo(4));
        assertEquals(Arrays.asList(1, 2), Arrays.asList(c.producer, c.consumer));
    }

    @Test
    void oneCpuIsNotEnough() {
        assertNull(CpuChoice.auto(bare(1), Collections.singletonList(0)));
    }

    @Test
    void bothNamedAreTheUsers() {
        CpuChoice c = CpuChoice.of(5, 1, bare(8), upTo(8));
        assertEquals(Arrays.asList(5, 1), Arrays.asList(c.producer, c.consumer));
        assertEquals(CpuPair.ChosenBy.USER, c.chosenBy);
    }
}
