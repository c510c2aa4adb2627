package io.queuelatency.decide;

import io.queuelatency.json.JsonNodes;
import io.queuelatency.store.ResultFiles;
import java.nio.file.Path;

/**
 * How a run's two CPUs relate, as its result.json's {@code host.cpuPair} stores it (run/6 on), read field by field and
 * tolerantly: a result without it, or without a field, reads as unknown (null), never as a failure. What a published
 * table is compared against; the run's own model of it is the topology's.
 */
public final class StoredCpuPair {
    /** smt-siblings, shared-l2, shared-l3, across-l3, across-sockets or unknown, as stored; null where absent. */
    public final String relation;
    public final Boolean producerIsolated;
    public final Boolean consumerIsolated;
    public final Boolean producerNohzFull;
    public final Boolean consumerNohzFull;
    /** How the pair was chosen ("given", "auto"), and why; null where absent. */
    public final String chosenBy;
    public final String why;

    private StoredCpuPair(JsonNodes pair) {
        relation = text(pair, "relation");
        producerIsolated = flag(pair, "producerIsolated");
        consumerIsolated = flag(pair, "consumerIsolated");
        producerNohzFull = flag(pair, "producerNohzFull");
        consumerNohzFull = flag(pair, "consumerNohzFull");
        chosenBy = text(pair, "chosenBy");
        why = text(pair, "why");
    }

    /** The pair {@code runDir}'s result.json holds; null where it holds none. */
    public static StoredCpuPair read(Path runDir) {
        JsonNodes host = JsonNodes.read(runDir.resolve(ResultFiles.RESULT_JSON)).optChild("host");
        try {
            JsonNodes pair = host == null ? null : host.optChild("cpuPair");
            return pair == null ? null : new StoredCpuPair(pair);
        } catch (RuntimeException e) {
            return null; // not an object: unknown
        }
    }

    private static String text(JsonNodes n, String name) {
        try {
            return n.optStr(name);
        } catch (RuntimeException e) {
            return null; // another type than this reader knows: unknown
        }
    }

    private static Boolean flag(JsonNodes n, String name) {
        try {
            return n.has(name) ? n.bool(name, false) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
