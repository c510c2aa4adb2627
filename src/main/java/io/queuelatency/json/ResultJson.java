package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.FloorCell;
import io.queuelatency.result.Host;
import io.queuelatency.result.JvmFacts;
import io.queuelatency.result.JvmRelease;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.Pretouch;
import io.queuelatency.result.Profile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunSetup;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.Stage;
import io.queuelatency.result.Validity;
import io.queuelatency.result.WindowFacts;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.RunWords;
import io.queuelatency.words.StoredWarnings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The one entry through which result.json, cell.json, environment.json and floor.json are written and read. Field
 * names are the files' contract (docs/output.md); a schema older or newer than those read is refused with one line.
 * Sections are bound by {@link Binding}; what a schema may lack or derives (the in-queue latency stored as "actual"
 * in schema 3, the collector from the GC beans) is read here by hand. Reasons and warnings are stored as their
 * words, the setup's read back as kinds ({@link StoredWarnings}).
 */
public final class ResultJson {
    private static final String RUN = "run";
    private static final String CELL = "cell";
    private static final String FLOOR = "floor";

    private ResultJson() {
    }

    // ---- result.json ------------------------------------------------------------------------------------

    public static void write(Path file, RunResult r) throws IOException {
        JsonNodes.write(file, toJson(r));
    }

