package io.queuelatency.wings.map;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Percentile;
import io.queuelatency.text.Units;
import java.awt.Color;
import java.util.List;

/** map.html: the map as one self-contained page, its heatmap a table with each cell's values on hover. */
public final class MapPage {
    public static final String FILE_NAME = "map.html";

    private MapPage() {
    }

    /** map.html: the facts of the host and the map, its relations' colours and the grid of every pair. */
    public static String render(HostMap m) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc("Map of " + m.host.hostname + "'s CPU pairs")).append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse}")
                .append("td,th{padding:2px 6px;text-align:right}.grid td{padding:0;width:").append(cellPx(m))
                .append("px;height:").append(cellPx(m)).append("px;font-size:9px;text-align:center}")
                .append(".grid th{font-size:10px;font-weight:normal;padding:0 3px}")
                .append(".facts td,.facts th{text-align:left;vertical-align:top}\n</style></head><body>\n");
        h.append("<h1>One-way hand-off between the CPUs of ").append(esc(m.host.hostname)).append("</h1>\n");
        h.append("<p>").append(esc(MapScreen.measuredWhat(m))).append("</p>\n");
        facts(h, m);
        relations(h, m);
        grid(h, m);
        h.append("</body></html>\n");
        return h.toString();
    }

    private static int cellPx(HostMap m) {
        return Math.max(8, Math.min(40, 720 / Math.max(1, m.plan.cpus.size())));
    }

    private static void facts(StringBuilder h, HostMap m) {
        h.append("<table class=\"facts\">\n");
        row(h, "host", MapScreen.hostLine(m));
        row(h, "plan", MapScreen.planLine(m));
        row(h, "took", MapScreen.time(m.elapsedNs) + " (about " + MapScreen.time(m.plan.estimatedNs) + " expected), "
                + m.startedAt + " to " + m.finishedAt + ", by " + m.tool);
        if (m.auto != null) {
            row(h, "auto's pair", MapScreen.autoLine(m));
            row(h, "why", m.auto.why);
        }
        h.append("</table>\n");
    }

    private static void relations(StringBuilder h, HostMap m) {
        h.append("<h2>By relation</h2>\n<table><tr><th style=\"text-align:left\">relation</th><th>pairs</th>")
                .append("<th>p50, median of the pairs</th><th>p50, fastest to slowest pair</th>")
                .append("<th>p99, median of the pairs</th></tr>\n");
        for (HostMap.RelationSummary r : m.byRelation()) {
            h.append("<tr><td style=\"text-align:left\"><span style=\"background:")
                    .append(MapScale.hex(MapScale.colour(r.relation))).append("\">&nbsp;&nbsp;&nbsp;</span> ")
                    .append(r.relation.id).append("</td><td>").append(r.pairs).append("</td><td>")
                    .append(esc(Units.ns(r.medianP50Ns))).append("</td><td>").append(esc(Units.ns(r.minP50Ns)))
                    .append(" to ").append(esc(Units.ns(r.maxP50Ns))).append("</td><td>")
                    .append(esc(Units.ns(r.medianP99Ns))).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void grid(StringBuilder h, HostMap m) {
        List<Integer> cpus = m.plan.cpus;
        MapScale scale = MapScale.of(m);
        boolean numbers = cellPx(m) >= 36;
        h.append("<h2>Pairs</h2>\n<p>A row per producer, a column per consumer. Above the diagonal, the median one-way")
                .append(" hand-off measured (the lower CPU producing), from ").append(esc(Units.ns(scale.minNs)))
                .append(" (dark) to ").append(esc(Units.ns(scale.maxNs))).append(" (light), logarithmically;")
                .append(" below it, each pair's relation as sysfs gives it");
        for (CpuPair.Relation r : CpuPair.Relation.values()) {
            h.append(r == CpuPair.Relation.SMT_SIBLINGS ? ": " : ", ").append("<span style=\"background:")
                    .append(MapScale.hex(MapScale.colour(r))).append("\">&nbsp;").append(r.id).append("&nbsp;</span>");
        }
        h.append(m.plan.everyPair ? "." : ". White: a pair not measured (representative pairs only).")
                .append(" Hover over a cell for its values.</p>\n<table class=\"grid\"><tr><th></th>");
        for (int c : cpus) {
            h.append("<th>").append(c).append("</th>");
        }
        h.append("</tr>\n");
        for (int row = 0; row < cpus.size(); row++) {
            h.append("<tr><th>").append(cpus.get(row)).append("</th>");
            for (int col = 0; col < cpus.size(); col++) {
                cell(h, m, scale, new int[] {cpus.get(row), cpus.get(col)}, numbers);
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static void cell(StringBuilder h, HostMap m, MapScale scale, int[] rowCol, boolean numbers) {
        int a = rowCol[0];
        int b = rowCol[1];
        if (a == b) {
            h.append("<td style=\"background:#404040\" title=\"CPU ").append(a).append(": ")
                    .append(esc(cpuFacts(m.topology.cpu(a)))).append("\"></td>");
            return;
        }
        CpuPair.Relation relation = m.topology.relation(Math.min(a, b), Math.max(a, b));
        if (a > b) {
            h.append("<td style=\"background:").append(MapScale.hex(MapScale.colour(relation)))
                    .append("\" title=\"CPUs ").append(b).append(" and ").append(a).append(": ").append(relation.id)
                    .append("\"></td>");
            return;
        }
        HostMap.Pair p = m.pair(a, b);
        if (p == null || p.p50Ns() < 0) {
            h.append("<td style=\"background:#ffffff\" title=\"CPU ").append(a).append(" to ").append(b).append(": ")
                    .append(relation.id).append(", not measured\"></td>");
            return;
        }
        Color fill = scale.colour(p.p50Ns());
        h.append("<td style=\"background:").append(MapScale.hex(fill)).append(";color:")
                .append(MapScale.hex(MapScale.textOn(fill))).append("\" title=\"CPU ").append(a).append(" to ")
                .append(b).append(": ").append(relation.id).append(", p50 ").append(esc(Units.ns(p.p50Ns())))
                .append(", p99 ").append(esc(Units.ns(p.oneWay.ns(Percentile.P99)))).append(", ")
                .append(String.format(java.util.Locale.ROOT, "%,d", p.oneWay.count)).append(" hand-offs\">")
                .append(numbers ? esc(Units.ns(p.p50Ns()).replace(" ", "")) : "").append("</td>");
    }

    private static String cpuFacts(CpuTopology.Cpu c) {
        return c == null ? "not described by sysfs" : "core " + c.core + ", socket " + c.socket + ", NUMA node "
                + c.node + (c.isolated ? ", isolated" : "") + (c.nohzFull ? ", nohz_full" : "");
    }

    private static void row(StringBuilder h, String fact, String value) {
        h.append("<tr><th>").append(esc(fact)).append("</th><td>").append(esc(value)).append("</td></tr>\n");
    }

    private static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
