package io.queuelatency.wings.capacity;

import io.queuelatency.files.Format;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.report.MatrixReport;
import io.queuelatency.report.SummaryJson;
import java.util.Collections;
import java.util.List;

/**
 * A capacity search's report: summary.json, the saturation figures and summary.md, from its stored steps; every
 * matrix report's files beside them (report.Formats.MATRIX).
 */
public final class CapacityReport {
    /** A search's own files beside every matrix report's: summary.json (summary.md is every report's). */
    static final List<Format<Capacity>> FORMATS =
            Collections.singletonList(JsonNodes.format(SummaryJson.FILE_NAME, CapacityJson::render));

    /** What {@link MatrixReport} writes of a capacity search beside every report's files. */
    public static final MatrixReport.SearchBody BODY = (data, dir, figures) -> {
        Capacity capacity = new Capacity(data);
        Format.writeAll(capacity, dir, FORMATS);
        Saturation.write(capacity, figures);
        return CapacityMarkdown.render(capacity, figures.missing());
    };

    private CapacityReport() {
    }
}
