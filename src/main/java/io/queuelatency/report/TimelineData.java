package io.queuelatency.report;

import io.queuelatency.words.DefinitionWords;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Tail;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Why;
import io.queuelatency.store.IntervalLog;
import io.queuelatency.words.CauseWords;
import java.nio.file.Path;
import java.util.List;

/**
 * What a run's timeline shows, as data for report.html's interactive charts (the same stored files as timeline.png):
 * each interval of latency.hlog with its true extent in the window (a partial one stays partial), its samples, p99
 * and maximum; each second's longest stall per thread and whose cause it was; the JVM's events; the queue's rolls
 * and new blocks. Seconds are from the window's start.
 */
final class TimelineData {
    private TimelineData() {
    }

    /** Null where the run stored no interval of its window. */
    static ObjectNode of(String id, String jvm, String label, Path runDir, RunResult r) {
        Timeline.Series series = Timeline.Series.read(runDir, r);
        if (series == null) {
            return null;
        }
        ObjectNode o = JsonNodes.object();
        o.put("id", id);
        o.put("jvm", jvm);
        o.put("label", label);
        o.put("second", DefinitionWords.label(series.second));
        o.set(Definition.HEADLINE.id, intervals(series.headline));
        o.set("other", intervals(series.other));
        Tail tail = r.tail;
        if (tail != null) {
            o.set("producer", stalls(tail.producer));
            o.set("consumer", stalls(tail.consumer));
            ArrayNode events = o.putArray("events");
            for (Tail.Event e : series.events) {
                events.addObject().put("s", e.startAfterWindowStartNs / 1e9).put("lengthNs", e.lengthNs)
                        .put("stoppedNs", Timeline.height(e)).put("gc", e.gc).put("what", e.operation);
            }
            ArrayNode queue = o.putArray("queue");
            for (long[] times : new long[][] {tail.cycleStartsNs, tail.newBlocksNs}) {
                for (long t : times) {
                    queue.add(t / 1e9);
                }
            }
        }
        return o;
    }

    /** [fromS, toS, samples, p99Ns, maxNs] per interval with samples. */
    private static ArrayNode intervals(List<IntervalLog.Interval> list) {
        ArrayNode a = JsonNodes.array();
        for (IntervalLog.Interval i : list) {
            if (i.count > 0 && i.toS > i.fromS) {
                a.addArray().add(round(i.fromS)).add(round(i.toS)).add(i.count).add(i.p99Ns).add(i.maxNs);
            }
        }
        return a;
    }

    /** [second, lengthNs, group, cause ("preempted: the host's")] for each second with a stall. */
    private static ArrayNode stalls(ThreadStalls s) {
        ArrayNode a = JsonNodes.array();
        for (int k = 0; k < s.perSecondMaxNs.length; k++) {
            if (s.perSecondMaxNs[k] > 0) {
                Why why = k < s.perSecondMaxWhy.length ? s.perSecondMaxWhy[k] : null;
                a.addArray().add(k).add(s.perSecondMaxNs[k]).add(why == null ? null : why.group.name())
                        .add(why == null ? null : CauseWords.shortName(why) + ": " + CauseWords.words(why.group));
            }
        }
        return a;
    }

    private static double round(double s) {
        return Math.round(s * 1000) / 1000.0;
    }
}
