package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.result.Fingerprint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fingerprint.json: nothing of the host's own (no name, no time, no path), so that two hosts of one type write the
 * same bytes: the fleet's playbook groups hosts by the file's checksum.
 */
public final class FingerprintJson {
    public static final String FILE_NAME = "fingerprint.json";
    private static final String KIND = "fingerprint";

    private FingerprintJson() {
    }

    /** Its fields in their order, a dotted name ("pair.relation") within its object; an unknown relation so named. */
    public static ObjectNode node(Fingerprint f) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(KIND, Fingerprint.SCHEMA_VERSION));
        f.fields().forEach((name, value) -> {
            int dot = name.indexOf('.');
            ObjectNode in = dot < 0 ? o : o.has(name.substring(0, dot)) ? (ObjectNode) o.get(name.substring(0, dot))
                    : o.putObject(name.substring(0, dot));
            in.set(name.substring(dot + 1), Binding.tree(value));
        });
        if (f.relation == null) {
            ((ObjectNode) o.get("pair")).put("relation", Fingerprint.UNKNOWN);
        }
        return o;
    }

    public static String text(Fingerprint f) {
        return JsonNodes.pretty(node(f));
    }

    public static void write(Fingerprint f, Path file) throws IOException {
        JsonNodes.write(file, node(f));
    }

    public static Fingerprint read(Path file) {
        JsonNodes n = JsonNodes.read(file);
        n.schemaVersion(KIND, Fingerprint.SCHEMA_VERSION);
        Fingerprint f = n.as(Fingerprint.class);
        JsonNodes pair = n.optChild("pair");
        if (pair != null) {
            f.producerCpu = optInt(pair, "producerCpu");
            f.consumerCpu = optInt(pair, "consumerCpu");
            f.relation = relation(pair.optStr("relation"));
        }
        JsonNodes isolation = n.optChild("isolation");
        if (isolation != null) {
            f.isolatedCpus = isolation.optStr("isolatedCpus");
            f.pairIsolated = isolation.has("pairIsolated") ? isolation.bool("pairIsolated", false) : null;
            f.nohzFull = isolation.optStr("nohzFull");
        }
        n.objects("jdks").forEach(j -> j.str("id"));
        return f;
    }

    /** {@code host.cpuPair.relation} of a result.json, whatever else it holds; null where none or unknown. */
    public static String storedRelation(Path resultJson) {
        if (!Files.isRegularFile(resultJson)) {
            return null;
        }
        JsonNodes host = JsonNodes.read(resultJson).optChild("host");
        JsonNodes pair = host == null ? null : host.optChild("cpuPair");
        return pair == null ? null : relation(pair.optStr("relation"));
    }

    private static String relation(String stored) {
        return stored == null || Fingerprint.UNKNOWN.equals(stored) ? null : stored;
    }

    private static Integer optInt(JsonNodes n, String name) {
        return n.has(name) ? n.integer(name) : null;
    }
}
