package io.queuelatency.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** result.json's "tail" object (schema 3 on): the stalls, JVM events, queue events and attribution of one run. */
final class TailJson {
    private TailJson() {
    }

    static ObjectNode write(Tail t) {
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
        ArrayNode largest = o.putArray("largest");
        for (Tail.Stall st : s.largest) {
            ObjectNode n = largest.addObject();
            n.put("startAfterWindowStartNs", st.startAfterWindowStartNs);
            n.put("lengthNs", st.lengthNs);
        }
        ArrayNode perSecond = o.putArray("perSecondMaxNs");
        for (long v : s.perSecondMaxNs) {
            perSecond.add(v);
        }
        if (s.clockReadP50Ns >= 0) {
            ObjectNode clock = o.putObject("clockRead");
            clock.put("p50Ns", s.clockReadP50Ns);
            clock.put("p99Ns", s.clockReadP99Ns);
        }
        ArrayNode byLength = o.putArray("byLength");
        for (Tail.LengthStep step : s.byLength) {
            ObjectNode n = byLength.addObject();
            n.put("fromNs", step.fromNs);
            n.put("toNs", step.toNs); // -1: the open last step
            n.put("count", step.count);
            n.put("totalNs", step.totalNs);
        }
        return o;
    }

    static Tail read(JsonNodes o) {
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
        List<Tail.Stall> largest = new ArrayList<>();
        for (JsonNodes n : o.objects("largest")) {
            largest.add(new Tail.Stall(n.lng("startAfterWindowStartNs"), n.lng("lengthNs")));
        }
        List<Tail.LengthStep> byLength = new ArrayList<>();
        for (JsonNodes n : o.objects("byLength")) {
            byLength.add(new Tail.LengthStep(n.lng("fromNs"), n.lng("toNs", -1), n.lng("count"), n.lng("totalNs")));
        }
        JsonNodes clock = o.has("clockRead") ? o.child("clockRead") : null;
        return Tail.Stalls.builder().thresholdNs(o.lng("thresholdNs")).stalls(o.lng("count"), o.lng("totalNs"), o.lng("maxNs"))
                .reads(o.lng("reads")).inWrite(o.lng("writeCount", 0), o.lng("writeNs", 0)).complete(o.bool("complete", true))
                .largest(largest).perSecondMaxNs(o.longs("perSecondMaxNs"))
                .clockRead(clock == null ? -1 : clock.lng("p50Ns"), clock == null ? -1 : clock.lng("p99Ns")).byLength(byLength).build();
    }
}
