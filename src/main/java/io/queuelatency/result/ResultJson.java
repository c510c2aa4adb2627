package io.queuelatency.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place where result.json, cell.json and environment.json are written and read. Field names are the
 * files' contract (README.md, "What changes between schema versions"); results of every earlier schema are
 * read, a newer one is refused with one line.
 */
public final class ResultJson {
    private static final String RUN = "run";
    private static final String CELL = "cell";

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
        timed.put("clock", RunResult.Timed.CLOCK);
        timed.put("from", RunResult.Timed.FROM);
        timed.put("to", RunResult.Timed.TO);
        timed.put("headline", RunResult.Timed.HEADLINE.id);
        RunResult.Config c = r.config;
        ObjectNode config = o.putObject("config");
        config.put("ratePerSecond", c.ratePerSecond);
        config.put("messageSize", c.messageSize);
        config.put("warmupNs", c.warmupNs);
        config.put("durationNs", c.durationNs);
        config.put("producerCpu", c.producerCpu);
        config.put("consumerCpu", c.consumerCpu);
        config.put("cpuChoice", c.cpuChoice);
        config.put("queueDir", c.queueDir);
        config.put("rollCycle", c.rollCycle);
        config.put("rollCycleChoice", c.rollCycleChoice);
        config.put("blockSize", c.blockSize);
        RunResult.Jvm j = r.jvm;
        ObjectNode jvm = o.putObject("jvm");
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
        jvm.put("release", j.release);
        RunResult.Host h = r.host;
        ObjectNode host = o.putObject("host");
        host.put("hostname", h.hostname);
        host.put("os", h.os);
        host.put("kernel", h.kernel);
        host.put("cpuModel", h.cpuModel);
        host.put("onlineCpus", h.onlineCpus);
        host.put("onlineCpuList", h.onlineCpuList);
        host.put("isolatedCpuList", h.isolatedCpuList);
        host.put("allowedCpuList", h.allowedCpuList);
        host.put("queueFileSystem", h.queueFileSystem);
        host.put("queueFileSystemTotalBytes", h.queueFileSystemTotalBytes);
        host.put("queueFileSystemFreeBytes", h.queueFileSystemFreeBytes);
        if (h.platform != null) {
            host.set("platform", platform(h.platform));
        }
        RunResult.Messages m = r.messages;
        ObjectNode messages = o.putObject("messages");
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
        RunResult.Rate ra = r.rate;
        ObjectNode rate = o.putObject("rate");
        rate.put("targetPerSecond", ra.targetPerSecond);
        rate.put("achievedPerSecond", ra.achievedPerSecond);
        rate.put("achievedDeviationPercent", ra.achievedDeviationPercent);
        rate.put("maxSendLagNs", ra.maxSendLagNs);
        rate.put("lateSends", ra.lateSends);
        RunResult.Window w = r.window;
        ObjectNode window = o.putObject("window");
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
        RunResult.QueueFacts q = r.queue;
        ObjectNode queue = o.putObject("queue");
        queue.put("implementation", q.implementation);
        queue.put("path", q.path);
        queue.put("peakFootprintBytes", q.peakFootprintBytes);
        queue.put("deletedCycles", q.deletedCycles);
        ObjectNode latency = o.putObject("latency");
        for (Definition d : Definition.values()) {
            latency.set(d.id, latency(r.latency(d)));
        }
        if (r.hostCheck != null) {
            o.set("hostCheck", hostCheck(r.hostCheck));
        } else {
            o.putNull("hostCheck");
        }
        if (r.floor != null) {
            RunResult.Floor f = r.floor;
            ObjectNode floor = o.putObject("floor");
            floor.put("durationNs", f.durationNs);
            floor.put("overwritten", f.overwritten);
            floor.put("clockReadNs", f.clockReadNs);
            floor.put("histogramRecordNs", f.histogramRecordNs);
            floor.set("intended", latency(f.intended));
            floor.set("actual", latency(f.actual));
            floor.put("warning", f.warning);
        } else {
            o.putNull("floor");
        }
        if (r.tail != null) {
            o.set("tail", tail(r.tail));
        } else {
            o.putNull("tail");
        }
        o.put("status", r.status().name());
        o.put("failure", r.failure);
        o.put("stoppedEarly", r.stoppedEarly);
        o.set("setupWarnings", JsonNodes.strings(r.setupWarnings));
        ObjectNode tolerances = o.putObject("tolerances");
        tolerances.put("ratePercent", r.tolerances.ratePercent);
        tolerances.put("gcInWindow", r.tolerances.gcInWindow);
        tolerances.put("lagWarningNs", r.tolerances.lagWarningNs);
        o.put("valid", r.valid());
        o.set("invalidReasons", JsonNodes.strings(r.validity.invalidReasons));
        o.set("warnings", JsonNodes.strings(r.validity.warnings));
        return o;
    }

    /** {"producerCpu": n, "consumerCpu": n}: the kernel's counts on the two measured CPUs over the window. */
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

    static ObjectNode platform(Platform p) {
        ObjectNode o = JsonNodes.object();
        o.put("virtualisation", p.virtualisation);
        o.put("nested", p.nested);
        o.put("clockSource", p.clockSource);
        o.put("timerTickHz", p.timerTickHz);
        o.put("transparentHugePages", p.transparentHugePages);
        o.put("governor", p.governor);
        return o;
    }

    static Platform platform(JsonNodes n) {
        return new Platform(n.optStr("virtualisation"), n.optStr("nested"), n.optStr("clockSource"), (int) n.lng("timerTickHz", -1),
                n.optStr("transparentHugePages"), n.optStr("governor"));
    }

    static ObjectNode latency(Latency l) {
        ObjectNode o = JsonNodes.object();
        o.put("definition", l.definition.id);
        o.put("description", l.definition.description);
        o.put("count", l.count);
        o.put("minNs", l.minNs);
        o.put("meanNs", l.meanNs);
        o.put("maxNs", l.maxNs);
        ArrayNode percentiles = o.putArray("percentiles");
        for (Latency.Value v : l.values()) {
            ObjectNode p = percentiles.addObject();
            p.put("percentile", v.percentile.value);
            p.put("valueNs", v.valueNs);
            p.put("beyond", v.beyond);
        }
        return o;
    }

    static ObjectNode hostCheck(HostVerdict v) {
        ObjectNode o = JsonNodes.object();
        o.put("verdict", v.verdict.text);
        ArrayNode findings = o.putArray("findings");
        for (HostVerdict.Finding f : v.findings) {
            ObjectNode n = findings.addObject();
            n.put("severity", f.severity.name());
            n.put("check", f.check);
            n.put("found", f.found);
            n.put("fix", f.fix);
        }
        return o;
    }

    /** Reads result.json of any schema this release knows; a broken file is one line naming it and what is wrong. */
    public static RunResult read(Path file) {
        JsonNodes o = JsonNodes.read(file);
        int version = o.schemaVersion(RUN, RunResult.SCHEMA_VERSION);
        JsonNodes c = o.child("config");
        RunResult.Config config = new RunResult.Config(c.lng("ratePerSecond"), c.integer("messageSize"), c.lng("warmupNs"),
                c.lng("durationNs"), c.integer("producerCpu"), c.integer("consumerCpu"), c.optStr("cpuChoice"),
                c.optStr("queueDir"), c.optStr("rollCycle"), c.optStr("rollCycleChoice"), c.lng("blockSize"));
        JsonNodes w = o.child("window");
        Map<String, Long> byCollector = new LinkedHashMap<>();
        JsonNodes collectors = w.optChild("gcCountByCollector");
        if (collectors != null) {
            for (String name : collectors.names()) {
                byCollector.put(name, collectors.lng(name));
            }
        }
        JsonNodes j = o.child("jvm");
        // Stored from schema 4; before, the GC beans' names in the window say which collector ran.
        String gc = j.has("garbageCollector") ? j.str("garbageCollector") : JvmRelease.garbageCollector(byCollector.keySet());
        RunResult.Jvm jvm = new RunResult.Jvm(j.optStr("vendor"), j.optStr("vmName"), j.optStr("vmVersion"), j.optStr("javaVersion"),
                j.integer("majorVersion"), j.optStr("javaHome"), j.optStr("compiler"), j.strings("inputArguments"), j.strings("commandLine"), gc);
        JsonNodes h = o.child("host");
        RunResult.Host host = new RunResult.Host(h.optStr("hostname"), h.optStr("os"), h.optStr("kernel"), h.optStr("cpuModel"),
                h.integer("onlineCpus"), h.optStr("onlineCpuList"), h.optStr("isolatedCpuList"), h.optStr("allowedCpuList"),
                h.optStr("queueFileSystem"), h.lng("queueFileSystemTotalBytes", -1), h.lng("queueFileSystemFreeBytes", -1),
                h.has("platform") ? platform(h.child("platform")) : null);
        JsonNodes q = o.child("queue");
        RunResult.QueueFacts queue = new RunResult.QueueFacts(q.optStr("implementation"), q.optStr("path"),
                q.lng("peakFootprintBytes"), q.integer("deletedCycles"));
        HostVerdict hostCheck = o.has("hostCheck") ? hostCheck(o.child("hostCheck")) : null;
        RunSetup setup = new RunSetup(o.optStr("tool"), o.optStr("startedAt"), config, jvm, host, hostCheck, queue.implementation);

        List<String> storedReasons = o.strings("invalidReasons");
        List<String> storedWarnings = o.strings("warnings");
        JsonNodes m = o.child("messages");
        boolean gapOverflow = version >= 2 ? m.bool("gapOverflow", false) : startsWithAny(storedReasons, Validity.GAPS_PREFIX) != null;
        RunResult.Messages messages = new RunResult.Messages(m.lng("warmup"), m.lng("measured"), m.lng("expected"), m.lng("sent"),
                m.lng("received"), m.lng("lost"), m.lng("duplicated"), m.lng("outOfOrder"), m.lng("corrupted"),
                m.lng("clampedHigh"), m.lng("clampedNegative"), gapOverflow);
        JsonNodes ra = o.child("rate");
        RunResult.Rate rate = new RunResult.Rate(ra.lng("targetPerSecond"), ra.dbl("achievedPerSecond"),
                ra.dbl("achievedDeviationPercent"), ra.lng("maxSendLagNs"), ra.lng("lateSends"));
        RunResult.Window window = new RunResult.Window(w.lng("gcCount"), w.lng("gcTimeMs"), byCollector,
                w.lng("producerAllocatedBytes", -1), w.lng("consumerAllocatedBytes", -1), w.lng("heapUsedAtStartBytes", 0),
                w.lng("heapUsedAtEndBytes", 0), w.lng("heapMaxBytes", 0), pair(w, "timerInterrupts"), pair(w, "stealMs"));
        Map<Definition, Latency> latency = new EnumMap<>(Definition.class);
        JsonNodes l = o.child("latency");
        for (Definition d : Definition.values()) {
            String key = d.storedUnder(version); // before schema 4, "actual" was read inside the write: the in-queue latency
            if (key != null && l.has(key)) {
                latency.put(d, latency(d, l.child(key)));
            }
        }
        RunResult.Floor floor = null;
        JsonNodes f = o.optChild("floor");
        if (f != null) {
            floor = new RunResult.Floor(f.lng("durationNs"), f.lng("overwritten"), f.dbl("clockReadNs"), f.dbl("histogramRecordNs"),
                    f.has("intended") ? latency(Definition.INTENDED, f.child("intended")) : null,
                    f.has("actual") ? latency(Definition.ACTUAL, f.child("actual")) : null, f.optStr("warning"));
        }

        String failure;
        boolean stoppedEarly;
        List<String> setupWarnings;
        Validity.Tolerances tolerances;
        if (version >= 2) {
            failure = o.optStr("failure");
            stoppedEarly = o.bool("stoppedEarly", false);
            setupWarnings = o.strings("setupWarnings");
            JsonNodes t = o.child("tolerances");
            tolerances = new Validity.Tolerances(t.dbl("ratePercent"), t.lng("gcInWindow"), t.lng("lagWarningNs"));
        } else {
            // Schema 1 stored the verdict's reasons, not every fact behind them: recover those facts from the reasons,
            // and keep as the setup's warnings the stored ones the judgement does not give again.
            String failed = startsWithAny(storedReasons, Validity.FAILED_PREFIX);
            failure = failed == null ? null : failed.substring(Validity.FAILED_PREFIX.length());
            stoppedEarly = startsWithAny(storedReasons, Validity.STOPPED_PREFIX) != null;
            tolerances = Validity.Tolerances.DEFAULT;
            List<String> judged = Validity.judge(messages, rate, window, failure, stoppedEarly, new ArrayList<>(), tolerances).warnings;
            setupWarnings = new ArrayList<>();
            for (String warning : storedWarnings) {
                if (!judged.contains(warning)) {
                    setupWarnings.add(warning);
                }
            }
        }
        JsonNodes tailNode = version >= 3 ? o.optChild("tail") : null;
        return new RunResult(version, setup, o.optStr("finishedAt"), messages, rate, window, queue, latency, floor, failure,
                stoppedEarly, setupWarnings, tolerances, tailNode == null ? null : tail(tailNode));
    }

    private static ObjectNode tail(Tail t) {
        ObjectNode o = JsonNodes.object();
        o.set("producerStalls", stalls(t.producer));
        o.set("consumerStalls", stalls(t.consumer));
        ObjectNode events = o.putObject("jvmEvents");
        events.put("recorded", t.jvmEventsRecorded);
        events.put("source", t.jvmEventSource);
        ArrayNode ops = events.putArray("operations");
        for (Tail.Operation op : t.operations) {
            ObjectNode n = ops.addObject();
            n.put("name", op.name);
            n.put("gc", op.gc);
            n.put("count", op.count);
            n.put("totalNs", op.totalNs);
            n.put("maxNs", op.maxNs);
            n.put("maxReachingNs", op.maxReachingNs);
        }
        ArrayNode each = events.putArray("inWindow");
        for (Tail.Event e : t.events) {
            ObjectNode n = each.addObject();
            n.put("startAfterWindowStartNs", e.startAfterWindowStartNs);
            n.put("lengthNs", e.lengthNs);
            n.put("operation", e.operation);
            n.put("gc", e.gc);
        }
        if (t.jit != null) {
            ObjectNode jit = o.putObject("jit");
            jit.put("compilations", t.jit.compilations);
            jit.put("deoptimizations", t.jit.deoptimizations);
            ArrayNode names = jit.putArray("deoptimized");
            for (String m : t.jit.deoptimized) {
                names.add(m);
            }
        } else {
            o.putNull("jit");
        }
        ObjectNode queue = o.putObject("queueEvents");
        ArrayNode rolls = queue.putArray("cycleStartsAfterWindowStartNs");
        for (long v : t.cycleStartsNs) {
            rolls.add(v);
        }
        ArrayNode blocks = queue.putArray("newBlocksAfterWindowStartNs");
        for (long v : t.newBlocksNs) {
            blocks.add(v);
        }
        ObjectNode slow = o.putObject("slowMessages");
        slow.put("floorNs", t.keptFloorNs);
        slow.put("kept", t.kept);
        slow.put("overwritten", t.overwritten);
        ArrayNode beyond = o.putArray("attribution");
        for (Tail.Beyond b : t.beyond) {
            ObjectNode n = beyond.addObject();
            n.put("percentile", b.percentile.label());
            n.put("valueNs", b.valueNs);
            n.put("samples", b.samples);
            n.put("matched", b.matched);
            n.put("notJvm", b.notJvm);
            ObjectNode causes = n.putObject("causes");
            for (Tail.Cause c : Tail.Cause.values()) {
                causes.put(c.id(), b.count(c));
            }
        }
        return o;
    }

    private static ObjectNode stalls(Tail.Stalls s) {
        ObjectNode o = JsonNodes.object();
        o.put("thresholdNs", s.thresholdNs);
        o.put("count", s.count);
        o.put("totalNs", s.totalNs);
        o.put("maxNs", s.maxNs);
        o.put("reads", s.reads);
        o.put("writeCount", s.writeCount);
        o.put("writeNs", s.writeNs);
        o.put("complete", s.complete);
        rows(o, "largest", s.largest, "startAfterWindowStartNs", "lengthNs");
        ArrayNode perSecond = o.putArray("perSecondMaxNs");
        for (long v : s.perSecondMaxNs) {
            perSecond.add(v);
        }
        if (s.clockReadP50Ns >= 0) {
            ObjectNode clock = o.putObject("clockRead");
            clock.put("p50Ns", s.clockReadP50Ns);
            clock.put("p99Ns", s.clockReadP99Ns);
        }
        rows(o, "byLength", s.byLength, "fromNs", "toNs", "count", "totalNs"); // toNs -1: the open last step
        return o;
    }

    /** A list of objects, one a row, each value under its field's name. */
    private static void rows(ObjectNode o, String name, List<long[]> rows, String... fields) {
        ArrayNode list = o.putArray(name);
        for (long[] row : rows) {
            ObjectNode n = list.addObject();
            for (int i = 0; i < fields.length; i++) {
                n.put(fields[i], row[i]);
            }
        }
    }

    private static Tail tail(JsonNodes o) {
        JsonNodes events = o.child("jvmEvents");
        List<Tail.Operation> ops = new ArrayList<>();
        for (JsonNodes n : events.objects("operations")) {
            ops.add(new Tail.Operation(n.str("name"), n.bool("gc", false), n.lng("count"), n.lng("totalNs"), n.lng("maxNs"),
                    n.lng("maxReachingNs")));
        }
        List<Tail.Event> each = new ArrayList<>();
        for (JsonNodes n : events.objects("inWindow")) {
            each.add(new Tail.Event(n.lng("startAfterWindowStartNs"), n.lng("lengthNs"), n.str("operation"), n.bool("gc", false)));
        }
        JsonNodes slow = o.child("slowMessages");
        List<Tail.Beyond> beyond = new ArrayList<>();
        for (JsonNodes n : o.objects("attribution")) {
            Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
            JsonNodes causes = n.child("causes");
            for (Tail.Cause c : Tail.Cause.values()) {
                long count = causes.lng(c.id(), 0);
                if (count > 0) {
                    byCause.put(c, count);
                }
            }
            beyond.add(new Tail.Beyond(Percentile.of(Double.parseDouble(n.str("percentile"))), n.lng("valueNs"), n.lng("samples"),
                    n.lng("matched"), byCause, n.lng("notJvm", -1)));
        }
        return new Tail(stalls(o.child("producerStalls")), stalls(o.child("consumerStalls")), events.optStr("source"),
                events.bool("recorded", false), ops, each,
                o.has("queueEvents") ? o.child("queueEvents").longs("cycleStartsAfterWindowStartNs") : new long[0],
                o.has("queueEvents") ? o.child("queueEvents").longs("newBlocksAfterWindowStartNs") : new long[0],
                o.has("jit") ? new Tail.Jit(o.child("jit").lng("compilations"), o.child("jit").lng("deoptimizations"),
                        o.child("jit").strings("deoptimized")) : null, slow.lng("floorNs"), slow.lng("kept"), slow.lng("overwritten"), beyond);
    }

    private static Tail.Stalls stalls(JsonNodes o) {
        List<long[]> largest = new ArrayList<>();
        for (JsonNodes n : o.objects("largest")) {
            largest.add(new long[] {n.lng("startAfterWindowStartNs"), n.lng("lengthNs")});
        }
        List<long[]> byLength = new ArrayList<>();
        for (JsonNodes n : o.objects("byLength")) {
            byLength.add(new long[] {n.lng("fromNs"), n.lng("toNs", -1), n.lng("count"), n.lng("totalNs")});
        }
        JsonNodes clock = o.has("clockRead") ? o.child("clockRead") : null;
        return new Tail.Stalls(o.lng("thresholdNs"), o.lng("count"), o.lng("totalNs"), o.lng("maxNs"), o.lng("reads"),
                o.lng("writeCount", 0), o.lng("writeNs", 0), o.bool("complete", true), largest, o.longs("perSecondMaxNs"),
                clock == null ? -1 : clock.lng("p50Ns"), clock == null ? -1 : clock.lng("p99Ns"), byLength);
    }

    private static String startsWithAny(List<String> lines, String prefix) {
        for (String line : lines) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        return null;
    }

    /** A latency object; its definition is where it is stored, not its (schema 1: free-text) "definition" field. */
    static Latency latency(Definition d, JsonNodes n) {
        Map<Percentile, Latency.Value> values = new LinkedHashMap<>();
        for (JsonNodes p : n.objects("percentiles")) {
            double at = p.dbl("percentile");
            if (!(at > 0 && at <= 100)) {
                throw new StoredFileException(n.file(), "a percentile out of range: " + at);
            }
            Percentile percentile = Percentile.of(at);
            values.put(percentile, new Latency.Value(percentile, p.lng("valueNs"), p.lng("beyond")));
        }
        long count = n.lng("count");
        return new Latency(d, count, count == 0 ? 0 : n.lng("minNs"), count == 0 ? 0 : n.dbl("meanNs"),
                count == 0 ? 0 : n.lng("maxNs"), values);
    }

    static HostVerdict hostCheck(JsonNodes n) {
        List<HostVerdict.Finding> findings = new ArrayList<>();
        for (JsonNodes f : n.objects("findings")) {
            HostVerdict.Severity severity;
            try {
                severity = HostVerdict.Severity.valueOf(f.str("severity"));
            } catch (IllegalArgumentException e) {
                throw new StoredFileException(n.file(), "hostCheck: unknown severity " + f.str("severity"));
            }
            findings.add(new HostVerdict.Finding(severity, f.str("check"), f.optStr("found"), f.optStr("fix")));
        }
        return new HostVerdict(findings);
    }

    // ---- cell.json --------------------------------------------------------------------------------------

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
        return new CellOutcome(id, status, o.integer("exitCode"), o.optStr("reason"), o.dbl("seconds"), o.strings("command"));
    }

    // ---- environment.json -------------------------------------------------------------------------------

    public static void write(Path file, Environment e) throws IOException {
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
            o.set("platform", platform(e.platform));
        }
        JsonNodes.write(file, o);
    }

    public static Environment readEnvironment(Path file) {
        JsonNodes o = JsonNodes.read(file);
        return new Environment(o.optStr("hostname"), o.optStr("os"), o.optStr("kernel"), o.optStr("cpuModel"),
                o.optStr("onlineCpus"), (int) o.lng("cpuCount", 0), o.optStr("isolatedCpus"), o.optStr("allowedCpus"),
                o.optStr("kernelCommandLine"), o.lng("devShmTotalBytes", -1), o.lng("devShmFreeBytes", -1),
                o.has("platform") ? platform(o.child("platform")) : null);
    }
}
