package io.queuelatency.report;

import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.words.RunWords;
import java.util.Locale;

/** results.csv: one row per cell, both percentile sets (ns), the rate, GCs, losses, worst lag and why not valid. */
final class ResultsCsv {
    static final String FILE_NAME = "results.csv";

    private ResultsCsv() {
    }

    static String render(MatrixData data) {
        StringBuilder s = new StringBuilder("cell,jvm,label,size,rate,run,status,samples");
        for (Definition d : Definition.values()) {
            for (Percentile p : Percentile.REPORTED) {
                s.append(',').append(d.id).append('_').append(p.name()).append("_ns"); // intended_p99.9_ns
            }
        }
        s.append(",achieved_rate,gc_count,lost,duplicated,out_of_order,corrupted,max_send_lag_ns,late_sends,"
                + "late_percent,pin_failures,clamped,warnings,reason\n");
        for (MatrixData.Cell c : data.cells) {
            s.append(c.id).append(',').append(c.jvm.id).append(',').append(quote(c.jvm.label)).append(',')
                    .append(c.slice.size).append(',')
                    .append(c.slice.rate).append(',').append(c.id.run).append(',');
            s.append(c.outcome == null ? "NOT_RUN" : c.outcome.status.name()).append(',');
            RunResult r = c.result;
            s.append(r == null ? "" : Long.toString(r.latency(Definition.HEADLINE).count));
            for (Definition d : Definition.values()) {
                for (Percentile p : Percentile.REPORTED) {
                    s.append(',');
                    if (r != null && !r.latency(d).isEmpty()) {
                        s.append(c.run().value(d, p));
                    }
                }
            }
            if (r == null) {
                s.append(",,,,,,,,,,,,");
            } else {
                s.append(String.format(Locale.ROOT, ",%.1f,%d,%d,%d,%d,%d,%d,%d,%s,%d,%d,", r.rate.achievedPerSecond,
                        r.window.gcCount,
                        r.messages.lost, r.messages.duplicated, r.messages.outOfOrder, r.messages.corrupted,
                        r.rate.maxSendLagNs,
                        r.rate.lateSends, r.messages.measured == 0 ? "-"
                        : String.format(Locale.ROOT, "%.2f", r.latePercent()), r.pinFailures().size(),
                        r.messages.clampedHigh + r.messages.clampedNegative));
                s.append(quote(RunWords.joinedWarnings(r.validity.warnings)));
            }
            s.append(',').append(quote(c.outcome == null || c.outcome.reason == null ? "" : c.outcome.reason))
                    .append('\n');
        }
        return s.toString();
    }

    static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
