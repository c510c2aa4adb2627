package io.queuelatency.wings.capacity;

import io.queuelatency.files.Format;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.report.MatrixReport;
import io.queuelatency.report.SummaryJson;
import java.util.Collections;
import java.util.List;

/** A capacity search's report: summary.json, the saturation figures and summary.md, from its stored steps. */
public final class CapacityReport {
    static final List<Format<Capacity>> FORMATS =
            Collections.singletonList(JsonNodes.format(SummaryJson.FILE_NAME, CapacityJson::render));

    public static final MatrixReport.SearchBody BODY = (data, dir, figures) -> {
        Capacity capacity = new Capacity(data);
        Format.writeAll(capacity, dir, FORMATS);
        Saturation.write(capacity, figures);
        return CapacityMarkdown.render(capacity, figures.missing());
    };

    private CapacityReport() {
    }
}
