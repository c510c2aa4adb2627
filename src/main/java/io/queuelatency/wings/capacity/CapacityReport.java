package io.queuelatency.wings.capacity;

import io.queuelatency.report.MatrixReport;
import io.queuelatency.report.SummaryJson;

/** A capacity search's report: summary.json, the saturation figures and summary.md, from its stored steps. */
public final class CapacityReport {
    /** What {@link MatrixReport} writes of a capacity search beside every report's files. */
    public static final MatrixReport.SearchBody BODY = (data, dir, figures) -> {
        Capacity capacity = new Capacity(data);
        CapacityJson.write(capacity, dir.resolve(SummaryJson.FILE_NAME));
        Saturation.write(capacity, figures);
        return CapacityMarkdown.render(capacity, figures.missing());
    };

    private CapacityReport() {
    }
}
