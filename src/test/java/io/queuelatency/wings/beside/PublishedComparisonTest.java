package io.queuelatency.wings.beside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Definition;
import io.queuelatency.wings.beside.PublishedComparison.Fact;
import io.queuelatency.wings.beside.PublishedComparison.Match;
import io.queuelatency.wings.beside.PublishedComparison.Placement;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped Chronicle table beside stored runs whose values at each of its percentiles are known. */
class PublishedComparisonTest {
    @TempDir
    Path tmp;

    private static PublishedTable shipped() {
        return PublishedTableReader.read(PublishedFixture.SHIPPED);
    }

    /** The shipped file with one line replaced, as a user's edited copy. */
    private static PublishedTable shippedWith(String line, String replacement) throws IOException {
        String text = new String(Files.readAllBytes(PublishedFixture.SHIPPED), StandardCharsets.UTF_8);
        assertTrue(text.contains(line), line);
        return PublishedTableReader.read(PublishedFixture.SHIPPED, new StringReader(text.replace(line, replacement)));
    }

    private static List<Placement> placements(PublishedComparison.Ours o) {
        List<Placement> out = new ArrayList<>();
        for (PublishedComparison.Placed b : o.rows) {
            out.add(b.placement);
        }
        return out;
    }

    @Test
    void eachPublishedPercentileLiesBelowInsideOrAboveOneRunsInterval() throws IOException {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        PublishedComparison c = PublishedComparison.of(shipped(), run, null);
        assertEquals(Definition.ACTUAL, c.definition);
        assertEquals(1, c.sides.size());
        PublishedComparison.Ours o = c.sides.get(0);
        assertEquals("jdk17", o.jvm);
        assertEquals(1, o.runs);
        assertEquals(Arrays.asList(Placement.BELOW, Placement.BELOW, Placement.BELOW, Placement.BELOW,
                Placement.BELOW, Placement.INSIDE, Placement.ABOVE, Placement.ABOVE, Placement.ABOVE, Placement.ABOVE,
                Placement.ABOVE), placements(o));
        PublishedComparison.Placed p999 = o.rows.get(5);
        assertEquals("p99.9", p999.published.percentile.name());
        assertEquals(962, p999.publishedNs, 0);
        assertEquals(962, p999.ours.value, 0);
        assertTrue(p999.ours.low < 962 && p999.ours.high > 962, p999.ours.low + " " + p999.ours.high);
        assertEquals(0.95, p999.ours.confidence, 0);
        assertEquals(0.95, p999.coverage, 0, "one run: the within-run interval, not a prediction of a run");
        assertEquals(p999.ours.low, p999.low, 0);
        assertTrue(!o.rows.get(2).weak, "p97 of one run");
        assertTrue(o.rows.get(3).weak && p999.weak && o.rows.get(10).weak, "p99 on and the worst of one run: weak");
        PublishedComparison.Placed p50 = o.rows.get(0);
        assertEquals(500, p50.ours.value, 0);
        assertEquals(251.0 / 500, p50.ratio, 1e-9);
        PublishedComparison.Placed worst = o.rows.get(10);
        assertEquals(218_000, worst.publishedNs, 0);
        assertEquals(5_000, worst.ours.value, 4, "the histogram's bucket at 5,000 ns is 4 ns wide");
        assertEquals(5, o.count(Placement.BELOW));
        assertEquals(1, o.count(Placement.INSIDE));
        assertEquals(5, o.count(Placement.ABOVE));
    }

