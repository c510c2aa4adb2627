package io.queuelatency.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixPlannerTest {
    @TempDir
    Path tmp;

    @Test
    void variantsMultiplyTheEntriesAndAVariantAJdkRefusesIsNotApplicableWithWhy() throws Exception {
        Path root = tmp.resolve("jdks");
        FakeJdks.openjdk(root.resolve("openjdk-8"), 8);
        FakeJdks.openjdk(root.resolve("openjdk-21"), 21);
        MatrixConfig config = MatrixConfigParser.parse("m.yaml", new StringReader("settings:\n  runs: 2\n"
                + "variants:\n  - id: g1\n    jvmOptions: [-XX:+UseG1GC]\n  - id: zgc\n    jvmOptions: [-XX:+UseZGC]\n"
                + "jvms:\n  - id: openjdk-8\n    major: 8\n  - id: openjdk-21\n    major: 21\n"));
        JdkDiscovery discovery = new JdkDiscovery(Collections.singletonList(root));
        List<ResolvedJvm> resolved = MatrixPlanner.resolve(config, discovery, new GraalCompiler(tmp, false), null);
        MatrixPlan plan = MatrixPlanner.plan(config, resolved, "test", "tool", (home, options) ->
                home.endsWith("openjdk-8") && options.contains("-XX:+UseZGC") ? "Unrecognized VM option 'UseZGC'"
                : null);
        assertEquals(Arrays.asList("openjdk-8_g1", "openjdk-8_zgc", "openjdk-21_g1", "openjdk-21_zgc"),
                Arrays.asList(plan.jvms.stream().map(j -> j.id).toArray()));
        MatrixPlan.PlannedJvm zgc8 = plan.jvm("openjdk-8_zgc");
        assertFalse(zgc8.available);
        for (String named : new String[] {"openjdk-8", "zgc", "-XX:+UseZGC", "Unrecognized VM option 'UseZGC'"}) {
            assertTrue(zgc8.unavailable.contains(named), named + " in " + zgc8.unavailable);
        }
        MatrixPlan.PlannedJvm zgc21 = plan.jvm("openjdk-21_zgc");
        assertTrue(zgc21.available && zgc21.jvmOptions.contains("-XX:+UseZGC") && "zgc".equals(zgc21.variant)
                && "openjdk-21".equals(zgc21.entry));
        assertEquals("openjdk-21 (zgc)", zgc21.label);
        assertEquals(Arrays.asList(new CellId("openjdk-8_g1", 1), new CellId("openjdk-21_g1", 1),
                new CellId("openjdk-21_zgc", 1),
                new CellId("openjdk-21_g1", 2), new CellId("openjdk-21_zgc", 2), new CellId("openjdk-8_g1", 2)),
                plan.cells,
                "interleaved, each round's order turned by one JVM, the not-applicable one left out");
    }

    @Test
    void profiledRunsComeBesideTheRunsAskedForEveryThirdSoTheVerdictsKeepAllOfThem() throws Exception {
        Path root = tmp.resolve("jdks");
        FakeJdks.openjdk(root.resolve("openjdk-21"), 21);
        for (int asked : new int[] {1, 2, 3, 14}) {
            MatrixConfig config = MatrixConfigParser.parse("m.yaml", new StringReader("settings:\n  runs: " + asked
                    + "\n  profile: p99\njvms:\n  - id: openjdk-21\n    major: 21\n"));
            MatrixPlan plan = MatrixPlanner.plan(config, MatrixPlanner.resolve(config,
                    new JdkDiscovery(Collections.singletonList(root)), new GraalCompiler(tmp, false), null),
                    "test", "tool", (home, options) -> null);
            long profiled = plan.cells.stream().filter(c -> MatrixPlan.profiled(plan.settings, c.run)).count();
            assertEquals(asked, plan.cells.size() - profiled, "every run asked for, unprofiled");
            assertEquals(Math.max(1, asked / 2), profiled, "and a profiled one after every two");
            assertFalse(MatrixPlan.profiled(plan.settings, 1), "the first run is never the profiled one");
        }
    }

    @Test
    void anEntrysTopologyIsItsCellsStudyOption() throws Exception {
        Path root = tmp.resolve("jdks");
        FakeJdks.openjdk(root.resolve("openjdk-21"), 21);
        MatrixConfig config = MatrixConfigParser.parse("m.yaml", new StringReader("variants:\n  - id: plain\n"
                + "  - id: kt\n    studyOptions: [--kernel-trace=off]\njvms:\n  - id: openjdk-21\n    major: 21\n"
                + "    topology: processes\n"));
        JdkDiscovery discovery = new JdkDiscovery(Collections.singletonList(root));
        MatrixPlan plan = MatrixPlanner.plan(config, MatrixPlanner.resolve(config, discovery,
                new GraalCompiler(tmp, false), null), "test", "tool", (home, options) -> null);
        assertEquals(Arrays.asList("--topology=processes"), plan.jvm("openjdk-21_plain").studyOptions);
        assertEquals(Arrays.asList("--topology=processes", "--kernel-trace=off"),
                plan.jvm("openjdk-21_kt").studyOptions);
    }

    /** The plan of jvm-matrix.yaml text over two (or one) fake JDKs. */
    private MatrixPlan plan(String settings, String... majors) throws Exception {
        Path root = tmp.resolve("jdks");
        StringBuilder jvms = new StringBuilder("jvms:\n");
        for (String major : majors) {
            FakeJdks.openjdk(root.resolve("openjdk-" + major), Integer.parseInt(major));
            jvms.append("  - id: openjdk-").append(major).append("\n    major: ").append(major).append("\n");
        }
        MatrixConfig config = MatrixConfigParser.parse("m.yaml", new StringReader("settings:\n" + settings + jvms));
        JdkDiscovery discovery = new JdkDiscovery(Collections.singletonList(root));
        return MatrixPlanner.plan(config, MatrixPlanner.resolve(config, discovery, new GraalCompiler(tmp, false), null),
                "test", "tool", (home, options) -> null);
    }

    @Test
    void runsAutoListsNoCellsAheadAndCutsItsLooksAtTheRoundsItsTimeBudgetAllows() throws Exception {
        // A cell: 10 s warm-up, 20 s window, 2 x 1 s floor, 4 s start-up: 36 s; a round of two JVMs 72 s.
        String cells = "  warmup: 10s\n  duration: 20s\n  floor: 1s\n";
        MatrixPlan auto = plan(cells, "17", "21");
        assertTrue(auto.cells.isEmpty(), "the runner adds each round's cells");
        assertEquals(Arrays.asList(5, 6, 8), auto.auto.looks, "the default budget: 8 rounds and a tenth more");
        assertEquals(11 * 60_000_000_000L, auto.auto.timeBudgetNs, "8 x 72 s x 1.1 = 634 s, up to the minute");
        assertEquals(3, auto.looks());
        MatrixPlan longer = plan(cells + "  timeBudget: 30m\n", "17", "21");
        assertEquals(Arrays.asList(5, 6, 8, 12, 16, 24), longer.auto.looks, "30 min: 25 rounds of 72 s");
        assertEquals(1_800_000_000_000L, longer.auto.timeBudgetNs);
    }

    @Test
    void runsAutoWithOneJvmRunsAFixedThreeAndAFixedNumberStaysFixed() throws Exception {
        MatrixPlan one = plan("  runs: auto\n", "21");
        assertEquals(null, one.auto, "nothing to compare");
        assertEquals(Arrays.asList(new CellId("openjdk-21", 1), new CellId("openjdk-21", 2),
                new CellId("openjdk-21", 3)), one.cells);
        assertEquals(1, one.looks());
    }

    @Test
    void aFixedNumberOfRunsIsPlannedWholeAsBefore() throws Exception {
        MatrixPlan fixed = plan("  runs: 2\n", "17", "21");
        assertEquals(null, fixed.auto);
        assertEquals(4, fixed.cells.size());
    }

    @Test
    void aTimeBudgetShorterThanOneRoundIsBadInput() {
        io.queuelatency.exit.BadInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.queuelatency.exit.BadInputException.class,
                () -> plan("  warmup: 10s\n  duration: 20s\n  floor: 1s\n  timeBudget: 1m\n", "17", "21"));
        assertTrue(e.getMessage().startsWith("--time-budget 1m ") && !e.getMessage().contains("\n"), e.getMessage());
    }
}
