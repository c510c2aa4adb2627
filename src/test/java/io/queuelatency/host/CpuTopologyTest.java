package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuPair.Relation;
import io.queuelatency.result.CpuTopology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The topology read from sysfs trees of real layouts (src/test/resources/sysfs: a 2-CCD Ryzen with SMT, a two-socket
 * Xeon numbered alternately across the sockets, a single-socket server, this project's VM), each pair's relation, the
 * pair auto chooses on each and the warnings it gets.
 */
class CpuTopologyTest {
    private static final Path TREES = Paths.get("src/test/resources/sysfs");

    @TempDir
    Path tmp;

    private static CpuTopology read(String tree) {
        return new SysfsTopology(TREES.resolve(tree)).read();
    }

    /** A copy of {@code tree} with its isolated CPUs replaced. */
    private CpuTopology isolated(String tree, String isolated) throws IOException {
        Path copy = tmp.resolve(tree);
        try (Stream<Path> files = Files.walk(TREES.resolve(tree))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = copy.resolve(TREES.resolve(tree).relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.write(copy.resolve("devices/system/cpu/isolated"), (isolated + "\n").getBytes(StandardCharsets.UTF_8));
        return new SysfsTopology(copy).read();
    }

    private static List<Integer> all(CpuTopology t) {
        return t.cpus();
    }

    private static CpuPair auto(CpuTopology t) {
        CpuChoice c = CpuChoice.auto(t, all(t));
        return t.pair(c.producer, c.consumer, c.chosenBy, c.reason);
    }

    // ---- the Ryzen 9 5950X: two CCDs, SMT siblings n and n+16 -----------------------------------------------------

    @Test
    void aRyzensPairsAreSiblingsOneCcdOrTwo() {
        CpuTopology t = read("ryzen-5950x");
        assertEquals(32, t.cpus().size());
        assertEquals(Arrays.asList(2, 18), t.cpu(2).siblings);
        assertEquals(Relation.SMT_SIBLINGS, t.relation(2, 18));
        assertEquals(Relation.SHARED_L3, t.relation(2, 4));
        assertEquals(Relation.SHARED_L3, t.relation(7, 22));
        assertEquals(Relation.ACROSS_L3, t.relation(7, 8));
        assertEquals(Relation.ACROSS_L3, t.relation(2, 26));
        CpuPair across = t.pair(7, 8, CpuPair.ChosenBy.USER, null);
        assertEquals(Boolean.FALSE, across.sharedL3);
        assertEquals(Boolean.FALSE, across.sharedL2);
        assertEquals(Boolean.TRUE, across.samePackage);
        assertEquals(Boolean.TRUE, across.sameNumaNode);
        CpuPair siblings = t.pair(2, 18, CpuPair.ChosenBy.USER, null);
        assertEquals(Boolean.TRUE, siblings.smtSiblings);
        assertEquals(Boolean.TRUE, siblings.sharedL2);
    }

    @Test
    void onARyzenAutoTakes2And4OneCcdWithoutAWarning() {
        CpuPair p = auto(read("ryzen-5950x"));
        assertEquals(Arrays.asList(2, 4), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.SHARED_L3, p.relation);
        assertFalse(p.warnable());
    }

    @Test
    void isolatedCpusComeFirstEvenAcrossCcdsAndThenTheyAreWarnedOf() throws IOException {
        CpuPair p = auto(isolated("ryzen-5950x", "7-8"));
        assertEquals(Arrays.asList(7, 8), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.ACROSS_L3, p.relation);
        assertTrue(p.producerIsolated && p.consumerIsolated);
        assertTrue(p.warnable());
    }

    @Test
    void aWholeIsolatedCcdGivesItsFirstTwoCores() throws IOException {
        CpuPair p = auto(isolated("ryzen-5950x", "8-15,24-31"));
        assertEquals(Arrays.asList(8, 9), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.SHARED_L3, p.relation);
    }

    @Test
    void isolatedSmtSiblingsAreNeverThePair() throws IOException {
        CpuPair p = auto(isolated("ryzen-5950x", "2,18"));
        assertEquals(Arrays.asList(2, 4), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertTrue(p.producerIsolated);
        assertFalse(p.consumerIsolated);
        assertFalse(p.warnable());
    }

    @Test
    void checkHostAdvisesIsolatingThePairAutoWouldThenTake() {
        CpuTopology t = read("ryzen-5950x");
        IsolationPlan plan = IsolationPlan.of(t.cpus(), Arrays.asList(), 0, 1, t);
        assertEquals(Arrays.asList(2, 4), Arrays.asList(plan.producer, plan.consumer));
        assertEquals(Arrays.asList(2, 4, 18, 20), plan.isolate);
    }

    @Test
    void whereCpus2And4ShareNoL3AutoAndTheAdviceTakeTwoCoresThatDo() {
        // A Ryzen 9 3900X: 12 cores in four CCXs of three, each CCX its own L3; SMT siblings n and n+12.
        List<CpuTopology.Cpu> cpus = new java.util.ArrayList<>();
        for (int cpu = 0; cpu < 24; cpu++) {
            int core = cpu % 12;
            int ccx = core / 3;
            List<Integer> l3 = Arrays.asList(3 * ccx, 3 * ccx + 1, 3 * ccx + 2, 3 * ccx + 12, 3 * ccx + 13,
                    3 * ccx + 14);
            CpuTopology.Cpu b = new CpuTopology.Cpu(cpu);
            b.core = core;
            b.socket = 0;
            b.node = 0;
            b.siblings = Arrays.asList(core, core + 12);
            b.l2 = b.siblings;
            b.l3 = l3;
            cpus.add(b);
        }
        CpuTopology t = new CpuTopology(cpus);
        assertEquals(Relation.ACROSS_L3, t.relation(2, 4));
        CpuPair p = auto(t);
        assertEquals(Arrays.asList(1, 2), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.SHARED_L3, p.relation);
        IsolationPlan plan = IsolationPlan.of(t.cpus(), Arrays.asList(), 0, 1, t);
        assertEquals(Arrays.asList(1, 2), Arrays.asList(plan.producer, plan.consumer));
    }

    // ---- two Xeons numbered alternately: even CPUs socket 0, odd socket 1 -------------------------------------

    @Test
    void alternateNumberingPutsNeighboursOnTwoSockets() {
        CpuTopology t = read("xeon-2s-alternate");
        assertEquals(Relation.ACROSS_SOCKETS, t.relation(2, 3));
        assertEquals(Relation.SHARED_L3, t.relation(2, 4));
        assertEquals(Relation.SMT_SIBLINGS, t.relation(2, 18));
        assertEquals(Relation.SHARED_L3, t.relation(3, 5));
        CpuPair p = t.pair(2, 3, CpuPair.ChosenBy.USER, null);
        assertEquals(Boolean.FALSE, p.samePackage);
        assertEquals(Boolean.FALSE, p.sameNumaNode);
        assertEquals(Boolean.FALSE, p.sharedL3);
    }

    @Test
    void onTheAlternateXeonAutoTakes2And4OnSocket0() {
        CpuPair p = auto(read("xeon-2s-alternate"));
        assertEquals(Arrays.asList(2, 4), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.SHARED_L3, p.relation);
        assertEquals(Boolean.TRUE, p.sameNumaNode);
        assertFalse(p.warnable());
    }

    @Test
    void isolatedCpusOnTwoSocketsAreTakenAndWarnedOfButNotWhenTheUserNamesThem() throws IOException {
        CpuTopology t = isolated("xeon-2s-alternate", "2-3");
        CpuPair p = auto(t);
        assertEquals(Arrays.asList(2, 3), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.ACROSS_SOCKETS, p.relation);
        assertTrue(p.warnable());
        CpuChoice named = CpuChoice.of(2, 3, t, all(t));
        assertFalse(t.pair(named.producer, named.consumer, named.chosenBy, named.reason).warnable());
    }

    @Test
    void oneNamedCpuGetsThePartnerAutosRulesPrefer() {
        CpuTopology t = read("xeon-2s-alternate");
        CpuChoice c = CpuChoice.of(3, null, t, all(t));
        assertEquals(3, c.producer);
        assertEquals(1, c.consumer); // socket 1's first core: one L3, not a sibling, not CPU 0's core
        assertEquals(CpuPair.ChosenBy.AUTO, c.chosenBy);
        CpuChoice consumerNamed = CpuChoice.of(null, 4, t, all(t));
        assertEquals(2, consumerNamed.producer);
        assertEquals(4, consumerNamed.consumer);
    }

    // ---- a single-socket server, tuned: isolcpus=2,4 nohz_full=2,4 -------------------------------------------------

    @Test
    void aTunedSingleSocketServerGivesItsIsolatedNohzFullPair() {
        CpuTopology t = read("xeon-1s");
        assertEquals(Arrays.asList(2, 4), t.isolated());
        CpuPair p = auto(t);
        assertEquals(Arrays.asList(2, 4), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.SHARED_L3, p.relation);
        assertTrue(p.producerIsolated && p.consumerIsolated && p.producerNohzFull && p.consumerNohzFull);
        assertEquals(Relation.SMT_SIBLINGS, t.relation(2, 10));
        assertFalse(t.pair(3, 5, CpuPair.ChosenBy.AUTO, null).producerNohzFull);
    }

    @Test
    void withNothingIsolatedAutoStillLeavesCpu0sCoreAlone() throws IOException {
        CpuTopology t = isolated("xeon-1s", "");
        CpuChoice c = CpuChoice.auto(t, Arrays.asList(0, 1, 8, 9));
        assertEquals(Arrays.asList(0, 1), Arrays.asList(c.producer, c.consumer)); // 1 and 9 are one core: no pair off 0
        c = CpuChoice.auto(t, Arrays.asList(0, 1, 3, 8, 9));
        assertEquals(Arrays.asList(1, 3), Arrays.asList(c.producer, c.consumer));
    }

    // ---- this project's VM ---------------------------------------------------------------------------------------

    @Test
    void thisVmsTwoCpusShareAnL3AndAutoTakesThemSayingWhyCpu0() {
        CpuTopology t = read("vm-2cpu");
        assertEquals(Arrays.asList(0, 1), t.cpus());
        assertEquals(-1, t.cpu(0).cluster); // 65535: none
        CpuPair p = auto(t);
        assertEquals(Arrays.asList(0, 1), Arrays.asList(p.producerCpu, p.consumerCpu));
        assertEquals(Relation.SHARED_L3, p.relation);
        assertEquals(Boolean.FALSE, p.smtSiblings);
        assertEquals(Boolean.FALSE, p.sharedL2);
        assertFalse(p.producerNohzFull || p.consumerNohzFull || p.producerIsolated);
        assertFalse(p.warnable());
        assertTrue(p.producerCpu == 0 || p.consumerCpu == 0, "on CPU 0's core, as no pair without it: " + p.why);
    }

    @Test
    void withoutCacheTopologyTheRelationIsUnknownNotGuessed() throws IOException {
        CpuTopology copy = isolated("vm-2cpu", "");
        Path root = tmp.resolve("vm-2cpu");
        for (String cpu : new String[] {"cpu0", "cpu1"}) {
            try (Stream<Path> files = Files.walk(root.resolve("devices/system/cpu").resolve(cpu).resolve("cache"))) {
                files.sorted((a, b) -> b.compareTo(a)).forEach(f -> f.toFile().delete());
            }
        }
        CpuTopology t = new SysfsTopology(root).read();
        CpuPair p = t.pair(0, 1, CpuPair.ChosenBy.AUTO, null);
        assertEquals(Relation.UNKNOWN, p.relation);
        assertNull(p.sharedL3);
        assertNull(p.sharedL2);
        assertEquals(Boolean.FALSE, p.smtSiblings);
        assertEquals(Boolean.TRUE, p.samePackage);
        assertEquals(Relation.SHARED_L3, copy.relation(0, 1));
    }

    @Test
    void smallCoresSharingAnL2AreSharedL2() throws IOException {
        // An Intel hybrid's E-core cluster: four cores, one L2, no SMT; the L3 over the whole package.
        for (int cpu = 0; cpu < 4; cpu++) {
            String base = "devices/system/cpu/cpu" + cpu + "/";
            write(base + "topology/thread_siblings_list", Integer.toString(cpu));
            write(base + "topology/physical_package_id", "0");
            write(base + "cache/index0/level", "2");
            write(base + "cache/index0/type", "Unified");
            write(base + "cache/index0/shared_cpu_list", "0-3");
            write(base + "cache/index1/level", "3");
            write(base + "cache/index1/type", "Unified");
            write(base + "cache/index1/shared_cpu_list", "0-3");
        }
        write("devices/system/cpu/online", "0-3");
        CpuTopology t = new SysfsTopology(tmp).read();
        assertEquals(Relation.SHARED_L2, t.relation(1, 2));
        assertNull(t.pair(1, 2, CpuPair.ChosenBy.AUTO, null).sameNumaNode);
    }

    @Test
    void nohzFullReadingNullIsNone() throws IOException {
        write("devices/system/cpu/online", "0-1");
        write("devices/system/cpu/nohz_full", "(null)");
        CpuTopology t = new SysfsTopology(tmp).read();
        assertFalse(t.cpu(0).nohzFull || t.cpu(1).nohzFull);
        assertEquals(Relation.UNKNOWN, t.relation(0, 1));
    }

    private void write(String path, String text) throws IOException {
        Path file = tmp.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, (text + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
