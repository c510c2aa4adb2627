package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class JfrRecordingTest {
    @Test
    void theTightestBracketPlacesFlightRecordersClockOnTheSamples() {
        JfrRecording r = recording();
        // JFR's clock runs 1,000,000,000 ns ahead of ours; each dump takes 20 us inside a bracket of 300, 60 and 100 us
        long ahead = 1_000_000_000L;
        long[] ourStart = {10_000, 500_000, 900_000};
        long[] ourEnd = {310_000, 560_000, 1_000_000};
        // the dumps sit anywhere in their brackets; the second, 40 us of slack, is 10 us off its bracket's centre
        long offset = r.offset(Arrays.asList(new long[] {ahead + 200_000, ahead + 220_000},
                new long[] {ahead + 510_000, ahead + 530_000},
                new long[] {ahead + 950_000, ahead + 970_000}), ourStart, ourEnd);
        assertEquals(-ahead + 10_000, offset, "centred in the tightest bracket: off by 10 us, within its half-slack");
        assertEquals(20_000, r.alignmentNs, "half of that bracket's slack");
    }

    @Test
    void aRecordingWithoutTheDumpsPlacesNothing() {
        JfrRecording r = recording();
        assertEquals(Long.MIN_VALUE,
                r.offset(Collections.<long[]>emptyList(), new long[] {0, 1, 2}, new long[] {5, 6, 7}));
        assertEquals(-1, r.alignmentNs);
    }

    private static JfrRecording recording() {
        return new JfrRecording(java.nio.file.Paths.get("."));
    }
}
