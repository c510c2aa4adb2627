package io.queuelatency.wings.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.host.SysfsTopology;
import io.queuelatency.result.CpuPair.Relation;
import io.queuelatency.result.CpuTopology;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which pairs a map measures, that a 64-CPU host's every pair fits in the default time budget of 5 minutes, and what a
 * plan over its budget becomes.
 */
class MapPlanTest {
    private static final long PAIR_NS = 100_000_000L;
    private static final long FIRST_NS = 1_000_000_000L;

    /** Two sockets of 16 cores and 32 threads each, numbered as most servers do: socket 0 first, siblings +32. */
    private static CpuTopology twoSockets64() {
        List<CpuTopology.Cpu> cpus = new ArrayList<>();
        for (int cpu = 0; cpu < 64; cpu++) {
            int core = cpu % 32;
            int socket = core / 16;
            List<Integer> l3 = new ArrayList<>();
            for (int c = 0; c < 64; c++) {
                if ((c % 32) / 16 == socket) {
                    l3.add(c);
                }
            }
            CpuTopology.Cpu b = new CpuTopology.Cpu(cpu);
            b.core = core;
            b.socket = socket;
            b.node = socket;
            b.siblings = Arrays.asList(core, core + 32);
            b.l2 = b.siblings;
            b.l3 = l3;
            cpus.add(b);
        }
        return new CpuTopology(cpus);
    }

    @Test
    void every2016PairsOf64CpusFitInFiveMinutes() {
        CpuTopology t = twoSockets64();
        MapPlan plan = MapPlan.of(t, t.cpus(), 64, 100_000, PAIR_NS, FIRST_NS);
        assertEquals(2016, plan.pairs.size());
        assertEquals(20_000_000L, plan.stored.pairWarmupNs);
        assertEquals(2016 * (100_000_000L + 20_000_000L + MapPlan.PAIR_OVERHEAD_NS) + FIRST_NS + MapPlan.START_NS,
                plan.stored.estimatedNs);
        assertTrue(plan.stored.estimatedNs <= 300_000_000_000L, plan.stored.estimatedNs + " ns");
        for (int[] p : plan.pairs) {
            assertTrue(p[0] < p[1], "the lower CPU produces: " + p[0] + ", " + p[1]);
        }
    }

    @Test
    void everyPairOverTheBudgetBecomesRepresentativePairs() {
        CpuTopology t = twoSockets64();
        MapPlan every = MapPlan.of(t, t.cpus(), 64, 100_000, 1_000_000_000L, FIRST_NS);
        assertEquals(2016, every.pairs.size());
        MapPlan within = every.within(t, MapPlan.DEFAULT_BUDGET_NS);
        assertTrue(!within.stored.everyPair);
        assertEquals(every.stored.estimatedNs, within.stored.everyPairNs, "what every pair would have taken: 40m41s");
        assertEquals(MapPlan.DEFAULT_BUDGET_NS, within.stored.budgetNs);
        assertTrue(within.fits(), within.stored.estimatedNs + " ns");
        MapPlan fits = MapPlan.of(t, t.cpus(), 64, 100_000, PAIR_NS, FIRST_NS).within(t, MapPlan.DEFAULT_BUDGET_NS);
        assertEquals(2016, fits.pairs.size(), "4m23s: within 5 minutes");
        assertEquals(-1, fits.stored.everyPairNs);
        MapPlan tooLong = every.within(t, 10_000_000_000L);
        assertTrue(!tooLong.fits(), "even representative pairs take longer than 10 s: the map refuses");
    }

    @Test
    void aboveTheSizeAFewPairsOfEachRelationAndAutosPair() {
        CpuTopology t = new SysfsTopology(Paths.get("src/test/resources/sysfs/ryzen-5950x")).read();
        MapPlan plan = MapPlan.of(t, t.cpus(), 16, 100_000, PAIR_NS, FIRST_NS);
        assertTrue(!plan.stored.everyPair);
        Set<Relation> seen = EnumSet.noneOf(Relation.class);
        for (int[] p : plan.pairs) {
            seen.add(t.relation(p[0], p[1]));
        }
        assertEquals(EnumSet.of(Relation.SMT_SIBLINGS, Relation.SHARED_L3, Relation.ACROSS_L3), seen);
        assertEquals(Arrays.asList(2, 4), Arrays.asList(plan.pairs.get(0)[0], plan.pairs.get(0)[1]));
        assertEquals(1 + 3 * MapPlan.PAIRS_PER_RELATION, plan.pairs.size());
    }

    @Test
    void theAlternateXeonsRepresentativesCrossTheSockets() {
        CpuTopology t = new SysfsTopology(Paths.get("src/test/resources/sysfs/xeon-2s-alternate")).read();
        MapPlan plan = MapPlan.of(t, t.cpus(), 8, 100_000, PAIR_NS, FIRST_NS);
        Set<Relation> seen = EnumSet.noneOf(Relation.class);
        for (int[] p : plan.pairs) {
            seen.add(t.relation(p[0], p[1]));
        }
        assertEquals(EnumSet.of(Relation.SMT_SIBLINGS, Relation.SHARED_L3, Relation.ACROSS_SOCKETS), seen);
    }

    @Test
    void thisVmsOnePair() {
        CpuTopology t = new SysfsTopology(Paths.get("src/test/resources/sysfs/vm-2cpu")).read();
        MapPlan plan = MapPlan.of(t, t.cpus(), 64, 100_000, PAIR_NS, FIRST_NS);
        assertEquals(1, plan.pairs.size());
        assertEquals(Arrays.asList(0, 1), Arrays.asList(plan.pairs.get(0)[0], plan.pairs.get(0)[1]));
        assertEquals(120_000_000L + MapPlan.PAIR_OVERHEAD_NS + FIRST_NS + MapPlan.START_NS, plan.stored.estimatedNs);
    }
}
