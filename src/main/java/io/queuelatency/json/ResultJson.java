package io.queuelatency.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.FloorCell;
import io.queuelatency.result.Host;
import io.queuelatency.result.JvmFacts;
import io.queuelatency.result.JvmRelease;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.Pretouch;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunSetup;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.Validity;
import io.queuelatency.result.WindowFacts;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.words.JvmWords;
import io.queuelatency.words.RunWords;
import io.queuelatency.words.StoredWarnings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The one entry through which result.json, cell.json and environment.json are written and read. Field names are the
 * files' contract (docs/output.md); a schema older or newer than those read is refused with one line. Each section's
 * writer and reader stand side by side. Written out rather than bound by annotations: fields a file of one schema may
 * lack need per-field defaults and derivations (the in-queue latency stored as "actual" in schema 3, the collector
 * from the GC beans), and a missing or mistyped field must be one line naming file and field. Reasons and warnings
 * are stored as their words, the setup's read back as kinds ({@link StoredWarnings}).
 */
public final class ResultJson {
    private static final String RUN = "run";

    private ResultJson() {
    }

    // ---- result.json ------------------------------------------------------------------------------------

    public static void write(Path file, RunResult r) throws IOException {
        JsonNodes.write(file, toJson(r));
    }

    static ObjectNode toJson(RunResult r) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(RUN, RunResult.SCHEMA_VERSION));
        o.put("tool", r.tool);
        o.put("startedAt", r.startedAt);
        o.put("finishedAt", r.finishedAt);
        ObjectNode timed = o.putObject("timed");
        timed.put("clock", DefinitionWords.CLOCK);
        timed.put("from", DefinitionWords.FROM);
        timed.put("to", DefinitionWords.TO);
        timed.put("headline", Definition.HEADLINE.id);
        o.set("config", SettingsJson.config(r.config));
        o.set("jvm", jvm(r.jvm));
        o.set("host", host(r.host));
        o.set("messages", messages(r.messages));
        o.set("rate", rate(r.rate));
        o.set("window", window(r.window));
        RunResult.QueueFacts q = r.queue;
        ObjectNode queue = o.putObject("queue");
        queue.put("implementation", q.implementation);
        queue.put("path", q.path);
        queue.put("peakFootprintBytes", q.peakFootprintBytes);
        queue.put("deletedCycles", q.deletedCycles);
        if (q.pretouch != null) {
            ObjectNode p = queue.putObject("pretouch");
            p.put("cpu", q.pretouch.cpu);
            p.put("aheadBytes", q.pretouch.aheadBytes);
            p.put("populatedBytes", q.pretouch.populatedBytes);
            p.put("leastLeadBytes", q.pretouch.leastLeadBytes);
            p.put("medianLeadBytes", q.pretouch.medianLeadBytes);
            if (q.pretouch.failure != null) {
                p.put("failure", q.pretouch.failure);
            }
        }
        ObjectNode latency = o.putObject("latency");
        for (Definition d : Definition.values()) {
            latency.set(d.id, PartJson.latency(r.latency(d)));
        }
        o.set("hostCheck", r.hostCheck == null ? null : PartJson.hostCheck(r.hostCheck));
        o.set("floor", r.floor == null ? null : floor(r.floor));
        o.set("tail", r.tail == null ? null : TailJson.write(r.tail));
        judgement(o, r);
        return o;
    }

    static ObjectNode jvm(JvmFacts j) {
        ObjectNode jvm = JsonNodes.object();
        jvm.put("vendor", j.vendor);
        jvm.put("vmName", j.vmName);
        jvm.put("vmVersion", j.vmVersion);
        jvm.put("javaVersion", j.javaVersion);
        jvm.put("majorVersion", j.majorVersion);
        jvm.put("javaHome", j.javaHome);
        jvm.put("compiler", j.compiler);
        jvm.set("inputArguments", JsonNodes.strings(j.inputArguments));
        jvm.set("commandLine", JsonNodes.strings(j.commandLine));
        jvm.put("garbageCollector", j.garbageCollector);
        jvm.put("release", JvmWords.release(j.release));
        return jvm;
    }

    static JvmFacts jvm(JsonNodes j, Collection<String> collectors) {
        // Schema 4 stores the collector; in earlier files the GC beans' names in the window say which one ran.
        String gc = j.has("garbageCollector") ? j.str("garbageCollector") : JvmRelease.garbageCollector(collectors);
        JvmFacts.Builder b = new JvmFacts.Builder();
        b.vendor = j.optStr("vendor");
        b.vmName = j.optStr("vmName");
        b.vmVersion = j.optStr("vmVersion");
        b.javaVersion = j.optStr("javaVersion");
        b.majorVersion = j.integer("majorVersion");
        b.javaHome = j.optStr("javaHome");
        b.compiler = j.optStr("compiler");
        b.inputArguments = j.strings("inputArguments");
        b.commandLine = j.strings("commandLine");
        b.garbageCollector = gc;
        return b.build();
    }

    private static ObjectNode host(Host h) {
        ObjectNode host = JsonNodes.object();
        host.put("hostname", h.hostname);
        host.put("os", h.os);
        host.put("kernel", h.kernel);
        host.put("cpuModel", h.cpuModel);
        host.put("onlineCpus", h.onlineCpus).put("onlineCpuList", h.onlineCpuList);
        host.put("isolatedCpuList", h.isolatedCpuList).put("allowedCpuList", h.allowedCpuList);
        if (h.pinnableCpuList != null) { // a result stored before run/6 recorded them has neither
            host.put("pinnableCpuList", h.pinnableCpuList).put("pinnableWhy", h.pinnableWhy);
        }
        host.put("queueFileSystem", h.queueFileSystem);
        host.put("queueFileSystemTotalBytes", h.queueFileSystemTotalBytes);
        host.put("queueFileSystemFreeBytes", h.queueFileSystemFreeBytes);
        if (h.platform != null) {
            host.set("platform", PartJson.platform(h.platform));
        }
        if (h.cpuPair != null) {
            host.set("cpuPair", CpuPairJson.write(h.cpuPair));
        }
        return host;
    }

    private static Host host(JsonNodes h) {
        Host.Builder b = new Host.Builder();
        b.hostname = h.optStr("hostname");
        b.os = h.optStr("os");
        b.kernel = h.optStr("kernel");
        b.cpuModel = h.optStr("cpuModel");
        b.onlineCpus = h.integer("onlineCpus");
        b.onlineCpuList = h.optStr("onlineCpuList");
        b.isolatedCpuList = h.optStr("isolatedCpuList");
        b.allowedCpuList = h.optStr("allowedCpuList");
        b.queueFileSystem = h.optStr("queueFileSystem");
        b.pinnableCpuList = h.optStr("pinnableCpuList");
        b.pinnableWhy = h.optStr("pinnableWhy");
        b.queueFileSystemTotalBytes = h.lng("queueFileSystemTotalBytes", -1);
        b.queueFileSystemFreeBytes = h.lng("queueFileSystemFreeBytes", -1);
        b.platform = h.has("platform") ? PartJson.platform(h.child("platform")) : null;
        b.cpuPair = h.has("cpuPair") ? CpuPairJson.read(h.child("cpuPair")) : null;
        return b.build();
    }

    private static ObjectNode messages(MessageCounts m) {
        ObjectNode messages = JsonNodes.object();
        messages.put("warmup", m.warmup);
        messages.put("measured", m.measured);
        messages.put("expected", m.expected);
        messages.put("sent", m.sent);
        messages.put("received", m.received);
        messages.put("lost", m.lost);
        messages.put("duplicated", m.duplicated);
        messages.put("outOfOrder", m.outOfOrder);
        messages.put("corrupted", m.corrupted);
        messages.put("clampedHigh", m.clampedHigh);
        messages.put("clampedNegative", m.clampedNegative);
        messages.put("gapOverflow", m.gapOverflow);
        return messages;
    }

    private static MessageCounts messages(JsonNodes m) {
        MessageCounts.Builder b = new MessageCounts.Builder();
        b.warmup = m.lng("warmup");
        b.measured = m.lng("measured");
        b.expected = m.lng("expected");
        b.sent = m.lng("sent");
        b.received = m.lng("received");
        b.lost = m.lng("lost");
        b.duplicated = m.lng("duplicated");
        b.outOfOrder = m.lng("outOfOrder");
        b.corrupted = m.lng("corrupted");
        b.clampedHigh = m.lng("clampedHigh");
        b.clampedNegative = m.lng("clampedNegative");
        b.gapOverflow = m.bool("gapOverflow", false);
        return b.build();
    }

    private static ObjectNode rate(SendRate ra) {
        ObjectNode rate = JsonNodes.object();
        rate.put("targetPerSecond", ra.targetPerSecond);
        rate.put("achievedPerSecond", ra.achievedPerSecond);
        rate.put("achievedDeviationPercent", ra.achievedDeviationPercent);
        rate.put("maxSendLagNs", ra.maxSendLagNs);
        rate.put("lateSends", ra.lateSends);
        return rate;
    }

    private static SendRate rate(JsonNodes ra) {
        return new SendRate(ra.lng("targetPerSecond"), ra.dbl("achievedPerSecond"),
                ra.dbl("achievedDeviationPercent"), ra.lng("maxSendLagNs"), ra.lng("lateSends"));
    }

    private static ObjectNode window(WindowFacts w) {
        ObjectNode window = JsonNodes.object();
        window.put("gcCount", w.gcCount);
        window.put("gcTimeMs", w.gcTimeMs);
        ObjectNode byCollector = window.putObject("gcCountByCollector");
        w.gcCountByCollector.forEach(byCollector::put);
        window.put("producerAllocatedBytes", w.producerAllocatedBytes);
        window.put("consumerAllocatedBytes", w.consumerAllocatedBytes);
        window.put("heapUsedAtStartBytes", w.heapUsedAtStartBytes);
        window.put("heapUsedAtEndBytes", w.heapUsedAtEndBytes);
        window.put("heapMaxBytes", w.heapMaxBytes);
        window.set("timerInterrupts", pair(w.timerInterrupts));
        window.set("stealMs", pair(w.stealMs));
        return window;
    }

    private static WindowFacts window(JsonNodes w) {
        WindowFacts.Builder b = new WindowFacts.Builder();
        JsonNodes collectors = w.optChild("gcCountByCollector");
        for (String name : collectors == null ? Collections.<String>emptyList() : collectors.names()) {
            b.gcCountByCollector.put(name, collectors.lng(name));
        }
        b.gcCount = w.lng("gcCount");
        b.gcTimeMs = w.lng("gcTimeMs");
        b.producerAllocatedBytes = w.lng("producerAllocatedBytes", -1);
        b.consumerAllocatedBytes = w.lng("consumerAllocatedBytes", -1);
        b.heapUsedAtStartBytes = w.lng("heapUsedAtStartBytes", 0);
        b.heapUsedAtEndBytes = w.lng("heapUsedAtEndBytes", 0);
        b.heapMaxBytes = w.lng("heapMaxBytes", 0);
        b.timerInterrupts = pair(w, "timerInterrupts");
        b.stealMs = pair(w, "stealMs");
        return b.build();
    }

    static ObjectNode floor(RunResult.Floor f) {
        ObjectNode floor = JsonNodes.object();
        floor.put("durationNs", f.durationNs);
        floor.put("overwritten", f.overwritten);
        floor.put("clockReadNs", f.clockReadNs);
        floor.put("histogramRecordNs", f.histogramRecordNs);
        floor.set(Definition.INTENDED.id, PartJson.latency(f.intended));
        floor.set(Definition.ACTUAL.id, PartJson.latency(f.actual));
        floor.put("warning", f.warning == null ? null : RunWords.text(f.warning));
        return floor;
    }

    /** Null where it was not measured. */
    private static Latency latency(JsonNodes floor, Definition d) {
        return floor.has(d.id) ? PartJson.latency(d, floor.child(d.id)) : null;
    }

    static RunResult.Floor floor(JsonNodes f) {
        if (f == null) {
            return null;
        }
        RunResult.Floor.Builder b = new RunResult.Floor.Builder();
        b.durationNs = f.lng("durationNs");
        b.overwritten = f.lng("overwritten");
        b.clockReadNs = f.dbl("clockReadNs");
        b.histogramRecordNs = f.dbl("histogramRecordNs");
        b.intended = latency(f, Definition.INTENDED);
        b.actual = latency(f, Definition.ACTUAL);
        b.warning = f.has("warning") ? StoredWarnings.read(f.str("warning")) : null;
        return b.build();
    }

    private static void judgement(ObjectNode o, RunResult r) {
        o.put("status", r.status().name());
        o.put("failure", r.failure);
        o.put("stoppedEarly", r.stoppedEarly);
        o.set("setupWarnings", JsonNodes.strings(RunWords.warnings(r.setupWarnings)));
        o.set("pinFailures", JsonNodes.strings(RunWords.warnings(r.pinFailures())));
        ObjectNode tolerances = o.putObject("tolerances");
        tolerances.put("ratePercent", r.tolerances.ratePercent);
        tolerances.put("gcInWindow", r.tolerances.gcInWindow);
        tolerances.put("lagWarningNs", r.tolerances.lagWarningNs);
        o.put("valid", r.valid());
        o.set("invalidReasons", JsonNodes.strings(RunWords.reasons(r.validity.invalidReasons)));
        o.set("warnings", JsonNodes.strings(RunWords.warnings(r.validity.warnings)));
    }

    private static ObjectNode pair(long[] v) {
        ObjectNode o = JsonNodes.object();
        o.put("producerCpu", v[0]);
        o.put("consumerCpu", v[1]);
        return o;
    }

    private static long[] pair(JsonNodes window, String name) {
        JsonNodes n = window.optChild(name);
        return n == null ? new long[] {-1, -1} : new long[] {n.lng("producerCpu", -1), n.lng("consumerCpu", -1)};
    }

    /** A broken file is one line naming it and what is wrong. */
    public static RunResult read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        int version = o.schemaVersion(RUN, RunResult.OLDEST_SCHEMA_READ, RunResult.SCHEMA_VERSION);
        WindowFacts window = window(o.child("window"));
        RunResult.QueueFacts queue = queue(o.child("queue"));
        RunSetup.Builder setup = new RunSetup.Builder();
        setup.tool = o.optStr("tool");
        setup.startedAt = o.optStr("startedAt");
        setup.config = SettingsJson.config(o.child("config"));
        setup.jvm = jvm(o.child("jvm"), window.gcCountByCollector.keySet());
        setup.host = host(o.child("host"));
        setup.hostCheck = o.has("hostCheck") ? PartJson.hostCheck(o.child("hostCheck")) : null;
        setup.queueImplementation = queue.implementation;
        RunResult.Builder r = new RunResult.Builder();
        r.schemaVersion = version;
        r.setup = setup.build();
        r.finishedAt = o.optStr("finishedAt");
        r.messages = messages(o.child("messages"));
        r.rate = rate(o.child("rate"));
        r.window = window;
        r.queue = queue;
        r.latency = latencies(o.child("latency"), version);
        r.floor = floor(o.optChild("floor"));
        r.failure = o.optStr("failure");
        r.stoppedEarly = o.bool("stoppedEarly", false);
        JsonNodes t = o.child("tolerances");
        r.tolerances = new Validity.Tolerances(t.dbl("ratePercent"), t.lng("gcInWindow"), t.lng("lagWarningNs"));
        r.setupWarnings = StoredWarnings.read(o.strings("setupWarnings"));
        r.tail = o.has("tail") ? TailJson.read(o.child("tail")) : null;
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

    // ---- cell.json and environment.json (CellJson) ------------------------------------------------------

    public static void write(Path file, CellOutcome c) throws IOException {
        CellJson.write(file, c);
    }

    public static CellOutcome readCell(Path file) {
        return CellJson.read(file);
    }

    public static void write(Path file, Host e) throws IOException {
        CellJson.write(file, e);
    }

    public static Host readEnvironment(Path file) {
        return CellJson.readEnvironment(file);
    }

    // ---- floor.json (FloorCellJson) ---------------------------------------------------------------------

    public static void write(Path file, FloorCell c) throws IOException {
        FloorCellJson.write(file, c);
    }

    public static FloorCell readFloorCell(Path file) {
        return FloorCellJson.read(file);
    }
}
