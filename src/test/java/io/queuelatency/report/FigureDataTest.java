package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each figure shows, checked before it is drawn: the same estimates as Table 3, every run, an axis that holds
 * them.
 */
class FigureDataTest {
    @TempDir
    Path dir;

    @Test
    void theMedianFigureShowsTableThreesEstimatesAndEveryCountedRun() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 2.0, 2.2, 1.8).analyse(dir);
        FigureData f = FigureData.perJvm(a, Percentile.P50, "Figure 1");
        assertEquals(FigureData.Layout.PER_JVM, f.kind);
        assertEquals(Arrays.asList("a", "b"), f.series);
        assertEquals(f.series, f.xLabels);
        for (int i = 0; i < a.jvms.size(); i++) {
            Estimate shown = f.points[0][i];
            assertSame(a.estimate(a.jvms.get(i), Definition.INTENDED, Percentile.P50), shown,
                    "the table's own estimate, not a copy");
            assertEquals(3, shown.runValues.length, "every counted run is drawn");
        }
    }

    @Test
    void theLatencyAxisHoldsEveryValueIntervalAndRunDrawn() throws Exception {
        Analysis a =
                new MatrixFixture().jvm("a", 1.0, 1.1, 0.9, 1.05, 0.95).jvm("b", 3.0, 2.2, 1.8, 2.0, 2.1).analyse(dir);
        for (FigureData f : Arrays.asList(FigureData.perJvm(a, Percentile.P50, "Figure 1"),
                FigureData.perJvm(a, Percentile.P99_99, "Figure 2"),
                FigureData.byPercentile(a, ""))) {
            for (Estimate[] row : f.points) {
                for (Estimate e : row) {
                    if (e == null) {
                        continue;
                    }
                    assertTrue(f.yMin < e.value && e.value < f.yMax,
                            f.title + ": " + e.value + " in [" + f.yMin + ", " + f.yMax + "]");
                    if (e.hasInterval()) {
                        assertTrue(f.yMin < e.low && e.high < f.yMax, f.title + ": the interval is on the axis");
                    }
                    for (double run : e.runValues) {
                        assertTrue(f.yMin < run && run < f.yMax, f.title + ": run " + run + " is on the axis");
                    }
                }
            }
        }
    }

    @Test
    void thePercentileFigureStepsOneNinePerStepAndLeavesOutWhatTooFewSamplesReach() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 1.2, 1.3, 1.1).analyse(dir);
        FigureData f = FigureData.byPercentile(a, "");
        List<Percentile> ps = Percentile.REPORTED;
        assertEquals(ps.size(), f.xs.length);
        assertEquals(1.0, f.xs[ps.indexOf(Percentile.P90)], 1e-9, "90% is one nine");
        assertEquals(3.0, f.xs[ps.indexOf(Percentile.P99_9)], 1e-9, "99.9% is three nines");
        assertEquals(f.xs[ps.indexOf(Percentile.P99_999)] + 1, f.xs[ps.indexOf(Percentile.WORST)], 1e-9,
                "the worst one step past the last");
        assertEquals("worst", f.xLabels.get(ps.indexOf(Percentile.WORST)));
        assertTrue(Double.isNaN(f.floor[ps.indexOf(Percentile.WORST)]), "no floor drawn at the worst");
        assertFalse(Double.isNaN(f.floor[ps.indexOf(Percentile.P50)]),
                "the floor drawn where the report compares with it");
        for (int i = 0; i < a.jvms.size(); i++) {
            for (int k = 0; k < ps.size(); k++) {
                Estimate e = a.estimate(a.jvms.get(i), Definition.INTENDED, ps.get(k));
                if (e.tooFewSamples) {
                    assertNull(f.points[i][k], ps.get(k).name() + " has too few samples to draw");
                } else {
                    assertSame(e, f.points[i][k]);
                }
            }
        }
    }

    @Test
    void aSizeSweepDrawsOneFigurePerHeadlinePercentileWithEachSizeAPoint() throws Exception {
        MatrixFixture fixture = new MatrixFixture().jvm("a", 1.0, 1.1, 0.9).jvm("b", 1.2, 1.3, 1.1);
        fixture.sizes = new int[] {64, 256, 1024};
        fixture.write(dir);
        MatrixData data = MatrixData.load(dir);
        List<String[]> figures = FigureData.dimensionFigures(data);
        assertEquals(Percentile.HEADLINE.size(), figures.size(), "one figure per headline percentile against size");
        List<FigureData.Dimension> dims = FigureData.dimensions(data);
        assertEquals(1, dims.size());
        assertTrue(dims.get(0).bySize);
        assertEquals(3, dims.get(0).points.size());
        assertNotNull(figures.get(0)[1]);
        assertTrue(figures.get(0)[1].startsWith("size-"), figures.get(0)[1]);
    }
}
