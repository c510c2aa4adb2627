package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import java.util.Locale;

/** estimates.csv: the report's estimate per JVM, definition and percentile (Tables 3's), in ns. */
final class EstimatesCsv {
    static final String FILE_NAME = "estimates.csv";

    private EstimatesCsv() {
    }

    static String render(java.util.List<Analysis> slices) {
        StringBuilder s = new StringBuilder("size,rate,jvm,definition,percentile,value_ns,low_ns,high_ns,confidence,"
                + "runs_counted,worst_run,floor_ns\n");
        for (Analysis a : slices) {
            rows(s, a);
        }
        return s.toString();
    }

    private static void rows(StringBuilder s, Analysis a) {
        MatrixData.Slice slice = a.data.slice != null ? a.data.slice : a.data.slices().get(0);
        a.forEachEstimate((j, d, p, e) -> {
            Estimate f = a.hostFloor.at(d, p); // the host's, the same for every JVM
            s.append(slice.size).append(',').append(slice.rate).append(',').append(j.id).append(',')
                    .append(d.id).append(',').append(p.name()).append(',')
                    .append(e.tooFewSamples ? "" : String.format(Locale.ROOT, "%.0f", e.value)).append(',')
                    .append(e.hasInterval()
                    ? String.format(Locale.ROOT, "%.0f,%.0f,%.4f", e.low, e.high, e.confidence) : ",,")
                    .append(',').append(e.runs).append(',').append(e.worstRun == null ? "" : e.worstRun)
                    .append(',')
                    .append(f == null || f.tooFewSamples ? "" : String.format(Locale.ROOT, "%.0f", f.value))
                    .append('\n');
        });
    }
}
