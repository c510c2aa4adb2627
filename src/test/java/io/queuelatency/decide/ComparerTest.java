package io.queuelatency.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Percentile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare A B as facts: each percentile's change with its verdict, and what A and B do not share. */
class ComparerTest {
    @TempDir
    Path tmp;

    @Test
    void aDoubledMedianOnTheSameHostIsARegressionACiJobCanGateOn() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97, 1.01, 0.99).write(a);
        new MatrixFixture().jvm("openjdk-17", 2.0, 2.06, 1.94, 2.02, 1.98).write(b);
        Comparer c = Comparer.of(a, b, Analysis.DEFAULT_MARGIN);
        assertTrue(c.differences.isEmpty(), "same host and settings");
        Comparer.Row median = c.rows.get(0);
        assertEquals("openjdk-17", median.jvm);
        assertEquals(Percentile.P50, median.percentile);
        assertEquals(Comparer.Change.REGRESSED, median.verdict, "the median doubled");
        assertEquals(2.0, median.ratio, 0.1);
        assertTrue(median.low > 1, "the whole interval above 1");
        assertTrue(c.regressed(), "a CI job can gate on it");
    }

    @Test
    void aGateFailsOnlyWhereTheWholeIntervalLiesBeyondTheMargin() throws Exception {
        // B 7% slower at the median, its interval above 1 but not wholly above the 5% margin: a change, not a
        // regression the gate fails on; 20% slower with a tight spread: the whole interval beyond it
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        Path c = Files.createDirectory(tmp.resolve("c"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.01, 0.99, 1.02, 0.98, 1.0).write(a);
        new MatrixFixture().jvm("openjdk-17", 1.07, 1.08, 1.06, 1.09, 1.05, 1.07).write(b);
        new MatrixFixture().jvm("openjdk-17", 1.2, 1.21, 1.19, 1.22, 1.18, 1.2).write(c);
        Comparer slightly = Comparer.of(a, b, Analysis.DEFAULT_MARGIN);
        Comparer.Row median = slightly.rows.get(0);
        assertEquals(Comparer.Change.REGRESSED, median.verdict, "slower, the interval above 1: " + median.low);
        assertTrue(median.ratio > 1.05 && median.low <= 1.05, median.low + " " + median.ratio);
        assertFalse(slightly.regressed(), "its interval reaches below the margin");
        Comparer.Row clearly = Comparer.of(a, c, Analysis.DEFAULT_MARGIN).rows.get(0);
        assertTrue(clearly.low > 1.05, "the whole interval beyond 5%: " + clearly.low);
        assertTrue(Comparer.of(a, c, Analysis.DEFAULT_MARGIN).regressed());
    }

    @Test
    void theSameRunsDoNotRegressAndEveryFactTheHostsDoNotShareIsNamedWithBothValues() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).write(a);
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).write(b);
        MatrixFixture.environment(b, "Other CPU 1000", "5.4.0");
        Comparer c = Comparer.of(a, b, Analysis.DEFAULT_MARGIN);
        assertEquals(2, c.differences.size());
        assertDifference("cpuModel", "Test CPU 9000", "Other CPU 1000", c.differences.get(0));
        assertDifference("kernel", "6.1.0-test", "5.4.0", c.differences.get(1));
        assertFalse(c.regressed());
        assertNotEquals(Comparer.Change.REGRESSED, c.rows.get(0).verdict);
        assertNotEquals(Comparer.Change.IMPROVED, c.rows.get(0).verdict);
    }

    private static void assertDifference(String fact, String a, String b, Comparer.Difference d) {
        assertEquals(fact, d.fact);
        assertEquals(a, d.a, fact + " on A");
        assertEquals(b, d.b, fact + " on B");
    }
}
