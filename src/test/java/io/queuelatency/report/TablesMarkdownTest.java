package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The tables' own rules on numbers: what a difference of two histogram values can show. */
class TablesMarkdownTest {
    @Test
    void aDifferenceWithinOneBucketOfTheHistogramIsNoneNotANumber() {
        // At 2.1 to 4.2 ms a bucket of the 3-digit histogram is 2,048 ns wide: the "2.05 µs" was one bucket.
        assertEquals(0, TablesMarkdown.overResolution(4_000_000, 2_048), "one bucket at 4 ms: none");
        assertEquals(0, TablesMarkdown.overResolution(4_000_000, -2_048));
        assertEquals(4_096, TablesMarkdown.overResolution(4_000_000, 4_096), 0, "two buckets: a difference");
        assertEquals(234, TablesMarkdown.overResolution(681, 234), 0, "at the median a bucket is 1 ns");
    }
}