    @Test
    void overRunsTheIntervalIsTheRunsOwn() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        double[] scales = {0.9, 1.0, 1.1};
        for (int k = 0; k < scales.length; k++) {
            PublishedFixture.run(runs.resolve("run-" + (k + 1)), PublishedFixture.actual(scales[k]));
        }
        PublishedComparison.Ours o = PublishedComparison.of(shipped(), runs, null).sides.get(0);
        assertEquals(3, o.runs);
        PublishedComparison.Placed p999 = o.rows.get(5);
        assertEquals(866, p999.low, 0);
        assertEquals(1_058, p999.high, 0);
        assertEquals(0.5, p999.coverage, 1e-12, "3 runs' range holds a fourth run's value with probability 2/4");
        assertTrue(!p999.weak, "three runs: the range says how runs differ");
        assertEquals(Placement.INSIDE, p999.placement);
        assertEquals(Placement.BELOW, o.rows.get(0).placement);
        assertEquals(Placement.ABOVE, o.rows.get(7).placement);
    }

    /**
     * Nine runs: the median's interval ([x(2), x(8)], 96.1%) is narrower than where one more run lands (the range,
     * 80%). The published p50, 251 ns, is above the fastest run's 250 ns: inside the range, though below the median's
     * interval. The worst is set beside the median of the runs' worsts, not the largest.
     */
    @Test
    void publishedOneRunIsPlacedAgainstTheRangeOfRunsNotTheMediansInterval() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        for (int k = 0; k < 9; k++) {
            PublishedFixture.run(runs.resolve("run-" + (k + 1)), PublishedFixture.actual(0.5 + 0.1 * k));
        }
        PublishedComparison.Ours o = PublishedComparison.of(shipped(), runs, null).sides.get(0);
        PublishedComparison.Placed p50 = o.rows.get(0);
        assertEquals(300, p50.ours.low, 0, "the median's interval starts at the second run");
        assertEquals(250, p50.low, 0);
        assertEquals(650, p50.high, 0);
        assertEquals(450, p50.value, 0);
        assertEquals(0.8, p50.coverage, 1e-12);
        assertEquals(Placement.INSIDE, p50.placement);
        PublishedComparison.Placed worst = o.rows.get(10);
        assertEquals(4_500, worst.value, 4, "the median run's worst, 5,000 x 0.9");
        assertEquals(2_500, worst.low, 2);
        assertEquals(6_500, worst.high, 6);
        assertEquals(6_500, worst.ours.value, 6, "the largest any run saw, as the reports' worst");
        assertTrue(worst.hasRange());
        assertEquals(Placement.ABOVE, worst.placement);
    }

    @Test
    void aPercentileOurSamplesCannotBoundIsNeitherInsideNorOutside() throws IOException {
        Path run = PublishedFixture.run(tmp.resolve("few"), PublishedFixture.few(1_000));
        PublishedComparison.Ours o = PublishedComparison.of(shipped(), run, null).sides.get(0);
        Map<String, Placement> at = new java.util.HashMap<>();
        for (PublishedComparison.Placed b : o.rows) {
            at.put(b.published.percentile.name(), b.placement);
        }
        assertEquals(Placement.BELOW, at.get("p50"), "published 251 ns below our 600 ns");
        assertEquals(Placement.CANNOT_TELL, at.get("p99.99"));
        assertEquals(Placement.CANNOT_TELL, at.get("p99.999"));
        assertEquals(Placement.ABOVE, at.get("worst"), "published 218 µs above our worst, 1,099 ns");
    }

    @Test
    void theHostsAndSetupsAreJudgedFactByFact() throws IOException {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        PublishedComparison.Ours o = PublishedComparison.of(shipped(), run, null).sides.get(0);
        Map<Fact, Match> expected = new EnumMap<>(Fact.class);
        expected.put(Fact.CPU_MODEL, Match.DIFFERENT); // i7-10710U against "Test CPU 9000"
        expected.put(Fact.LOGICAL_CPUS, Match.DIFFERENT); // 12 against 4
        expected.put(Fact.RELATION, Match.UNKNOWN); // neither says
        expected.put(Fact.ISOLATION, Match.UNKNOWN); // not stated; ours: 2 and 3 isolated
        expected.put(Fact.GOVERNOR, Match.SAME); // performance, "performance on 0-3"
        expected.put(Fact.TURBO, Match.UNKNOWN); // not stated
        expected.put(Fact.SYSTEM, Match.UNKNOWN); // no kernel published
        expected.put(Fact.JVM, Match.UNKNOWN);
        expected.put(Fact.SIZE, Match.SAME);
        expected.put(Fact.RATE, Match.SAME);
        expected.put(Fact.SAMPLES, Match.DIFFERENT); // 3,000,000 against 2,000,000
        expected.put(Fact.WARMUP, Match.SAME); // 500,000 messages each
        expected.put(Fact.DEFINITION, Match.DIFFERENT); // the file says how it differs
        assertEquals(expected, o.facts);
        assertEquals(Boolean.TRUE, o.setup.bothIsolated());
        assertEquals(null, o.setup.pair);
        assertEquals(8, shipped().setup.size());
    }

    @Test
    void thePairsRelationAndIsolationAreReadFromTheStoredCpuPair() throws IOException {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        PublishedFixture.cpuPair(run, "shared-l3", false);
        PublishedComparison.Ours unknown = PublishedComparison.of(shipped(), run, null).sides.get(0);
        assertEquals(io.queuelatency.result.CpuPair.Relation.SHARED_L3, unknown.setup.pair.relation);
        assertEquals(Match.UNKNOWN, unknown.facts.get(Fact.RELATION), "the publication does not say");
        assertEquals(Boolean.FALSE, unknown.setup.bothIsolated(), "the pair's flags, not the host's list (2-3)");
        PublishedTable same = shippedWith("  relation: unknown\n", "  relation: shared-l3\n  isolated: false\n");
        PublishedComparison.Ours o = PublishedComparison.of(same, run, null).sides.get(0);
        assertEquals(Match.SAME, o.facts.get(Fact.RELATION));
        assertEquals(Match.SAME, o.facts.get(Fact.ISOLATION));
        PublishedTable siblings = shippedWith("  relation: unknown\n", "  relation: smt-siblings\n  isolated: true\n");
        PublishedComparison.Ours d = PublishedComparison.of(siblings, run, null).sides.get(0);
        assertEquals(Match.DIFFERENT, d.facts.get(Fact.RELATION));
        assertEquals(Match.DIFFERENT, d.facts.get(Fact.ISOLATION));
    }

    @Test
    void aModelNumberInBothNamesIsTheSameCpu() {
        assertEquals(Match.SAME, PublishedComparison.sameModel("i7-10710U CPU @ 1.10GHz",
                "Intel(R) Core(TM) i7-10710U CPU @ 1.10GHz"));
        assertEquals(Match.DIFFERENT, PublishedComparison.sameModel("AMD Ryzen 9 5950X 16-Core Processor",
                "AMD Ryzen 9 5900X 12-Core Processor"));
        assertEquals(Match.DIFFERENT, PublishedComparison.sameModel("i7-10710U CPU @ 1.10GHz",
                "Intel(R) Xeon(R) Processor"));
    }

    @Test
    void aJvmOursDoesNotHoldIsBadInputNamingThoseItHolds() throws IOException {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        BadInputException e = assertThrows(BadInputException.class,
                () -> PublishedComparison.of(shipped(), run, "openjdk-21"));
        assertTrue(e.getMessage().endsWith(" jdk17"), "names the JVM it holds: " + e.getMessage());
    }
}
