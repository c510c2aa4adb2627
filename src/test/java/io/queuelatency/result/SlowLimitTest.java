package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SlowLimitTest {
    @Test
    void aPercentileOrALatency() {
        assertEquals(Percentile.P99, SlowLimit.parse(SlowLimit.DEFAULT).percentile);
        assertEquals(Percentile.P99_9, SlowLimit.parse("p99.9").percentile);
        assertEquals(12_345, SlowLimit.parse("p99.9").ns(12_345), "a percentile's limit is the run's value there");
        assertEquals(50_000, SlowLimit.parse("50us").latencyNs);
        assertEquals(50_000, SlowLimit.parse("50µs").ns(12_345), "a stated latency is itself");
        assertEquals(1_500_000, SlowLimit.parse("1.5ms").latencyNs);
        assertEquals(800, SlowLimit.parse("800ns").latencyNs);
    }

    @Test
    void anythingElseIsNone() {
        assertNull(SlowLimit.parse("worst"), "nothing is beyond the worst");
        assertNull(SlowLimit.parse("p100"));
        assertNull(SlowLimit.parse("p0"));
        assertNull(SlowLimit.parse("50"), "a latency without its unit");
        assertNull(SlowLimit.parse("2s"), "seconds are not a message's latency here");
        assertNull(SlowLimit.parse("0.1ns"));
        assertNull(SlowLimit.parse("slow"));
    }
}
