package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.measure.LatencyRecorder;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyTest {
    @Test
    void valuesAndHowManySamplesLieBeyondEachAreKeyedByPercentile() {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v = 1; v <= 1000; v++) { // below 2048 the histogram is exact at 3 digits
            h.recordValue(v);
        }
        Latency l = Latency.of(Definition.INTENDED, h);
        long[][] expected = {{500, 500}, {900, 100}, {990, 10}, {999, 1}, {1000, 0}, {1000, 0}, {1000, 0}};
        List<Percentile> ps =
                Arrays.asList(Percentile.P50, Percentile.P90, Percentile.P99, Percentile.P99_9, Percentile.P99_99,
                Percentile.P99_999, Percentile.WORST);
        for (int i = 0; i < expected.length; i++) {
            Latency.Value v = l.at(ps.get(i));
            assertEquals(expected[i][0], v.valueNs, "value at " + ps.get(i));
            assertEquals(expected[i][1], v.beyond, "beyond " + ps.get(i));
        }
        assertEquals(1000, l.count);
        assertEquals(1, l.minNs);
        assertEquals(1000, l.maxNs);
        assertEquals(1000, l.ns(Percentile.of(100)), "a percentile is found by its value, however it was made");
    }

    @Test
    void labelsReadAsPeopleWriteThem() {
        assertEquals("p50", Percentile.P50.name());
        assertEquals("p99.99", Percentile.P99_99.name());
        assertEquals("p99.999", Percentile.P99_999.name());
        assertEquals("worst", Percentile.WORST.name());
        assertEquals("p99.9999", Percentile.of(99.9999).name());
        assertEquals("99.9", Percentile.P99_9.number());
    }

    @Test
    void everySpellingOurFilesHaveHeldIsReadAsTheSamePercentile() {
        assertEquals(Percentile.P99_9, Percentile.parse("p99.9"));
        assertEquals(Percentile.P99_9, Percentile.parse("99.9"));
        assertEquals(Percentile.P50, Percentile.parse("p50"));
        assertEquals(Percentile.WORST, Percentile.parse("worst"));
        assertEquals(Percentile.WORST, Percentile.parse("pmax"));
        assertEquals(Percentile.WORST, Percentile.parse("100"));
        for (String bad : new String[] {"", "p", "max", "p0", "p101", "q99", "p99x"}) {
            assertThrows(IllegalArgumentException.class, () -> Percentile.parse(bad), bad);
        }
    }

    @Test
    void anEmptyHistogramHasNoPercentiles() {
        Latency l = Latency.of(Definition.ACTUAL, LatencyRecorder.newHistogram());
        assertTrue(l.isEmpty());
        assertNull(l.at(Percentile.P50));
        assertEquals(-1, l.ns(Percentile.P50));
    }
}
