package io.queuelatency.result;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * latency.hlog: one interval histogram per second and per tag, the lossless record of the run, readable by
 * HdrHistogram's HistogramLogProcessor ({@code -tag intended}) and HistogramLogReader. Tags:
 * {@code intended} and {@code actual} for the measured window, {@code warmup-intended} and
 * {@code warmup-actual} for the warm-up before it.
 */
public final class IntervalLog implements AutoCloseable {
    public static final String FILE_NAME = "latency.hlog";

    private final PrintStream out;
    private final HistogramLogWriter writer;

    public IntervalLog(Path file, long startTimeMs, String comment) throws IOException {
        this.out = new PrintStream(new FileOutputStream(file.toFile()), false, "UTF-8");
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startTimeMs);
        writer.setBaseTime(startTimeMs);
        writer.outputLegend();
    }

    public void append(String tag, Histogram interval) {
        interval.setTag(tag);
        writer.outputIntervalHistogram(interval);
    }

    /** The sum of every measured-window interval of {@code definition} in {@code hlog}; a broken log is one line naming it. */
    public static Histogram sum(Path hlog, Definition definition) {
        Histogram sum = new Histogram(3); // auto-resizing: takes whatever range the intervals have
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (definition.tag().equals(h.getTag())) {
                    sum.add((Histogram) h);
                }
            }
        } catch (java.io.FileNotFoundException e) {
            throw new StoredFileException(hlog, "missing");
        } catch (RuntimeException e) {
            throw new StoredFileException(hlog, "not a readable HdrHistogram log (" + e + ")");
        }
        return sum;
    }

    @Override
    public void close() {
        out.flush();
        out.close();
    }
}
