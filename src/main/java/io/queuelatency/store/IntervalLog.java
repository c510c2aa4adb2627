package io.queuelatency.store;

import io.queuelatency.exit.StoredFileException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * latency.hlog: one interval histogram per second and per tag, the lossless record of the run, readable by
 * HdrHistogram's HistogramLogProcessor ({@code -tag intended}). Tags: each definition's id for the measured window,
 * the same with {@code warmup-} before it for the warm-up (schema 3: see {@link Definition#storedUnder}).
 *
 * <p>While the run goes on the intervals are only kept, as their recorded (value, count) pairs in varints (a few KB
 * each, a loop over the counts); they are compressed and written at the end: compressing once a second would cost about
 * half a millisecond of CPU per interval, taken from a measured thread on a host with no CPU to spare. Once more than
 * {@link #HELD_LIMIT_BYTES} are kept (about a quarter of an hour of window at 100,000 msg/s, three definitions), each
 * new interval sends the oldest kept ones out, a few milliseconds a second, so memory stays bounded whatever the
 * window's length. Writing allocates little: every interval is replayed into one reused histogram (decoding each into a
 * histogram of its own would make about 2 GB of garbage in seconds, and GC pauses in the window, once 32 MiB are kept).
 */
public final class IntervalLog implements AutoCloseable {
    public static final String FILE_NAME = "latency.hlog";

    static final long HELD_LIMIT_BYTES = 32L << 20;

    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final long heldLimitBytes;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private long heldBytes;
    private byte[] scratch = new byte[1 << 14];
    private Histogram replay;
    private int cursor;

    public IntervalLog(Path file, long startTimeMs, String comment) throws IOException {
        this(file, startTimeMs, comment, HELD_LIMIT_BYTES);
    }

    IntervalLog(Path file, long startTimeMs, String comment, long heldLimitBytes) throws IOException {
        this.heldLimitBytes = heldLimitBytes;
        this.out = new PrintStream(new FileOutputStream(file.toFile()), false, "UTF-8");
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startTimeMs);
        writer.setBaseTime(startTimeMs);
        writer.outputLegend();
    }

    /** When the window began (wall clock, ms): the timeline's zero. */
    static final String WINDOW_START = "window starts at epoch ms ";

    /** Kept in order, written with the intervals: nothing written now. */
    public void markWindowStart(long epochMs) {
        held.add(new Held(null, epochMs, epochMs, null));
    }

    /** The histogram may be reused at once. */
    public void append(String tag, Histogram interval) {
        if (replay == null || !sameShape(replay, interval)) {
            replay = new Histogram(interval.getLowestDiscernibleValue(), interval.getHighestTrackableValue(),
                    interval.getNumberOfSignificantValueDigits());
        }
        int length = 0;
        long previous = 0;
        for (HistogramIterationValue v : interval.recordedValues()) {
            long value = v.getValueIteratedTo();
            if (scratch.length - length < 20) {
                scratch = Arrays.copyOf(scratch, scratch.length * 2);
            }
            length = putVarLong(scratch, length, value - previous); // values rise: deltas are small
            length = putVarLong(scratch, length, v.getCountAtValueIteratedTo());
            previous = value;
        }
        held.add(new Held(tag, interval.getStartTimeStamp(), interval.getEndTimeStamp(),
                Arrays.copyOf(scratch, length)));
        heldBytes += length;
        while (heldBytes > heldLimitBytes) {
            writeOldest();
        }
    }

    public void flush() {
        while (!held.isEmpty()) {
            writeOldest();
        }
        out.flush();
    }

    private void writeOldest() {
        Held h = held.poll();
        if (h.pairs == null) {
            writer.outputComment(WINDOW_START + h.startMs);
            return;
        }
        heldBytes -= h.pairs.length;
        replay.reset();
        cursor = 0;
        long value = 0;
        while (cursor < h.pairs.length) {
            value += getVarLong(h.pairs);
            replay.recordValueWithCount(value, getVarLong(h.pairs));
        }
        replay.setStartTimeStamp(h.startMs);
        replay.setEndTimeStamp(h.endMs);
        replay.setTag(h.tag);
        writer.outputIntervalHistogram(replay);
    }

    private static boolean sameShape(Histogram a, Histogram b) {
        return a.getLowestDiscernibleValue() == b.getLowestDiscernibleValue()
                && a.getHighestTrackableValue() == b.getHighestTrackableValue()
                && a.getNumberOfSignificantValueDigits() == b.getNumberOfSignificantValueDigits();
    }

    private static int putVarLong(byte[] into, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            into[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        into[at++] = (byte) v;
        return at;
    }

    private long getVarLong(byte[] from) {
        long v = 0;
        for (int shift = 0;; shift += 7) {
            byte b = from[cursor++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    private static final class Held {
        final String tag;
        final long startMs;
        final long endMs;
        /** (value delta, count) pairs as varints; null for the window's start mark. */
        final byte[] pairs;

        Held(String tag, long startMs, long endMs, byte[] pairs) {
            this.tag = tag;
            this.startMs = startMs;
            this.endMs = endMs;
            this.pairs = pairs;
        }
    }

    public static final class Interval {
        /** Seconds from the window's start (0 for the part before it). */
        public final double fromS;
        public final double toS;
        public final long count;
        public final long p99Ns;
        public final long maxNs;

        Interval(double fromS, double toS, long count, long p99Ns, long maxNs) {
            this.fromS = fromS;
            this.toS = toS;
            this.count = count;
            this.p99Ns = p99Ns;
            this.maxNs = maxNs;
        }
    }

    /**
     * The measured window's intervals tagged {@code tag}, in time order, timed from the window's start. Each interval
     * is read, reduced to its count, p99 and maximum, and dropped: a 30-minute log is not held decoded.
     */
    public static List<Interval> intervals(Path hlog, String tag) {
        List<long[]> found = new ArrayList<>(); // start ms, end ms, count, p99, max
        each(hlog, tag, h -> found.add(new long[] {h.getStartTimeStamp(), h.getEndTimeStamp(), h.getTotalCount(),
                h.getValueAtPercentile(99), h.getMaxValue()}));
        found.sort((a, b) -> Long.compare(a[0], b[0]));
        if (found.isEmpty()) {
            return new ArrayList<>();
        }
        // The window's own start where the log says it; else the end of its first interval (the first tick of the
        // window: that interval began at the warm-up's last tick and holds only the window's first moments).
        long mark = windowStartMs(hlog);
        long zero = mark >= 0 ? mark : found.get(0)[1];
        return found.stream().map(h -> new Interval(Math.max(0, h[0] - zero) / 1000.0,
                Math.max(0, h[1] - zero) / 1000.0, h[2], h[3], h[4])).collect(Collectors.toList());
    }

    private static long windowStartMs(Path hlog) {
        try (Stream<String> lines = Files.lines(hlog, StandardCharsets.UTF_8)) {
            return lines.filter(line -> line.startsWith("#" + WINDOW_START)).findFirst()
                    .map(line -> Long.parseLong(line.substring(1 + WINDOW_START.length()).trim())).orElse(-1L);
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            return -1; // no mark: the caller falls back on the intervals
        }
    }

    /** A broken log is one line naming it. */
    public static Histogram sum(Path hlog, String tag) {
        Histogram sum = new Histogram(3); // auto-resizing: takes whatever range the intervals have
        each(hlog, tag, sum::add);
        return sum;
    }

    /** Each interval tagged {@code tag}, in the log's order, one at a time; a broken log is one line naming it. */
    private static void each(Path hlog, String tag, java.util.function.Consumer<Histogram> take) {
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (tag.equals(h.getTag())) {
                    take.accept((Histogram) h);
                }
            }
        } catch (java.io.FileNotFoundException e) {
            throw new StoredFileException(hlog, "missing");
        } catch (RuntimeException e) {
            throw new StoredFileException(hlog, "not a readable HdrHistogram log (" + e + ")");
        }
    }

    @Override
    public void close() {
        flush();
        out.close();
    }
}
