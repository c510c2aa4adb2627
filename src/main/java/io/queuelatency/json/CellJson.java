package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Host;
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

    /** environment.json: the host the controller saw, in its own key names (the queue's filesystem is /dev/shm). */
    static void write(Path file, Host e) throws IOException {
        ObjectNode o = JsonNodes.object();
        o.put("hostname", e.hostname);
        o.put("os", e.os);
        o.put("kernel", e.kernel);
        o.put("cpuModel", e.cpuModel);
        o.put("onlineCpus", e.onlineCpuList);
        o.put("cpuCount", e.onlineCpus);
        o.put("isolatedCpus", e.isolatedCpuList);
        o.put("allowedCpus", e.allowedCpuList);
        o.put("kernelCommandLine", e.kernelCommandLine);
        o.put("devShmTotalBytes", e.queueFileSystemTotalBytes);
        o.put("devShmFreeBytes", e.queueFileSystemFreeBytes);
        if (e.platform != null) {
            o.set("platform", Binding.tree(e.platform));
        }
        if (e.cpuPair != null) {
            o.set("cpuPair", Binding.tree(e.cpuPair));
        }
        JsonNodes.write(file, o);
    }

    static Host readEnvironment(Path file) {
        JsonNodes o = JsonNodes.read(file);
        Host.Builder h = new Host.Builder();
        h.hostname = o.optStr("hostname");
        h.os = o.optStr("os");
        h.kernel = o.optStr("kernel");
        h.cpuModel = o.optStr("cpuModel");
        h.onlineCpuList = o.optStr("onlineCpus");
        h.onlineCpus = (int) o.lng("cpuCount", 0);
        h.isolatedCpuList = o.optStr("isolatedCpus");
        h.allowedCpuList = o.optStr("allowedCpus");
        h.kernelCommandLine = o.optStr("kernelCommandLine");
        h.queueFileSystem = "/dev/shm";
        h.queueFileSystemTotalBytes = o.lng("devShmTotalBytes", -1);
        h.queueFileSystemFreeBytes = o.lng("devShmFreeBytes", -1);
        h.platform = o.has("platform") ? PartJson.platform(o.child("platform")) : null;
        h.cpuPair = o.has("cpuPair") ? CpuPairJson.read(o.child("cpuPair")) : null;
        return h.build();
    }
}
