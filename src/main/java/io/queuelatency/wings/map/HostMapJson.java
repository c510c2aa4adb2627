package io.queuelatency.wings.map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.json.CpuPairJson;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.json.PartJson;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Host;
import io.queuelatency.words.RunWords;
import io.queuelatency.words.StoredWarnings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * map.json (schema {@code queue-latency/map/1}), written and read back field by field: the host, the plan, each CPU's
 * topology, each pair measured with its relation and one-way latency (as result.json's floor stores its own), each
 * relation's summary, and auto's pair.
 */
public final class HostMapJson {
    private static final String KIND = "map";

    private HostMapJson() {
    }

    public static void write(Path file, HostMap m) throws IOException {
        JsonNodes.write(file, toJson(m));
    }

    static ObjectNode toJson(HostMap m) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(KIND, HostMap.SCHEMA_VERSION));
        o.put("tool", m.tool);
        o.put("startedAt", m.startedAt);
        o.put("finishedAt", m.finishedAt);
        o.put("elapsedNs", m.elapsedNs);
        ObjectNode host = o.putObject("host");
        host.put("hostname", m.host.hostname);
        host.put("cpuModel", m.host.cpuModel);
        host.put("kernel", m.host.kernel);
        host.put("virtualisation", m.host.platform == null ? null : m.host.platform.virtualisation);
        host.put("onlineCpuList", m.host.onlineCpuList);
        host.put("allowedCpuList", m.host.allowedCpuList);
        host.put("pinnableCpuList", m.host.pinnableCpuList).put("pinnableWhy", m.host.pinnableWhy);
        host.put("isolatedCpuList", m.host.isolatedCpuList);
        o.set("plan", plan(m.plan));
        ArrayNode cpus = o.putArray("cpus");
        for (int id : m.topology.cpus()) {
            cpus.add(cpu(m.topology.cpu(id)));
        }
        ArrayNode pairs = o.putArray("pairs");
        for (HostMap.Pair p : m.pairs) {
            ObjectNode n = pairs.addObject();
            n.put("producerCpu", p.producerCpu);
            n.put("consumerCpu", p.consumerCpu);
            n.put("relation", p.relation.id);
            n.put("overwritten", p.overwritten);
            n.put("pinFailure", p.pinFailure == null ? null : RunWords.text(p.pinFailure));
            n.set("oneWay", PartJson.latency(p.oneWay));
        }
        ArrayNode relations = o.putArray("relations");
        for (HostMap.RelationSummary r : m.byRelation()) {
            ObjectNode n = relations.addObject();
            n.put("relation", r.relation.id);
            n.put("pairs", r.pairs);
            n.put("medianP50Ns", r.medianP50Ns);
            n.put("minP50Ns", r.minP50Ns);
            n.put("maxP50Ns", r.maxP50Ns);
            n.put("medianP99Ns", r.medianP99Ns);
        }
        o.set("auto", m.auto == null ? null : CpuPairJson.write(m.auto));
        return o;
    }

    private static ObjectNode plan(HostMap.Plan p) {
        ObjectNode o = JsonNodes.object();
        ArrayNode cpus = o.putArray("cpus");
        p.cpus.forEach(cpus::add);
        o.put("cpuList", p.cpuList);
        o.put("everyPairUpTo", p.everyPairUpTo);
        o.put("everyPair", p.everyPair);
        o.put("pairCount", p.pairCount);
        o.put("ratePerSecond", p.rate);
        o.put("pairNs", p.pairNs);
        o.put("pairWarmupNs", p.pairWarmupNs);
        o.put("firstWarmupNs", p.firstWarmupNs);
        o.put("estimatedNs", p.estimatedNs);
        o.put("pairOverheadNs", p.pairOverheadNs);
        o.put("startNs", p.startNs);
        o.put("timeBudgetNs", p.budgetNs);
        o.put("everyPairNs", p.everyPairNs);
        return o;
    }

    private static ObjectNode cpu(CpuTopology.Cpu c) {
        ObjectNode o = JsonNodes.object();
        o.put("cpu", c.id);
        o.put("core", c.core);
        o.put("socket", c.socket);
        o.put("die", c.die);
        o.put("cluster", c.cluster);
        o.put("node", c.node);
        o.set("siblings", ints(c.siblings));
        o.set("l2", ints(c.l2));
        o.set("l3", ints(c.l3));
        o.put("isolated", c.isolated);
        o.put("nohzFull", c.nohzFull);
        return o;
    }

    private static ArrayNode ints(List<Integer> values) {
        if (values == null) {
            return null;
        }
        ArrayNode a = JsonNodes.array();
        values.forEach(a::add);
        return a;
    }

    /** map.json of any schema this release knows; a broken one is one line naming it. */
    public static HostMap read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        o.schemaVersion(KIND, HostMap.SCHEMA_VERSION);
        JsonNodes h = o.child("host");
        Host.Builder host = new Host.Builder();
        host.hostname = h.optStr("hostname");
        host.cpuModel = h.optStr("cpuModel");
        host.kernel = h.optStr("kernel");
        host.onlineCpuList = h.optStr("onlineCpuList");
        host.allowedCpuList = h.optStr("allowedCpuList");
        host.isolatedCpuList = h.optStr("isolatedCpuList");
        host.pinnableCpuList = h.optStr("pinnableCpuList");
        host.pinnableWhy = h.optStr("pinnableWhy");
        host.platform = new io.queuelatency.result.Platform(h.optStr("virtualisation"), null, null, -1, null, null);
        JsonNodes p = o.child("plan");
        HostMap.Plan plan = new HostMap.Plan(ints(p, "cpus"), p.str("cpuList"), p.integer("everyPairUpTo"),
                p.lng("ratePerSecond"), new long[] {p.lng("pairNs"), p.lng("pairWarmupNs"), p.lng("firstWarmupNs"),
                        p.lng("estimatedNs"), p.lng("pairOverheadNs"), p.lng("startNs"), p.lng("timeBudgetNs", -1),
                        p.lng("everyPairNs", -1)}, p.integer("pairCount"));
        List<CpuTopology.Cpu> cpus = new ArrayList<>();
        for (JsonNodes c : o.objects("cpus")) {
            CpuTopology.Cpu.Builder cpu = new CpuTopology.Cpu.Builder(c.integer("cpu"));
            cpu.core = c.integer("core");
            cpu.socket = c.integer("socket");
            cpu.die = c.integer("die");
            cpu.cluster = c.integer("cluster");
            cpu.node = c.integer("node");
            cpu.siblings = c.has("siblings") ? ints(c, "siblings") : null;
            cpu.l2 = c.has("l2") ? ints(c, "l2") : null;
            cpu.l3 = c.has("l3") ? ints(c, "l3") : null;
            cpu.isolated = c.bool("isolated", false);
            cpu.nohzFull = c.bool("nohzFull", false);
            cpus.add(cpu.build());
        }
        List<HostMap.Pair> pairs = new ArrayList<>();
        for (JsonNodes n : o.objects("pairs")) {
            CpuPair.Relation relation = CpuPair.Relation.byId(n.str("relation"));
            if (relation == null) {
                throw new StoredFileException(file, "pairs: unknown relation " + n.str("relation"));
            }
            pairs.add(new HostMap.Pair(new int[] {n.integer("producerCpu"), n.integer("consumerCpu")}, relation,
                    PartJson.latency(Definition.ACTUAL, n.child("oneWay")), n.lng("overwritten"),
                    n.has("pinFailure") ? StoredWarnings.read(n.str("pinFailure")) : null));
        }
        return new HostMap(o.optStr("tool"), host.build(), plan, new CpuTopology(cpus),
                o.has("auto") ? CpuPairJson.read(o.child("auto")) : null)
                .measured(pairs, o.optStr("startedAt"), o.optStr("finishedAt"), o.lng("elapsedNs"));
    }

    private static List<Integer> ints(JsonNodes n, String name) {
        return java.util.Arrays.stream(n.longs(name)).mapToObj(v -> (int) v).collect(Collectors.toList());
    }
}
