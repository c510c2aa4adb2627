package io.queuelatency.wings.fleet;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.json.FingerprintJson;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.report.SummaryJson;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import java.util.stream.Collectors;

/**
 * The fleet's summary.json (schema queue-latency/fleet/2): every number summary.md shows; its keys: docs/fleet.md.
 */
public final class FleetJson {
    public static final String SCHEMA = "queue-latency/fleet/2";

    private FleetJson() {
    }

    static ObjectNode render(FleetReport.Facts f) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        ObjectNode pooling = o.putObject("pooling");
        pooling.set("floorChecked", JsonNodes.strings(HostPair.FLOOR_CHECKED.stream().map(Percentile::name)
                .collect(Collectors.toList())));
        pooling.put("familyAlpha", HostPair.FAMILY_ALPHA);
        pooling.put("margin", HostPair.MARGIN);
        pooling.put("rule", "hosts of one fingerprint that ran the same study (settings but the time budget, floor "
                + "method, tool build) are alike where a two-sided rank test of their floor values finds no difference "
                + "at familyAlpha over the type's host pairs times the percentiles checked, and their floors' medians "
                + "at p50 are within margin; a pool is each set of hosts alikeness connects, unless two of the set are "
                + "told apart (then none of it is pooled)");
        ArrayNode compared = pooling.putArray("pairs");
        for (HostGroup g : f.groups) {
            for (HostPair c : g.pairs) {
                compared.add(compared(g, c));
            }
        }
        ArrayNode hosts = o.putArray("hosts");
        for (FleetData.HostDir h : f.fleet.hosts) {
            hosts.add(host(f, h));
        }
        ArrayNode types = o.putArray("types");
        for (HostGroup g : f.groups) {
            ObjectNode t = types.addObject();
            t.put("name", g.name);
            t.set("fingerprint", FingerprintJson.node(g.fingerprint).without("schema"));
            ArrayNode pools = t.putArray("pools");
            for (HostGroup.Pooled p : g.pools) {
                pools.add(pool(g, p));
            }
        }
        ArrayNode across = o.putArray("across");
        for (FleetRanking.RankedPair pair : f.pairs) {
            across.add(pair(pair));
        }
        return o;
    }

    private static ObjectNode host(FleetReport.Facts f, FleetData.HostDir h) {
        ObjectNode n = JsonNodes.object();
        n.put("name", h.name);
        n.put("type", f.typeOf(h));
        n.put("status", h.corrupt != null ? "corrupt" : h.failed != null ? "failed" : h.skipped != null ? "skipped"
                : h.unfinished ? "unfinished" : "reported");
        n.put("why", h.corrupt != null ? h.corrupt : h.failed != null ? h.failed : h.skipped != null ? h.skipped
                : h.unfinished ? FleetWords.status(h) : null);
        n.put("report", h.reported() ? f.fleet.dir.relativize(h.data.dir).toString() : null);
        if (!h.reported()) {
            return n;
        }
        ArrayNode r = n.putArray("runs");
        h.runs().forEach(r::add);
        if (h.data.plan.share != null) {
            n.putObject("share").put("part", h.data.plan.share.part).put("of", h.data.plan.share.of);
        }
        n.put("floorsCounted", h.alone.hostFloor.floors.size());
        n.put("floorsMeasuredIn", h.alone.hostFloor.source == io.queuelatency.decide.HostFloor.Source.IN_EACH_JVM
                ? "each JVM" : "floor cells");
        ArrayNode floor = n.putArray("floor");
        for (Percentile p : HostPair.FLOOR_CHECKED) {
            Estimate e = h.alone.hostFloor.at(Definition.INTENDED, p);
            if (e != null) {
                floor.add(SummaryJson.estimate(e));
            }
        }
        return n;
    }

    private static ObjectNode pool(HostGroup g, HostGroup.Pooled p) {
        ObjectNode n = JsonNodes.object();
        n.put("name", p.name);
        n.set("hosts", JsonNodes.strings(p.hosts.stream().map(h -> h.name).collect(Collectors.toList())));
        n.put("apart", FleetWords.apart(g, p));
        if (p.analyses().size() == 1) {
            n.set("answer", SummaryJson.answer(p.analyses().get(0)));
            return n;
        }
        ArrayNode slices = n.putArray("slices");
        for (Analysis a : p.analyses()) {
            slices.addObject().put("size", a.data.slice.size).put("rate", a.data.slice.rate)
                    .set("answer", SummaryJson.answer(a));
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
        n.put("agreement", pair.agreement.name().toLowerCase(java.util.Locale.ROOT));
        ArrayNode places = n.putArray("types");
        for (FleetRanking.PoolPlace place : pair.places) {
            ObjectNode t = places.addObject();
            t.put("type", place.pool.name);
            t.put("verdict", FleetWords.side(place.side));
            t.put("text", FleetWords.verdict(pair, place));
            t.put("ratio", place.ratio);
            t.put("low", place.low);
            t.put("high", place.high);
        }
        return n;
    }

    private static ObjectNode compared(HostGroup g, HostPair c) {
        ObjectNode n = JsonNodes.object();
        n.put("type", g.name);
        n.put("first", c.first.name);
        n.put("second", c.second.name);
        n.put("alike", c.alike());
        n.put("apart", c.alike() ? null : c.apart.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
        n.put("level", c.level);
        ArrayNode tests = n.putArray("tests");
        for (int i = 0; i < c.tests.size(); i++) {
            ObjectNode t = tests.addObject();
            t.put("percentile", HostPair.FLOOR_CHECKED.get(i).name());
            t.put("floors", c.tests.get(i).n1);
            t.put("otherFloors", c.tests.get(i).n2);
            t.put("p", c.tests.get(i).p);
            t.put("smallestP", io.queuelatency.stats.RankSum.smallestP(c.tests.get(i).n1, c.tests.get(i).n2));
        }
        n.put("medianRatioP50", Double.isNaN(c.medianRatio) ? null : (Double) c.medianRatio);
        n.put("text", FleetWords.pair(c));
        return n;
    }
}
