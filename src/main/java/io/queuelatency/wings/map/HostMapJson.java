package io.queuelatency.wings.map;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * map.json (schema {@code queue-latency/map/1}): the host, the plan, each CPU's topology, each pair measured with its
 * relation and one-way latency, each relation's summary, and auto's pair.
 */
public final class HostMapJson {
    private static final String KIND = "map";
    /** plan, cpus[] and relations[] as the classes hold them. */
    private static final ObjectMapper MAPPER = new ObjectMapper().addMixIn(HostMap.Plan.class, PlanKeys.class)
            .addMixIn(CpuTopology.Cpu.class, CpuKeys.class).addMixIn(CpuPair.Relation.class, RelationKeys.class);

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
        o.set("plan", MAPPER.valueToTree(m.plan));
        List<CpuTopology.Cpu> cpus = m.topology.cpus().stream().map(m.topology::cpu).collect(Collectors.toList());
        o.set("cpus", MAPPER.valueToTree(cpus));
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
        o.set("relations", MAPPER.valueToTree(m.byRelation()));
        o.set("auto", m.auto == null ? null : CpuPairJson.write(m.auto));
        return o;
    }

    /** The plan's keys but two, in the order map/1 has them. */
    @JsonPropertyOrder({"cpus", "cpuList", "everyPairUpTo", "everyPair", "pairCount"})
    private abstract static class PlanKeys {
        @JsonProperty("ratePerSecond")
        long rate;
        @JsonProperty("timeBudgetNs")
        long budgetNs;
    }

    private abstract static class CpuKeys {
        @JsonProperty("cpu")
        int id;
    }

    private abstract static class RelationKeys {
        @JsonValue
        String id;
    }

    /** map.json of any schema this release knows; a broken one is one line naming it. */
    public static HostMap read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        o.schemaVersion(KIND, HostMap.SCHEMA_VERSION);
        JsonNodes h = o.child("host");
        Host host = new Host();
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
            CpuTopology.Cpu cpu = new CpuTopology.Cpu(c.integer("cpu"));
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
            cpus.add(cpu);
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
        return new HostMap(o.optStr("tool"), host, plan, new CpuTopology(cpus),
                o.has("auto") ? CpuPairJson.read(o.child("auto")) : null)
                .measured(pairs, o.optStr("startedAt"), o.optStr("finishedAt"), o.lng("elapsedNs"));
    }

    private static List<Integer> ints(JsonNodes n, String name) {
        return java.util.Arrays.stream(n.longs(name)).mapToObj(v -> (int) v).collect(Collectors.toList());
    }
}
