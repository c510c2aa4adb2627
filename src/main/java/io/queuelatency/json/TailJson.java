package io.queuelatency.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Why;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** result.json's "tail" object (schema 3 on): the stalls, JVM events, queue events and attribution of one run. */
final class TailJson {
    private TailJson() {
    }

    static ObjectNode write(Tail t) {
        ObjectNode o = JsonNodes.object();
        o.set("producerStalls", stalls(t.producer));
        o.set("consumerStalls", stalls(t.consumer));
        o.set("jvmEvents", jvmEvents(t));
        JsonNode jit = Binding.tree(t.jit);
        if (t.jit != null && t.jit.tool < 0) {
            ((ObjectNode) jit).remove(Arrays.asList("tool", "toolMethods"));
        }
        o.set("jit", jit);
        ObjectNode queue = o.putObject("queueEvents");
        queue.set("cycleStartsAfterWindowStartNs", Binding.tree(t.cycleStartsNs));
        queue.set("newBlocksAfterWindowStartNs", Binding.tree(t.newBlocksNs));
        ObjectNode slow = o.putObject("slowMessages");
        slow.put("floorNs", t.keptFloorNs);
        slow.put("kept", t.kept);
        slow.put("overwritten", t.overwritten);
        ArrayNode beyond = o.putArray("attribution");
        for (Tail.Beyond b : t.beyond) {
            beyond.add(beyond(b));
        }
        if (t.evidence != null) {
            o.set("evidence", evidence(t.evidence));
        }
        return o;
    }

    private static ObjectNode jvmEvents(Tail t) {
        ObjectNode events = JsonNodes.object();
        events.put("recorded", t.jvmEventsRecorded);
        events.put("source", t.jvmEventSource);
        events.set("operations", Binding.tree(t.operations));
        events.set("inWindow", Binding.tree(t.events));
        return events;
    }

    private static ObjectNode beyond(Tail.Beyond b) {
        ObjectNode n = JsonNodes.object();
        n.put("percentile", b.percentile.name());
        n.put("valueNs", b.valueNs);
        n.put("samples", b.samples);
        n.put("matched", b.matched);
        n.put("notJvm", b.notJvm);
        if (b.tool >= 0) {
            n.put("tool", b.tool);
        }
        ObjectNode causes = n.putObject("causes");
        for (Tail.Cause c : Tail.Cause.values()) {
            causes.put(c.id(), b.count(c));
        }
        writeWhy(n, b);
        return n;
    }

    /** Why the samples beyond a percentile were slow, and who took the CPU. */
    private static void writeWhy(ObjectNode n, Tail.Beyond b) {
        if (b.why.isEmpty()) {
            return;
        }
        ObjectNode why = n.putObject("why");
        for (Why w : Why.values()) {
            why.put(w.id(), b.count(w));
        }
        ObjectNode by = n.putObject("preemptedBy");
        b.preemptedBy.forEach(by::put);
    }

    private static ObjectNode evidence(TailEvidence e) {
        ObjectNode o = (ObjectNode) Binding.tree(e);
        ObjectNode counters = o.putObject("perSecond");
        counters.set("producer", Binding.tree(e.producer));
        counters.set("consumer", Binding.tree(e.consumer));
        return o;
    }

    private static TailEvidence readEvidence(JsonNodes o) {
        List<TailEvidence.Preemptor> who = new ArrayList<>();
        for (JsonNodes n : o.objects("preemptors")) {
            who.add(new TailEvidence.Preemptor(n.str("command"), n.bool("jvm", false), n.bool("tool", false),
                    n.lng("stalls"),
                    n.lng("totalNs")));
        }
        JsonNodes c = o.child("perSecond");
        o.str("level");
        TailEvidence e = o.as(TailEvidence.class);
        e.preemptors = who;
        e.producer = readCounters(c.child("producer"));
        e.consumer = readCounters(c.child("consumer"));
        return e;
    }

    private static TailEvidence.ThreadCounters readCounters(JsonNodes o) {
        return new TailEvidence.ThreadCounters(o.longs("minorFaults"), o.longs("majorFaults"),
                o.longs("involuntarySwitches"),
                o.longs("interrupts"));
    }

    /** The counts stored under each constant's id, those above 0. */
    private static <E extends Enum<E>> Map<E, Long> counts(JsonNodes n, Class<E> type, Function<E, String> id) {
        Map<E, Long> counts = new EnumMap<>(type);
        for (E e : type.getEnumConstants()) {
            long count = n.lng(id.apply(e), 0);
            if (count > 0) {
                counts.put(e, count);
            }
        }
        return counts;
    }

