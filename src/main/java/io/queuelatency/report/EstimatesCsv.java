package io.queuelatency.report;

import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import java.util.Locale;

/** estimates.csv: the report's one estimate per JVM, definition and percentile (what Tables 3 and the figures show), in ns. */
final class EstimatesCsv {
    static final String FILE_NAME = "estimates.csv";

    private EstimatesCsv() {
    }

    static String render(Analysis a) {
        StringBuilder s = new StringBuilder("jvm,definition,percentile,value_ns,low_ns,high_ns,confidence,runs_counted,worst_run,floor_ns\n");
        for (MatrixPlan.Jvm j : a.jvms) {
            for (Definition d : Definition.values()) {
                for (Percentile p : Percentile.REPORTED) {
                    Estimate e = a.estimate(j, d, p);
                    Estimate f = a.floor(j, d, p);
                    s.append(j.id).append(',').append(d.id).append(',').append(p.label()).append(',')
                            .append(String.format(Locale.ROOT, "%.0f", e.value)).append(',')
                            .append(e.hasInterval() ? String.format(Locale.ROOT, "%.0f,%.0f,%.4f", e.low, e.high, e.confidence) : ",,")
                            .append(',').append(e.runs).append(',').append(e.worstRun == null ? "" : e.worstRun).append(',')
                            .append(f == null ? "" : String.format(Locale.ROOT, "%.0f", f.value)).append('\n');
                }
            }
        }
        return s.toString();
    }
}
