package io.queuelatency.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.measure.LatencyRecorder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {
    @TempDir
    Path dir;

    /** Intervals like a run's: most values near a microsecond, a tail to tens of milliseconds, one reused histogram. */
    private static List<Histogram> intervals(int n) {
        Random random = new Random(42);
        List<Histogram> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Histogram h = LatencyRecorder.newHistogram();
            for (int m = 0; m < 20_000; m++) {
                long v = (long) (900 * Math.exp(random.nextGaussian() * (m % 1000 == 0 ? 3 : 0.3)));
                h.recordValue(Math.max(1, Math.min(v, LatencyRecorder.HIGHEST_TRACKABLE_NS)));
            }
            h.setStartTimeStamp(1_000_000 + i * 1000L);
            h.setEndTimeStamp(1_000_000 + (i + 1) * 1000L);
            out.add(h);
        }
        return out;
    }

    private static String expected(List<Histogram> intervals, long startMs) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes);
        HistogramLogWriter w = new HistogramLogWriter(out);
        w.outputComment("test");
        w.outputLogFormatVersion();
        w.outputStartTime(startMs);
        w.setBaseTime(startMs);
        w.outputLegend();
        for (int i = 0; i < intervals.size(); i++) {
            if (i == 2) {
                w.outputComment(IntervalLog.WINDOW_START + 1_002_000);
            }
            Histogram h = intervals.get(i);
            h.setTag(i % 2 == 0 ? "intended" : "actual");
            w.outputIntervalHistogram(h);
        }
        out.flush();
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }

    private String written(List<Histogram> intervals, long startMs, long heldLimit) throws Exception {
        Path file = dir.resolve("latency-" + heldLimit + ".hlog");
        Histogram reused = LatencyRecorder.newHistogram();
        try (IntervalLog log = new IntervalLog(file, startMs, "test", heldLimit)) {
            for (int i = 0; i < intervals.size(); i++) {
                if (i == 2) {
                    log.markWindowStart(1_002_000);
                }
                // the caller reuses its histogram at once: the log must have kept what it needs
                reused.reset();
                reused.add(intervals.get(i));
                reused.setStartTimeStamp(intervals.get(i).getStartTimeStamp());
                reused.setEndTimeStamp(intervals.get(i).getEndTimeStamp());
                log.append(i % 2 == 0 ? "intended" : "actual", reused);
            }
        }
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    @Test
    void writesWhatHdrHistogramsOwnWriterWritesWhetherHeldToTheEndOrSentOutAsItGoes() throws Exception {
        List<Histogram> intervals = intervals(12);
        String expected = expected(intervals, 1_000_000);
        assertEquals(expected, written(intervals, 1_000_000, IntervalLog.HELD_LIMIT_BYTES), "held to the end");
        assertEquals(expected, written(intervals, 1_000_000, 1), "each interval written as the next comes");
        assertEquals(expected, written(intervals, 1_000_000, 4_000), "a few kept at a time");
    }

    @Test
    void theSumReadBackIsTheSumOfTheIntervals() throws Exception {
        List<Histogram> intervals = intervals(6);
        written(intervals, 1_000_000, 1);
        Histogram sum = LatencyRecorder.newHistogram();
        for (int i = 0; i < intervals.size(); i += 2) {
            sum.add(intervals.get(i));
        }
        Histogram read = IntervalLog.sum(dir.resolve("latency-1.hlog"), "intended");
        assertEquals(sum.getTotalCount(), read.getTotalCount());
        assertEquals(sum.getMaxValue(), read.getMaxValue());
        assertEquals(sum.getValueAtPercentile(99.9), read.getValueAtPercentile(99.9));
        assertTrue(read.getTotalCount() == 3 * 20_000);
    }
}
