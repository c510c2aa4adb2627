package io.queuelatency.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.words.JvmWords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** matrix.json: a field an older plan does not hold reads as the plan's default. */
public final class MatrixPlanJson {
    private static final String KIND = "matrix";

    private MatrixPlanJson() {
    }

    public static void write(MatrixPlan plan, Path file) throws IOException {
        JsonNodes.write(file, plan(plan));
    }

    private static ObjectNode plan(MatrixPlan plan) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", JsonNodes.schema(KIND, MatrixPlan.SCHEMA_VERSION));
        o.put("tool", plan.tool);
        o.put("runId", plan.runId);
        o.put("startedAt", plan.startedAt);
        o.put("configFile", plan.configFile);
        o.set("settings", SettingsJson.plan(plan.settings));
        ArrayNode jvms = o.putArray("jvms");
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            jvms.add(jvm(j));
        }
        ArrayNode cells = o.putArray("cells");
        for (CellId c : plan.cells) {
            cells.add(c.toString());
        }
        o.set("capacity", plan.capacity == null ? NullNode.getInstance() : capacity(plan.capacity));
        o.set("auto", plan.auto == null ? NullNode.getInstance() : auto(plan.auto));
        o.set("hostFloor", plan.hostFloor == null ? NullNode.getInstance() : hostFloor(plan.hostFloor));
        if (plan.share != null) {
            ObjectNode share = o.putObject("share");
            share.put("part", plan.share.part);
            share.put("of", plan.share.of);
        }
        return o;
    }

    private static ObjectNode auto(MatrixPlan.AutoPlan a) {
        ObjectNode o = JsonNodes.object();
        o.put("timeBudgetNs", a.timeBudgetNs);
        ArrayNode looks = o.putArray("looks");
        a.looks.forEach(looks::add);
        o.put("end", a.end == null ? null : a.end.name());
        o.put("looksTaken", a.looksTaken);
        o.put("rounds", a.rounds);
        o.put("spentNs", a.spentNs);
        if (a.wallNs > 0) { // none in a matrix of a version that counted the cells' own time: it reads back as stored
            o.put("wallNs", a.wallNs);
        }
        return o;
    }

    private static MatrixPlan.AutoPlan auto(JsonNodes n) {
        MatrixPlan.AutoPlan a = new MatrixPlan.AutoPlan();
        a.timeBudgetNs = n.lng("timeBudgetNs");
        for (long look : n.longs("looks")) {
            int last = a.looks.isEmpty() ? 0 : a.looks.get(a.looks.size() - 1);
            if (look <= last || look > Integer.MAX_VALUE) {
                throw new StoredFileException(n.file(), "auto.looks: " + look + " is not a round after the last look");
            }
            a.looks.add((int) look);
        }
        String end = n.optStr("end");
        try {
            a.end = end == null ? null : MatrixPlan.AutoPlan.RoundsEnd.valueOf(end);
        } catch (IllegalArgumentException e) {
            throw new StoredFileException(n.file(), "auto.end: \"" + end + "\" is not one of DECIDED, LAST_LOOK, "
                    + "TIME_BUDGET");
        }
        a.looksTaken = n.has("looksTaken") ? n.integer("looksTaken") : 0;
        a.rounds = n.has("rounds") ? n.integer("rounds") : 0;
        a.spentNs = n.lng("spentNs", 0);
        a.wallNs = n.lng("wallNs", 0);
        return a;
    }

    private static ObjectNode hostFloor(MatrixPlan.HostFloorPlan f) {
        ObjectNode o = JsonNodes.object();
        o.put("javaHome", f.javaHome);
        o.put("version", f.version);
        o.put("vmName", f.vmName);
        o.put("major", f.major);
        o.set("jvmOptions", strings(f.jvmOptions));
        return o;
    }

    private static MatrixPlan.HostFloorPlan hostFloor(JsonNodes n) {
        MatrixPlan.HostFloorPlan f = new MatrixPlan.HostFloorPlan();
        f.javaHome = n.optStr("javaHome");
        f.version = n.optStr("version");
        f.vmName = n.optStr("vmName");
        f.major = n.has("major") ? n.integer("major") : 0;
        f.jvmOptions = n.strings("jvmOptions");
        return f;
    }

    private static ObjectNode jvm(MatrixPlan.PlannedJvm j) {
        ObjectNode o = JsonNodes.object();
        o.put("id", j.id);
        o.put("label", j.label);
        o.put("available", j.available);
        o.put("unavailable", j.unavailable);
        o.put("compiler", j.compiler);
        o.put("javaHome", j.javaHome);
        o.put("vendor", j.vendor);
        o.put("version", j.version);
        o.put("vmName", j.vmName);
        o.put("major", j.major);
        o.put("warmupNs", j.warmupNs);
        o.set("jvmOptions", strings(j.jvmOptions));
        o.put("requiresGraalProof", j.requiresGraalProof);
        o.put("entry", j.entry);
        o.put("variant", j.variant);
        o.set("studyOptions", strings(j.studyOptions));
        return o;
    }

    private static ObjectNode capacity(MatrixPlan.CapacityPlan c) {
        ObjectNode o = JsonNodes.object();
        ArrayNode budgets = o.putArray("budgets");
        for (Budget b : c.budgets) {
            budgets.addObject().put("percentile", b.percentile().name()).put("limitNs", b.limitNs);
        }
        o.put("maxRate", c.maxRate);
        o.put("minRate", c.minRate);
        o.put("factor", c.factor);
        o.put("resolution", c.resolution);
        o.put("timeLimitNs", c.timeLimitNs);
        o.set("ended", JsonNodes.MAPPER.valueToTree(c.ended));
        o.set("notRun", JsonNodes.MAPPER.valueToTree(c.notRun));
        return o;
    }

    private static JsonNode strings(List<String> values) {
        return values == null ? NullNode.getInstance() : JsonNodes.strings(values);
    }

    public static MatrixPlan read(Path file) {
        JsonNodes root = JsonNodes.read(file);
        root.schemaVersion(KIND, 2, MatrixPlan.SCHEMA_VERSION); // matrix/1 is refused
        MatrixPlan plan = new MatrixPlan();
        plan.tool = root.optStr("tool");
        plan.runId = root.optStr("runId");
        plan.startedAt = root.optStr("startedAt");
        plan.configFile = root.optStr("configFile");
        plan.settings = SettingsJson.plan(root.child("settings"));
        for (JsonNodes j : root.objects("jvms")) {
            plan.jvms.add(jvm(j));
        }
        List<String> cells = root.strings("cells");
        for (int i = 0; i < cells.size(); i++) {
            try {
                plan.cells.add(CellId.parse(cells.get(i)));
            } catch (IllegalArgumentException e) {
                throw new StoredFileException(file, "cells[" + i + "]: " + e.getMessage());
            }
        }
        JsonNodes capacity = root.optChild("capacity");
        plan.capacity = capacity == null ? null : capacity(capacity);
        JsonNodes auto = root.optChild("auto");
        plan.auto = auto == null ? null : auto(auto);
        JsonNodes hostFloor = root.optChild("hostFloor");
        plan.hostFloor = hostFloor == null ? null : hostFloor(hostFloor);
        JsonNodes share = root.optChild("share");
        plan.share = share == null ? null : new MatrixPlan.Share(share.integer("part"), share.integer("of"));
        return plan;
    }

    private static MatrixPlan.PlannedJvm jvm(JsonNodes n) {
        MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
        j.id = n.optStr("id");
        j.label = n.optStr("label");
        j.available = n.bool("available", false);
        j.unavailable = n.optStr("unavailable");
        j.compiler = n.optStr("compiler");
        j.javaHome = n.optStr("javaHome");
        j.vendor = n.optStr("vendor");
        j.version = n.optStr("version");
        j.vmName = n.optStr("vmName");
        j.major = n.has("major") ? n.integer("major") : 0;
        j.warmupNs = n.lng("warmupNs", 0);
        j.jvmOptions = n.strings("jvmOptions");
        if ("C2 (HotSpot)".equals(j.compiler)) { // stored so before the options' compilers were read (C1 only)
            j.compiler = JvmWords.hotspotCompiler(j.jvmOptions);
        }
        j.requiresGraalProof = n.bool("requiresGraalProof", false);
        j.entry = n.optStr("entry");
        j.variant = n.optStr("variant");
        j.studyOptions = n.strings("studyOptions");
        return j;
    }

    private static MatrixPlan.CapacityPlan capacity(JsonNodes n) {
        MatrixPlan.CapacityPlan c = new MatrixPlan.CapacityPlan();
        for (JsonNodes b : n.objects("budgets")) {
            c.budgets.add(new Budget(b.percentile("percentile").value, b.lng("limitNs")));
        }
        c.maxRate = n.lng("maxRate", 0);
        c.minRate = n.lng("minRate", 0);
        c.factor = n.has("factor") ? n.dbl("factor") : c.factor;
        c.resolution = n.has("resolution") ? n.dbl("resolution") : c.resolution;
        c.timeLimitNs = n.lng("timeLimitNs", 0);
        JsonNodes ended = n.optChild("ended");
        if (ended != null) {
            for (String id : ended.names()) {
                c.ended.put(id, ended.str(id));
            }
        }
        JsonNodes notRun = n.optChild("notRun");
        if (notRun != null) {
            for (String id : notRun.names()) {
                c.notRun.put(id, notRun.lng(id));
            }
        }
        return c;
    }
}
