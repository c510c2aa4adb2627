package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Definition;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Tail;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.store.IntervalLog;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineTest {
    @TempDir
    Path tmp;

    /**
     * Three seconds of window, the second one with a 2 ms spike; kept in memory until close, then read back in order.
     */
    private Path log() throws Exception {
        Path hlog = tmp.resolve(IntervalLog.FILE_NAME);
        try (IntervalLog log = new IntervalLog(hlog, 1_767_225_600_000L, "test")) {
            log.markWindowStart(1_767_225_600_000L);
            for (int s = 0; s < 3; s++) {
                Histogram h = new Histogram(3_600_000_000_000L, 3);
                h.setStartTimeStamp(1_767_225_600_000L + 1000L * s);
                h.setEndTimeStamp(1_767_225_600_000L + 1000L * (s + 1));
                for (int i = 0; i < 1000; i++) {
                    h.recordValue(300 + i);
                }
                if (s == 1) {
                    h.recordValue(2_000_000);
                }
                log.append(Definition.INTENDED.tag(), h);
                log.append(Definition.ACTUAL.tag(), h);
                h.reset(); // the interval histogram is reused at once: what was kept must not change
            }
        }
        return hlog;
    }

    @Test
    void theIntervalsAreKeptAndReadBackInTimeOrderWithTheirMaxima() throws Exception {
        List<IntervalLog.Interval> intervals = IntervalLog.intervals(log(), Definition.INTENDED.tag());
        assertEquals(3, intervals.size());
        assertEquals(0.0, intervals.get(0).fromS);
        assertEquals(2.0, intervals.get(2).fromS);
        assertEquals(1000, intervals.get(0).count);
        assertEquals(1001, intervals.get(1).count);
        assertTrue(intervals.get(1).maxNs >= 2_000_000 && intervals.get(1).maxNs < 2_010_000,
                "max " + intervals.get(1).maxNs);
        assertTrue(intervals.get(0).maxNs < 1_400, "max " + intervals.get(0).maxNs);
    }

    @Test
    void aRunWithStallsAndEventsIsDrawnAndOneWithoutALogIsNot() throws Exception {
        log();
        RunResultBuilder b = new RunResultBuilder();
        ThreadStalls producer = stalls(new long[] {0, 2_000_000, 0});
        producer.count = 1;
        producer.totalNs = 2_000_000;
        producer.maxNs = 2_000_000;
        Tail t = tail(producer, stalls(new long[3]));
        t.events = Arrays.asList(new Tail.Event(1_200_000_000L, 150_000, 150_000, "Cleanup", false));
        t.cycleStartsNs = new long[] {1_500_000_000L};
        b.tail = t;
        RunResult r = b.build();
        Path png = tmp.resolve("timeline.png");
        assertTrue(Timeline.write(tmp, r, png, "test", null));
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1100, image.getWidth());
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        assertFalse(Timeline.write(empty, r, empty.resolve("timeline.png"), "test", null));
        assertFalse(Files.exists(empty.resolve("timeline.png")));
    }

    /**
     * openjdk-21-run3's Cleanup of reports/example: 2.35 ms logged, 2.12 ms of it leaving the safepoint after the
     * threads ran again. Its dot sits at the 234 us the threads were stopped, below the 2 ms maximum of its second,
     * not above it.
     */
    @Test
    void aJvmEventsDotSitsAtHowLongItStoppedTheThreadsNotAtItsWholeLength() throws Exception {
        log();
        RunResultBuilder b = new RunResultBuilder();
        ThreadStalls none = stalls(new long[3]);
        Tail t = tail(none, none);
        t.events = Arrays.asList(new Tail.Event(1_200_000_000L, 2_352_783, 233_758, "Cleanup", false));
        b.tail = t;
        Path png = tmp.resolve("timeline.png");
        double[] range = {100, 10_000_000};
        assertTrue(Timeline.write(tmp, b.build(), png, "test", range));
        BufferedImage image = ImageIO.read(png.toFile());
        Drawing.LogAxis y = Drawing.LogAxis.between(range[0], range[1]);
        y.top = 56; // Timeline's plot: TOP to HEIGHT - 70
        y.bottom = 490;
        int lowest = Integer.MAX_VALUE;
        int highest = Integer.MIN_VALUE;
        for (int x = 100; x < 840; x++) { // the plot, left of the legend (which has a grey dot of its own)
            for (int py = y.top; py <= y.bottom; py++) {
                if ((image.getRGB(x, py) & 0xFFFFFF) == 0x999999) {
                    lowest = Math.min(lowest, py);
                    highest = Math.max(highest, py);
                }
            }
        }
        assertTrue(highest - lowest < 10, "one dot: rows " + lowest + "-" + highest);
        double centre = (lowest + highest) / 2.0;
        assertEquals(y.pixel(233_758), centre, 2.0, "at the time the threads were stopped");
        assertTrue(centre > y.pixel(2_000_000) + 20, "below its second's 2 ms maximum");
        assertEquals(233_758, Timeline.height(b.build().tail.events.get(0)));
    }

    @Test
    void aResultStoredWithoutTheStopsHasThemReadAgainFromItsKeptLog() throws Exception {
        Files.copy(Paths.get("src/test/resources/safepoints/openjdk-21-run3.log"), tmp.resolve("safepoints.log"));
        ThreadStalls none = stalls(new long[3]);
        Tail t = tail(none, none);
        t.events = Arrays.asList(new Tail.Event(1_000, 2_352_783, 2_352_783, "Cleanup", false),
                new Tail.Event(2_000, 2_352_783, 2_352_783, "ThreadDump", false),
                new Tail.Event(3_000, 999, 999, "Cleanup", false));
        Tail stored = t;
        List<Tail.Event> events = KeptSafepoints.events(tmp, stored);
        assertEquals(2_352_783 - 2_119_025, events.get(0).stoppedNs, "its line: total less leaving");
        assertEquals(2_352_783, events.get(0).lengthNs);
        assertEquals(2_352_783, events.get(1).stoppedNs, "another operation's: no line, as stored");
        assertEquals(999, events.get(2).stoppedNs, "no line of that total: as stored");
        assertEquals(2_352_783, KeptSafepoints.events(tmp.resolve("none"), stored).get(0).stoppedNs, "no log kept");
    }

    private static Tail tail(ThreadStalls producer, ThreadStalls consumer) {
        Tail t = new Tail();
        t.producer = producer;
        t.consumer = consumer;
        t.jvmEventSource = "test";
        t.jvmEventsRecorded = true;
        t.keptFloorNs = 2_000;
        return t;
    }

    private static ThreadStalls stalls(long[] perSecondMaxNs) {
        ThreadStalls s = new ThreadStalls();
        s.thresholdNs = 5_000;
        s.reads = 1;
        s.perSecondMaxNs = perSecondMaxNs;
        return s;
    }
}
