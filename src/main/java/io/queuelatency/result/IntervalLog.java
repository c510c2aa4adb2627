package io.queuelatency.result;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
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

    @Override
    public void close() {
        out.flush();
        out.close();
    }
}
