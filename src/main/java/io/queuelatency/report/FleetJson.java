package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.FleetData;
import io.queuelatency.decide.FleetRanking;
import io.queuelatency.decide.HostGroup;
import io.queuelatency.json.FingerprintJson;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The fleet's summary.json (schema queue-latency/fleet/1): every number summary.md shows. {@code hosts}: each host's
 * type, status (reported, failed, corrupt) and why, its report, runs, share and floor; {@code types}: each type's
 * fingerprint and pools, each pool's hosts, why it stands apart, and its {@code answer} as a matrix's summary.json
 * gives it (per slice of a sweep); {@code across}: each pair of JVMs two or more pools measured, per percentile, each
 * pool's ratio, interval and verdict, and how they agree.
 */
final class FleetJson {
    static final String SCHEMA = "queue-latency/fleet/1";

    private FleetJson() {
    }

    static void write(FleetReport.Facts f, Path file) throws IOException {
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        ObjectNode pooling = o.putObject("pooling");
        pooling.set("floorChecked", percentiles());
        pooling.put("rule", "the floors' intervals overlap at each percentile checked, and the matrices' settings "
                + "(but their time budgets) are equal");
        ArrayNode hosts = o.putArray("hosts");
        for (FleetData.HostDir h : f.fleet.hosts) {
            hosts.add(host(f, h));
        }
        ArrayNode types = o.putArray("types");
        for (HostGroup g : f.groups) {
            ObjectNode t = types.addObject();
            t.put("name", g.name);
            ObjectNode print = FingerprintJson.node(g.fingerprint);
            print.remove("schema");
            t.set("fingerprint", print);
            ArrayNode pools = t.putArray("pools");
            for (HostGroup.Pooled p : g.pools) {
                pools.add(pool(p));
            }
        }
        ArrayNode across = o.putArray("across");
        for (FleetRanking.RankedPair pair : f.pairs) {
            across.add(pair(pair));
        }
        JsonNodes.write(file, o);
    }

    private static ArrayNode percentiles() {
        ArrayNode a = JsonNodes.array();
        for (Percentile p : HostGroup.FLOOR_CHECKED) {
            a.add(p.name());
        }
        return a;
    }

    private static ObjectNode host(FleetReport.Facts f, FleetData.HostDir h) {
        ObjectNode n = JsonNodes.object();
        n.put("name", h.name);
        String type = null;
        for (HostGroup.Pooled p : f.pools()) {
            type = p.hosts.contains(h) ? p.name : type;
        }
        n.put("type", type);
        n.put("status", h.corrupt != null ? "corrupt" : h.failed != null ? "failed" : "reported");
        n.put("why", h.corrupt != null ? h.corrupt : h.failed);
        n.put("report", h.reported() ? f.fleet.dir.relativize(h.data.dir).toString() : null);
        if (!h.reported()) {
            return n;
        }
        java.util.TreeSet<Integer> runs = new java.util.TreeSet<>();
        for (io.queuelatency.decide.MatrixData.Cell c : h.data.cells) {
            runs.add(c.id.run);
        }
        ArrayNode r = n.putArray("runs");
        runs.forEach(r::add);
        if (h.data.plan.share != null) {
            ObjectNode share = n.putObject("share");
            share.put("part", h.data.plan.share.part);
            share.put("of", h.data.plan.share.of);
        }
        ArrayNode floor = n.putArray("floor");
        for (Percentile p : HostGroup.FLOOR_CHECKED) {
            Estimate e = h.alone.hostFloor.at(Definition.INTENDED, p);
            if (e != null) {
                floor.add(estimate(e));
            }
        }
        return n;
    }

    private static ObjectNode estimate(Estimate e) {
        ObjectNode x = JsonNodes.object();
        x.put("percentile", e.percentile.name());
        x.put("valueNs", e.value);
        if (e.hasInterval()) {
            x.put("lowNs", e.low);
            x.put("highNs", e.high);
        }
        return x;
    }

    private static ObjectNode pool(HostGroup.Pooled p) {
        ObjectNode n = JsonNodes.object();
        n.put("name", p.name);
        ArrayNode names = n.putArray("hosts");
        for (FleetData.HostDir h : p.hosts) {
            names.add(h.name);
        }
        n.put("apart", p.apart);
        if (p.analyses().size() == 1) {
            n.set("answer", SummaryJson.answer(p.analyses().get(0)));
            return n;
        }
        ArrayNode slices = n.putArray("slices");
        for (Analysis a : p.analyses()) {
            ObjectNode s = slices.addObject();
            s.put("size", a.data.slice.size);
            s.put("rate", a.data.slice.rate);
            s.set("answer", SummaryJson.answer(a));
        }
        return n;
    }

    private static ObjectNode pair(FleetRanking.RankedPair pair) {
        ObjectNode n = JsonNodes.object();
        n.put("size", pair.slice.size);
        n.put("rate", pair.slice.rate);
        n.put("percentile", pair.percentile.name());
        n.put("first", pair.first);
        n.put("second", pair.second);
        n.put("agreement", pair.agreement.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
        ArrayNode places = n.putArray("types");
        for (FleetRanking.TypeVerdict place : pair.places) {
            ObjectNode t = places.addObject();
            t.put("type", place.pool.name);
            t.put("verdict", FleetMarkdown.side(place.side));
            t.put("text", FleetMarkdown.verdict(pair, place));
            t.put("ratio", place.ratio);
            t.put("low", place.low);
            t.put("high", place.high);
        }
        return n;
    }
}
