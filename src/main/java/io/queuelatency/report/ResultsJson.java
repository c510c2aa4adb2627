package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.words.RunWords;

/** results.json: one object per cell: status and why, each definition's percentiles (ns), rate, GCs, losses. */
final class ResultsJson {
    static final String FILE_NAME = "results.json";

    private ResultsJson() {
    }

    static ArrayNode render(MatrixData data) {
        ArrayNode rows = JsonNodes.array();
        for (MatrixData.Cell c : data.cells) {
            ObjectNode row = rows.addObject();
            row.put("cell", c.id.toString());
            row.put("jvm", c.jvm.id);
            row.put("label", c.jvm.label);
            row.put("size", c.slice.size);
            row.put("rate", c.slice.rate);
            row.put("run", c.id.run);
            row.put("status", c.outcome == null ? "NOT_RUN" : c.outcome.status.name());
            row.put("reason", c.outcome == null ? null : c.outcome.reason);
            RunResult r = c.result;
            if (r != null) {
                row.put("samples", r.latency(Definition.HEADLINE).count);
                for (Definition d : Definition.values()) {
                    ObjectNode values = row.putObject(d.id + "Ns");
                    if (!r.latency(d).isEmpty()) {
                        for (Percentile p : Percentile.REPORTED) {
                            values.put(p.name(), c.run().value(d, p));
                        }
                    }
                }
                row.put("achievedRate", r.rate.achievedPerSecond);
                row.put("gcCount", r.window.gcCount);
                row.put("lost", r.messages.lost);
                row.put("maxSendLagNs", r.rate.maxSendLagNs);
                row.put("lateSends", r.rate.lateSends);
                row.put("latePercent", r.latePercent());
                row.put("pinFailures", r.pinFailures().size());
                row.put("clamped", r.messages.clampedHigh + r.messages.clampedNegative);
                row.set("warnings", JsonNodes.strings(RunWords.warnings(r.validity.warnings)));
            }
            row.set("command", c.outcome == null ? null : JsonNodes.strings(c.outcome.command));
        }
        return rows;
    }
}
