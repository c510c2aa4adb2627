package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.queuelatency.measure.LatencyRecorder;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PercentilesTest {
    @Test
    void valuesAndHowManySamplesLieBeyondEach() {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v = 1; v <= 1000; v++) { // below 2048 the histogram is exact at 3 digits
            h.recordValue(v);
        }
        RunResult.Latency l = Percentiles.of("test", h);
        long[][] expected = {{500, 500}, {900, 100}, {990, 10}, {999, 1}, {1000, 0}, {1000, 0}, {1000, 0}};
        for (int i = 0; i < expected.length; i++) {
            RunResult.PercentileValue p = l.percentiles.get(i);
            assertEquals(Percentiles.REPORTED[i], p.percentile);
            assertEquals(expected[i][0], p.valueNs, "value at " + p.percentile);
            assertEquals(expected[i][1], p.beyond, "beyond " + p.percentile);
        }
        assertEquals(1000, l.count);
        assertEquals(1, l.minNs);
        assertEquals(1000, l.maxNs);
    }

    @Test
    void labelsReadAsPeopleWriteThem() {
        assertEquals("50", Percentiles.label(50));
        assertEquals("99.99", Percentiles.label(99.99));
        assertEquals("99.999", Percentiles.label(99.999));
        assertEquals("worst", Percentiles.label(100));
    }

    @Test
    void anEmptyHistogramHasNoPercentiles() {
        assertEquals(0, Percentiles.of("none", LatencyRecorder.newHistogram()).percentiles.size());
    }
}
