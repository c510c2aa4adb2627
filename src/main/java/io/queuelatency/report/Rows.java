package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.words.RunWords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A report's rows for scripts: results.csv and results.json, one per cell (status and why, both percentile sets in
 * ns, the rate, GCs, losses, worst lag); estimates.csv, Table 3's estimate per JVM, definition and percentile (ns).
 */
final class Rows {
    static final String RESULTS_CSV = "results.csv";
    static final String RESULTS_JSON = "results.json";
    static final String ESTIMATES_CSV = "estimates.csv";

    private Rows() {
    }

    static String resultsCsv(MatrixData data) {
        StringBuilder s = new StringBuilder("cell,jvm,label,size,rate,run,status,samples");
        List<Definition> measured = Definition.of(data.plan.settings.workloadInPath());
        for (Definition d : measured) {
            for (Percentile p : Percentile.REPORTED) {
                s.append(',').append(d.id).append('_').append(p.name()).append("_ns"); // intended_p99.9_ns
            }
        }
        s.append(",achieved_rate,gc_count,lost,duplicated,out_of_order,corrupted,max_send_lag_ns,late_sends,"
                + "late_percent,pin_failures,clamped,warnings,reason\n");
        for (MatrixData.Cell c : data.cells) {
            RunResult r = c.result;
            List<Object> row = new ArrayList<>(Arrays.asList(c.id, c.jvm.id, quote(c.jvm.label), c.slice.size,
                    c.slice.rate, c.id.run, c.outcome == null ? "NOT_RUN" : c.outcome.status.name(),
                    r == null ? "" : r.latency(Definition.HEADLINE).count));
            for (Definition d : measured) {
                for (Percentile p : Percentile.REPORTED) {
                    row.add(r != null && !r.latency(d).isEmpty() ? c.run().value(d, p) : "");
                }
            }
            row.add(r == null ? ",,,,,,,,,,," : String.format(Locale.ROOT, "%.1f,%d,%d,%d,%d,%d,%d,%d,%s,%d,%d,%s",
                    r.rate.achievedPerSecond, r.window.gcCount, r.messages.lost, r.messages.duplicated,
                    r.messages.outOfOrder, r.messages.corrupted, r.rate.maxSendLagNs, r.rate.lateSends,
                    r.messages.measured == 0 ? "-" : String.format(Locale.ROOT, "%.2f", r.latePercent()),
                    r.pinFailures().size(), r.messages.clampedHigh + r.messages.clampedNegative,
                    quote(RunWords.joinedWarnings(r.validity.warnings))));
            row.add(quote(c.outcome == null || c.outcome.reason == null ? "" : c.outcome.reason));
            s.append(csv(row.toArray()));
        }
        return s.toString();
    }

    static ArrayNode resultsJson(MatrixData data) {
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
                for (Definition d : Definition.of(data.plan.settings.workloadInPath())) {
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

    static String estimatesCsv(List<Analysis> slices) {
        StringBuilder s = new StringBuilder("size,rate,jvm,definition,percentile,value_ns,low_ns,high_ns,confidence,"
                + "runs_counted,worst_run,floor_ns\n");
        for (Analysis a : slices) {
            MatrixData.Slice slice = a.data.slice != null ? a.data.slice : a.data.slices().get(0);
            a.forEachEstimate((j, d, p, e) -> {
                Estimate f = a.hostFloor.at(d, p); // the host's, the same for every JVM
                s.append(csv(slice.size, slice.rate, j.id, d.id, p.name(), e.tooFewSamples ? "" : ns(e.value),
                        e.hasInterval() ? String.format(Locale.ROOT, "%.0f,%.0f,%.4f", e.low, e.high, e.confidence)
                        : ",,", e.runs, e.worstRun == null ? "" : e.worstRun,
                        f == null || f.tooFewSamples ? "" : ns(f.value)));
            });
        }
        return s.toString();
    }

    private static String csv(Object... cells) {
        return Arrays.stream(cells).map(String::valueOf).collect(Collectors.joining(",", "", "\n"));
    }

    private static String ns(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
