package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Answer;
import io.queuelatency.decide.Estimate;
import io.queuelatency.json.JsonNodes;

/**
 * The answer as JSON, the section a matrix's summary.json and a fleet's (for each host type) share: the same rows as
 * summary.md's "Which JVM on this host?" ({@link Answer}).
 */
public final class AnswerJson {
    private AnswerJson() {
    }

    /**
     * "Which JVM on this host?": per JVM, lowest p50 estimate first, its estimates at p50 ... worst (the same values
     * as jvms[]'s intended) and its standing against the leader at p50, then its decided standings in the tail.
     */
    public static ArrayNode of(Analysis a) {
        ArrayNode rows = JsonNodes.array();
        for (Answer.JvmRow r : Answer.of(a)) {
            ObjectNode n = rows.addObject();
            n.put("jvm", r.jvm.id);
            ArrayNode estimates = n.putArray("estimates");
            if (r.estimates != null) {
                for (Estimate e : r.estimates) {
                    ObjectNode x = estimates.addObject().setAll(estimate(e));
                    if (e.tooFewSamples) {
                        x.put("tooFewSamples", true);
                    }
                }
            }
            n.put("verdict", AnswerMarkdown.verdict(r, a));
            n.set("p50", place(r.atMedian));
            ArrayNode tail = n.putArray("tail");
            r.tail.forEach(t -> tail.add(place(t)));
        }
        return rows;
    }

    /** An estimate's value and interval: a fleet's floor; summary.json's jvms[] add what the runs say. */
    public static ObjectNode estimate(Estimate e) {
        ObjectNode n = JsonNodes.object();
        n.put("percentile", e.percentile.name());
        n.put("valueNs", e.value);
        if (e.hasInterval()) {
            n.put("lowNs", e.low);
            n.put("highNs", e.high);
        }
        return n;
    }

    /** A standing: against which leader, the ratio to it with the verdict's interval, or why undecided. */
    private static ObjectNode place(Answer.Place p) {
        ObjectNode n = JsonNodes.object();
        n.put("percentile", p.percentile.name());
        n.put("standing", p.standing.name());
        n.put("leader", p.leader == null ? null : p.leader.id);
        if (!Double.isNaN(p.ratio)) {
            n.put("ratio", p.ratio);
        }
        if (!Double.isNaN(p.low)) { // no interval where the runs cannot reach the pair's level
            n.put("low", p.low);
            n.put("high", p.high);
        }
        n.put("undecided", p.why == null ? null : p.why.name());
        if (p.why == Answer.Obstacle.RUNS || p.why == Answer.Obstacle.SPREAD || p.why == Answer.Obstacle.LEVEL) {
            n.put("runsNeeded", p.runsNeeded);
        } else if (p.why == Answer.Obstacle.HOST || p.why == Answer.Obstacle.EQUIVALENT_TO_OTHERS) {
            n.put("pairs", p.runsNeeded);
        }
        return n;
    }
}