    private static ObjectNode stalls(ThreadStalls s) {
        ObjectNode o = (ObjectNode) Binding.tree(s);
        if (s.clockReadP50Ns >= 0) {
            ObjectNode clock = o.putObject("clockRead");
            clock.put("p50Ns", s.clockReadP50Ns);
            clock.put("p99Ns", s.clockReadP99Ns);
        }
        o.set("byLength", Binding.tree(s.byLength));
        if (!s.byWhy.isEmpty()) {
            o.set("byWhy", Binding.tree(s.byWhy));
            o.set("perSecondMaxWhy", Binding.tree(s.perSecondMaxWhy));
        }
        return o;
    }

    static Tail read(JsonNodes o) {
        JsonNodes events = o.child("jvmEvents");
        List<Tail.Operation> ops = new ArrayList<>();
        for (JsonNodes n : events.objects("operations")) {
            ops.add(new Tail.Operation(n.str("name"), n.bool("gc", false), n.lng("count"), n.lng("totalNs"),
                    n.lng("maxNs"),
                    n.lng("maxReachingNs")));
        }
        List<Tail.Event> each = new ArrayList<>();
        for (JsonNodes n : events.objects("inWindow")) {
            long length = n.lng("lengthNs");
            // stored before the stopped part was kept: the whole event, as it was then counted
            each.add(new Tail.Event(n.lng("startAfterWindowStartNs"), length, n.lng("stoppedNs", length),
                    n.str("operation"), n.bool("gc", false)));
        }
        JsonNodes slow = o.child("slowMessages");
        List<Tail.Beyond> beyond = new ArrayList<>();
        for (JsonNodes n : o.objects("attribution")) {
            Tail.Beyond b = n.as(Tail.Beyond.class);
            b.percentile = n.percentile("percentile");
            b.byCause = counts(n.child("causes"), Tail.Cause.class, Tail.Cause::id);
            if (n.has("why")) {
                b.why = counts(n.child("why"), Why.class, Why::id);
            }
            beyond.add(b);
        }
        Tail tail = new Tail();
        tail.producer = stalls(o.child("producerStalls"));
        tail.consumer = stalls(o.child("consumerStalls"));
        tail.jvmEventSource = events.optStr("source");
        tail.jvmEventsRecorded = events.bool("recorded", false);
        tail.operations = ops;
        tail.events = each;
        if (o.has("queueEvents")) {
            tail.cycleStartsNs = o.child("queueEvents").longs("cycleStartsAfterWindowStartNs");
            tail.newBlocksNs = o.child("queueEvents").longs("newBlocksAfterWindowStartNs");
        }
        if (o.has("jit")) {
            JsonNodes jit = o.child("jit");
            tail.jit = new Tail.Jit(jit.lng("compilations"), jit.lng("deoptimizations"), jit.strings("deoptimized"),
                    jit.lng("tool", -1), jit.has("toolMethods") ? jit.strings("toolMethods")
                            : java.util.Collections.<String>emptyList());
        }
        tail.keptFloorNs = slow.lng("floorNs");
        tail.kept = slow.lng("kept");
        tail.overwritten = slow.lng("overwritten");
        tail.beyond = beyond;
        tail.evidence = o.has("evidence") ? readEvidence(o.child("evidence")) : null;
        return tail;
    }

    private static ThreadStalls stalls(JsonNodes o) {
        ThreadStalls s = o.as(ThreadStalls.class);
        for (JsonNodes n : o.objects("largest")) {
            s.largest.add(new ThreadStalls.Stall(n.lng("startAfterWindowStartNs"), n.lng("lengthNs")));
        }
        for (JsonNodes n : o.objects("byLength")) {
            s.byLength.add(new ThreadStalls.LengthStep(n.lng("fromNs"), n.lng("toNs", -1), n.lng("count"),
                    n.lng("totalNs")));
        }
        if (o.has("clockRead")) {
            s.clockReadP50Ns = o.child("clockRead").lng("p50Ns");
            s.clockReadP99Ns = o.child("clockRead").lng("p99Ns");
        }
        s.byWhy = readByWhy(o);
        s.perSecondMaxWhy = readPerSecondWhy(o);
        return s;
    }

    private static Map<Why, ThreadStalls.Tally> readByWhy(JsonNodes o) {
        Map<Why, ThreadStalls.Tally> by = new EnumMap<>(Why.class);
        if (o.has("byWhy")) {
            JsonNodes b = o.child("byWhy");
            for (String id : b.names()) {
                Why w = Why.of(id);
                if (w != null) { // a cause this release does not know is left out
                    by.put(w, new ThreadStalls.Tally(b.child(id).lng("count"), b.child(id).lng("totalNs")));
                }
            }
        }
        return by;
    }

    private static Why[] readPerSecondWhy(JsonNodes o) {
        if (!o.has("perSecondMaxWhy")) {
            return new Why[0];
        }
        List<String> ids = o.optStrings("perSecondMaxWhy");
        Why[] out = new Why[ids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ids.get(i) == null ? null : Why.of(ids.get(i));
        }
        return out;
    }
}
