package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Environment;
import java.io.IOException;
import java.nio.file.Path;

/** cell.json (one cell's ending, written by the matrix) and environment.json (the host a matrix ran on). */
final class CellJson {
    private static final String CELL = "cell";

    private CellJson() {
    }

    static void write(Path file, CellOutcome c) throws IOException {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(CELL, CellOutcome.SCHEMA_VERSION));
        o.put("cell", c.cell.toString());
        o.put("jvm", c.cell.jvm);
        o.put("run", c.cell.run);
        o.put("status", c.status.name());
        o.put("exitCode", c.exitCode);
        o.put("reason", c.reason);
        o.put("seconds", c.seconds);
        o.set("command", JsonNodes.strings(c.command));
        JsonNodes.write(file, o);
    }

    static CellOutcome read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        o.schemaVersion(CELL, CellOutcome.SCHEMA_VERSION); // 1 and 2 differ only by the schema field
        CellId id;
        try {
            id = CellId.parse(o.str("cell"));
        } catch (IllegalArgumentException e) {
            throw new StoredFileException(file, "cell: " + e.getMessage());
        }
        CellOutcome.Status status;
        try {
            status = CellOutcome.Status.valueOf(o.str("status"));
        } catch (IllegalArgumentException e) {
            throw new StoredFileException(file, "status: unknown status " + o.str("status"));
        }
        return new CellOutcome(id, status, o.integer("exitCode"), o.optStr("reason"), o.dbl("seconds"),
                o.strings("command"));
    }

    static void write(Path file, Environment e) throws IOException {
        ObjectNode o = JsonNodes.object();
        o.put("hostname", e.hostname);
        o.put("os", e.os);
        o.put("kernel", e.kernel);
        o.put("cpuModel", e.cpuModel);
        o.put("onlineCpus", e.onlineCpus);
        o.put("cpuCount", e.cpuCount);
        o.put("isolatedCpus", e.isolatedCpus);
        o.put("allowedCpus", e.allowedCpus);
        o.put("kernelCommandLine", e.kernelCommandLine);
        o.put("devShmTotalBytes", e.devShmTotalBytes);
        o.put("devShmFreeBytes", e.devShmFreeBytes);
        if (e.platform != null) {
            o.set("platform", PartJson.platform(e.platform));
        }
        if (e.cpuPair != null) {
            o.set("cpuPair", CpuPairJson.write(e.cpuPair));
        }
        JsonNodes.write(file, o);
    }

    static Environment readEnvironment(Path file) {
        JsonNodes o = JsonNodes.read(file);
        return Environment.builder().hostname(o.optStr("hostname")).os(o.optStr("os")).kernel(o.optStr("kernel"))
                .cpuModel(o.optStr("cpuModel")).onlineCpus(o.optStr("onlineCpus")).cpuCount((int) o.lng("cpuCount", 0))
                .isolatedCpus(o.optStr("isolatedCpus")).allowedCpus(o.optStr("allowedCpus"))
                .kernelCommandLine(o.optStr("kernelCommandLine")).devShmTotalBytes(o.lng("devShmTotalBytes", -1))
                .devShmFreeBytes(o.lng("devShmFreeBytes", -1))
                .platform(o.has("platform") ? PartJson.platform(o.child("platform")) : null)
                .cpuPair(o.has("cpuPair") ? CpuPairJson.read(o.child("cpuPair")) : null).build();
    }
}
