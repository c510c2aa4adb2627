package io.queuelatency.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * perf stat's CSV as it writes it with {@code -x, --per-thread}. The counts are recorded data: a host's hardware
 * counters as perf printed them in the CPython documentation's {@code perf stat -x,} example (this project's VM has no
 * PMU); each line prefixed with the thread, as this VM's perf 6.1 prints its software counters per thread. The refusal
 * is this VM's own output.
 */
class PerfStatTest {
    private static final String RECORDED = "# started on Mon Nov 30 01:20:41 2026\n\n"
            + "java-4101,264690533400,,cycles,64701157666,100.00,4.091,GHz\n"
            + "java-4101,425064193324,,instructions,64701157666,100.00,1.61,insn per cycle\n"
            + ",,,,,0.04,stalled cycles per insn\n"
            + "java-4101,2404110819,,branch-misses,64701157666,100.00,2.80,of all branches\n"
            + "java-4101,1291,,cache-misses,64701157666,100.00,19.953,/sec\n"
            + "java-4102,20574191,,cycles,8013551506,100.00,0.003,GHz\n"
            + "java-4102,10562267,,instructions,8013564958,100.00,0.51,insn per cycle\n"
            + "java-4102,106152,,branch-misses,8013585776,100.00,5.26,of all branches\n"
            + "java-4102,184,,cache-misses,8013546992,100.00,0.023,K/sec\n";

    /** This VM's perf 6.1, both threads of a run: no PMU. */
    private static final String REFUSED = "# started on Mon Nov 30 01:20:41 2026\n\n"
            + "java-7395,<not supported>,,instructions,0,100.00,,\n"
            + "java-7395,<not supported>,,cycles,0,100.00,,\n"
            + "java-7396,<not supported>,,instructions,0,100.00,,\n"
            + "java-7396,<not supported>,,cycles,0,100.00,,\n";

    @Test
    void eachThreadsCountsByItsId() {
        List<Profile.ThreadCounts> c = PerfStat.read(RECORDED, new int[] {4102, 4101},
                new String[] {"producer", "consumer"});
        assertEquals("producer", c.get(0).thread);
        assertEquals(10_562_267, c.get(0).instructions);
        assertEquals(20_574_191, c.get(0).cycles);
        assertEquals(184, c.get(0).cacheMisses);
        assertEquals(106_152, c.get(0).branchMisses);
        assertEquals(425_064_193_324L, c.get(1).instructions);
        assertEquals(2_404_110_819L, c.get(1).branchMisses);
    }

    @Test
    void aHostWithoutTheCountersIsOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PerfStat.read(REFUSED, new int[] {7395, 7396}, new String[] {"producer", "consumer"}));
        assertEquals(1, e.getMessage().split("\n").length);
        assertEquals(2, e.getMessage().split("<not supported>", -1).length - 1, "each event once: " + e.getMessage());
    }

    @Test
    void aThreadPerfDidNotCountIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PerfStat.read(RECORDED, new int[] {4101, 999}, new String[] {"producer", "consumer"}));
        assertTrue(e.getMessage().contains("999"), e.getMessage());
    }
}