    static ObjectNode toJson(RunResult r) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(RUN, r.schemaVersion)); // a stored result is written back as it was read
        o.put("tool", r.tool);
        o.put("startedAt", r.startedAt);
        o.put("finishedAt", r.finishedAt);
        ObjectNode timed = o.putObject("timed");
        timed.put("clock", r.config.settings.betweenProcesses() ? DefinitionWords.CLOCK_TWO_JVMS
                : DefinitionWords.CLOCK);
        timed.put("from", DefinitionWords.FROM);
        timed.put("to", DefinitionWords.TO);
        timed.put("headline", Definition.HEADLINE.id);
        o.set("config", SettingsJson.config(r.config));
        o.set("jvm", Binding.tree(r.jvm));
        o.set("host", Binding.tree(r.host));
        o.set("messages", Binding.tree(r.messages));
        o.set("rate", Binding.tree(r.rate));
        o.set("window", Binding.tree(r.window));
        o.set("queue", Binding.tree(r.queue));
        ObjectNode latency = o.putObject("latency");
        for (Definition d : Definition.values()) {
            String key = d.storedUnder(r.schemaVersion);
            if (key != null && !(d.withWorkloadOnly && r.latency(d).isEmpty())) {
                latency.set(key, PartJson.latency(r.latency(d)));
            }
        }
        if (!r.stages.isEmpty()) { // --probes
            ObjectNode stages = o.putObject("stages");
            r.stages.forEach((stage, l) -> stages.set(stage.id, PartJson.distribution(JsonNodes.object(), l)));
        }
        o.set("hostCheck", r.hostCheck == null ? null : PartJson.hostCheck(r.hostCheck));
        o.set("floor", Binding.tree(r.floor));
        o.set("tail", r.tail == null ? null : TailJson.write(r.tail));
        if (r.profile != null) {
            o.set("profile", Binding.tree(r.profile));
        }
        judgement(o, r);
        return o;
    }

    private static JvmFacts jvm(JsonNodes j, Collection<String> collectors) {
        // Schema 4 stores the collector; in earlier files the GC beans' names in the window say which one ran.
        JvmFacts b = j.as(JvmFacts.class);
        if (b.garbageCollector == null) {
            b.garbageCollector = JvmRelease.garbageCollector(collectors);
        }
        return b;
    }

    /** {@code b} read from {@code h} but its platform and CPU pair, which are read here. */
    private static Host host(JsonNodes h, Host b) {
        b.platform = h.has("platform") ? PartJson.platform(h.child("platform")) : null;
        b.cpuPair = h.has("cpuPair") ? CpuPairJson.read(h.child("cpuPair")) : null;
        return b;
    }

    private static SendRate rate(JsonNodes ra) {
        return new SendRate(ra.lng("targetPerSecond"), ra.dbl("achievedPerSecond"),
                ra.dbl("achievedDeviationPercent"), ra.lng("maxSendLagNs"), ra.lng("lateSends"),
                ra.has("handledPerSecond") ? ra.dbl("handledPerSecond") : null);
    }

    /** Null where it was not measured. */
    private static Latency latency(JsonNodes floor, Definition d) {
        return floor.has(d.id) ? PartJson.latency(d, floor.child(d.id)) : null;
    }

    private static RunResult.Floor floor(JsonNodes f) {
        if (f == null) {
            return null;
        }
        RunResult.Floor b = f.as(RunResult.Floor.class);
        b.intended = latency(f, Definition.INTENDED);
        b.actual = latency(f, Definition.ACTUAL);
        b.warning = f.has("warning") ? StoredWarnings.read(f.str("warning")) : null;
        return b;
    }

    private static void judgement(ObjectNode o, RunResult r) {
        o.put("status", r.status().name());
        o.put("failure", r.failure);
        o.put("stoppedEarly", r.stoppedEarly);
        o.set("setupWarnings", JsonNodes.strings(RunWords.warnings(r.setupWarnings)));
        o.set("pinFailures", JsonNodes.strings(RunWords.warnings(r.pinFailures())));
        o.set("tolerances", Binding.tree(r.tolerances));
        o.put("valid", r.valid());
        o.set("invalidReasons", JsonNodes.strings(RunWords.reasons(r.validity.invalidReasons)));
        o.set("warnings", JsonNodes.strings(RunWords.warnings(r.validity.warnings)));
    }

    /** A broken file is one line naming it and what is wrong. */
    public static RunResult read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        int version = o.schemaVersion(RUN, RunResult.OLDEST_SCHEMA_READ, RunResult.SCHEMA_VERSION);
        WindowFacts window = o.child("window").as(WindowFacts.class);
        RunResult.QueueFacts queue = queue(o.child("queue"));
        RunSetup setup = new RunSetup();
        setup.tool = o.optStr("tool");
        setup.startedAt = o.optStr("startedAt");
        setup.config = SettingsJson.config(o.child("config"));
        setup.jvm = jvm(o.child("jvm"), window.gcCountByCollector.keySet());
        setup.host = host(o.child("host"), o.child("host").as(Host.class));
        setup.hostCheck = o.has("hostCheck") ? PartJson.hostCheck(o.child("hostCheck")) : null;
        setup.queueImplementation = queue.implementation;
        RunResult.Builder r = new RunResult.Builder();
        r.schemaVersion = version;
        r.setup = setup;
        r.finishedAt = o.optStr("finishedAt");
        r.messages = o.child("messages").as(MessageCounts.class);
        r.rate = rate(o.child("rate"));
        r.window = window;
        r.queue = queue;
        r.latency = latencies(o.child("latency"), version);
        JsonNodes stages = o.optChild("stages");
        for (Stage stage : stages == null ? new Stage[0] : Stage.values()) {
            if (stages.has(stage.id)) {
                r.stages.put(stage, PartJson.latency(null, stages.child(stage.id)));
            }
        }
        r.floor = floor(o.optChild("floor"));
        r.failure = o.optStr("failure");
        r.stoppedEarly = o.bool("stoppedEarly", false);
        JsonNodes t = o.child("tolerances");
        r.tolerances = new Validity.Tolerances(t.dbl("ratePercent"), t.lng("gcInWindow"), t.lng("lagWarningNs"));
        r.setupWarnings = StoredWarnings.read(o.strings("setupWarnings"));
        r.tail = o.has("tail") ? TailJson.read(o.child("tail")) : null;
        r.profile = o.has("profile") ? o.child("profile").as(Profile.class) : null;
        return r.build();
    }

    private static RunResult.QueueFacts queue(JsonNodes q) {
        JsonNodes p = q.optChild("pretouch");
        Pretouch pretouch = p == null ? null
                : new Pretouch(p.integer("cpu"), p.lng("aheadBytes"), p.lng("populatedBytes"),
                p.lng("leastLeadBytes"), p.lng("medianLeadBytes"), p.optStr("failure"));
        return new RunResult.QueueFacts(q.optStr("implementation"), q.optStr("path"), q.lng("peakFootprintBytes"),
                q.integer("deletedCycles"),
                pretouch);
    }

    private static Map<Definition, Latency> latencies(JsonNodes l, int version) {
        Map<Definition, Latency> latency = new EnumMap<>(Definition.class);
        for (Definition d : Definition.values()) {
            // In schema 3 files "actual" holds the in-queue latency (the clock read inside the write).
            String key = d.storedUnder(version);
            if (key != null && l.has(key)) {
                latency.put(d, PartJson.latency(d, l.child(key)));
            }
        }
        return latency;
    }

    // ---- cell.json (one cell's ending, written by the matrix), environment.json (the host a matrix ran on) ---

    public static void write(Path file, CellOutcome c) throws IOException {
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

    public static CellOutcome readCell(Path file) {
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
    public static void write(Path file, Host e) throws IOException {
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

    public static Host readEnvironment(Path file) {
        JsonNodes o = JsonNodes.read(file);
        Host h = new Host();
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
        return host(o, h);
    }

    // ---- floor.json: one floor cell of a matrix, written by the floor's JVM when it has measured; its JVM and
    // floor mapped as result.json maps a run's ---------------------------------------------------------------

    public static void write(Path file, FloorCell c) throws IOException {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(FLOOR, FloorCell.SCHEMA_VERSION));
        JsonNodes.write(file, o.setAll((ObjectNode) Binding.tree(c)));
    }

    public static FloorCell readFloorCell(Path file) {
        JsonNodes o = JsonNodes.read(file);
        o.schemaVersion(FLOOR, FloorCell.SCHEMA_VERSION);
        FloorCell b = o.as(FloorCell.class);
        b.jvm = jvm(o.child("jvm"), Collections.<String>emptyList());
        b.floor = floor(o.child("floor"));
        return b;
    }
}
