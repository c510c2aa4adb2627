package io.queuelatency.report;

import io.queuelatency.words.JvmWords;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.HostFloor;
import io.queuelatency.decide.HostShare;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.decide.TailShare;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import io.queuelatency.words.HostWords;

/**
 * summary.json: every number and verdict summary.md shows, for scripts and CI gates. Schema 2: the host's floor is one
 * for the matrix (hostFloor, with its floor cells), not one per JVM, and each pair at a tail percentile carries the
 * host's share of its two latencies (host) instead of one JVM's per percentile (hostShare, tailHostShare). Schema 3
 * opens with the answer (answer): per JVM, lowest p50 estimate first, its p50 to worst with intervals (the very
 * estimates of jvms[]) and where it stands against the leader at p50 and, where decided, at a tail percentile.
 */
public final class SummaryJson {
    public static final String FILE_NAME = "summary.json";
    static final String SCHEMA = "queue-latency/summary/4";

    private SummaryJson() {
    }

    /** summary.json of a matrix's slices: the one slice's, or each slice's under slices[] (a sweep). */
    static ObjectNode render(java.util.List<Analysis> slices, HostFindings check) {
        if (slices.size() == 1) {
            return render(slices.get(0), check);
        }
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        o.put("runId", slices.get(0).data.plan.runId);
        o.put("hostVerdict", check == null ? null : HostWords.grade(check.grade));
        ArrayNode each = o.putArray("slices");
        for (Analysis a : slices) {
            ObjectNode n = render(a, check);
            n.put("size", a.data.slice.size);
            n.put("rate", a.data.slice.rate);
            each.add(n);
        }
        return o;
    }

    /** --runs auto: each JVM's runs, the looks, how the rounds ended; null for a fixed number of runs. */
    private static com.fasterxml.jackson.databind.JsonNode auto(Analysis a) {
        MatrixPlan.AutoPlan auto = a.data.plan.auto;
        if (auto == null) {
            return com.fasterxml.jackson.databind.node.NullNode.getInstance();
        }
        ObjectNode o = JsonNodes.object();
        ArrayNode looks = o.putArray("looks");
        auto.looks.forEach(looks::add);
        o.put("timeBudgetNs", auto.timeBudgetNs);
        o.put("end", auto.end == null ? null : auto.end.name());
        o.put("looksTaken", auto.looksTaken);
        o.put("rounds", auto.rounds);
        o.put("spentNs", auto.spentNs);
        if (auto.wallNs > 0) { // a matrix of an earlier version counted the cells' own time only
            o.put("wallNs", auto.wallNs);
        }
        o.put("why", Words.end(a.data.plan));
        o.set("lookVerdicts", lookVerdicts(a));
        ObjectNode runs = o.putObject("runs");
        for (MatrixPlan.PlannedJvm j : a.data.plan.jvms) {
            if (j.available) {
                runs.put(j.id, Words.ran(a.data, j));
            }
        }
        return o;
    }

    /**
     * Each look taken, replayed from the stored cells as the engine saw it then: its rounds, its share of 5% and the
     * verdicts it decided (faster or equivalent), so that a false verdict at any look can be counted
     * (bench/verdicts.sh), not only at the last.
     */
    private static ArrayNode lookVerdicts(Analysis a) {
        ArrayNode looks = JsonNodes.array();
        int most = a.data.mostRuns();
        for (int round : a.data.plan.auto.looks) {
            if (round > most) {
                break;
            }
            Analysis look = new Analysis(a.data.upToRound(round), a.margin);
            ObjectNode n = looks.addObject();
            n.put("round", round);
            n.put("familyAlpha", look.alpha);
            ArrayNode decided = n.putArray("decided");
            for (PairVerdict v : look.verdicts) {
                if (v.decided()) {
                    ObjectNode d = decided.addObject();
                    d.put("first", v.first.id);
                    d.put("second", v.second.id);
                    d.put("percentile", v.percentile.name());
                    d.put("outcome", v.test.outcome.name());
                    d.put("faster", v.faster() == null ? null : v.faster().id);
                }
            }
        }
        return looks;
    }

    static ObjectNode render(Analysis a, HostFindings check) {
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        o.put("runId", a.data.plan.runId);
        o.put("hostVerdict", check == null ? null : HostWords.grade(check.grade));
        o.put("hostHeadline", check == null ? null : HostWords.headline(check));
        o.put("estimate", "median of the runs counted; interval of the median between two runs' own values (one run: "
                + "order-statistic interval of its samples); worst: the largest value of any counted run");
        o.put("marginPercent", 100 * a.margin);
        o.put("comparisons", a.comparisons);
        o.put("looks", a.looks);
        o.put("alphaPerComparison", a.alphaPerComparison());
        o.put("familyAlpha", a.alpha);
        o.put("errorControl", a.looks > 1
                ? "Holm's step-down over the plan's comparisons at each look, 5% split over the " + a.looks + " looks "
                + "as Lan and DeMets' Pocock-type function spends it (the union bound): family-wise error at most 5% "
                + "across all comparisons at all looks"
                : "Holm's step-down over the plan's comparisons: family-wise error at most 5% across all comparisons");
        o.set("answer", AnswerJson.of(a));
        o.set("auto", auto(a));
        // summary.md's paragraph under Figure 1, as it reads there (summary.json holds what summary.md shows)
        o.put("paragraph", String.join(" ", AnswerMarkdown.paragraphLines(a.data,
                java.util.Collections.singletonList(a))));
        ObjectNode environment = o.putObject("environment");
        for (String[] row : HostEnvironment.rows(a.data)) {
            environment.put(row[0], row[1]);
        }
        ArrayNode sentences = o.putArray("sentences");
        Words.sentences(a).forEach(sentences::add);
        o.set("jvms", jvms(a));
        o.set("hostFloor", hostFloor(a.hostFloor));
        o.set("verdicts", verdicts(a));
        ArrayNode winners = o.putArray("fastest");
        for (Percentile p : Percentile.HEADLINE) {
            ObjectNode n = winners.addObject();
            n.put("percentile", p.name());
            MatrixPlan.PlannedJvm w = a.winner(p);
            n.put("jvm", w == null ? null : w.id);
            n.put("hostPairs", a.hostPairs(p).accounted());
        }
        return o;
    }

    /** Per JVM: its GC and release, every estimate of every definition, the floor's, and its tail per percentile. */
    private static ArrayNode jvms(Analysis a) {
        ArrayNode jvms = JsonNodes.array();
        for (MatrixPlan.PlannedJvm j : a.jvms) {
            ObjectNode n = jvms.addObject();
            n.put("id", j.id);
            n.put("label", j.label);
            n.put("runsCounted", a.data.statisticRuns(j).size());
            io.queuelatency.result.RunResult first = a.data.firstResult(j);
            n.put("garbageCollector", first == null ? null : first.jvm.garbageCollector);
            n.put("release", first == null ? null : JvmWords.release(first.jvm.release));
            for (Definition d : Definition.values()) {
                ArrayNode rows = n.putArray(d.id);
                for (Percentile p : Percentile.REPORTED) {
                    if (a.estimate(j, d, p) != null) {
                        rows.add(estimate(a.estimate(j, d, p), true));
                    }
                }
            }
            ArrayNode tail = n.putArray("tail");
            for (Percentile p : Analysis.TAIL_PERCENTILES) {
                TailShare share = a.tail(j, p);
                if (share != null) {
                    ObjectNode t = tail.addObject();
                    t.put("percentile", p.name());
                    t.put("runs", share.runs);
                    t.put("samples", share.samples);
                    t.put("matched", share.matched);
                    t.put("notJvm", share.notJvm);
                    t.put("tool", share.tool);
                    ObjectNode causes = t.putObject("causes");
                    for (Tail.Cause c : Tail.Cause.values()) {
                        causes.put(c.id(), share.byCause.getOrDefault(c, 0L));
                    }
                    if (!share.byWhy.isEmpty()) {
                        t.put("tracedRuns", share.traced);
                        ObjectNode why = t.putObject("why");
                        for (Why w : Why.values()) {
                            why.put(w.id(), share.byWhy.getOrDefault(w, 0L));
                        }
                        ObjectNode by = t.putObject("preemptedBy");
                        share.preemptedBy.forEach(by::put);
                    }
                }
            }
        }
        return jvms;
    }

    /**
     * The host's floor: where it was measured, its estimate per percentile (intended), and each floor cell in time
     * order with its p50 and p99 (its drift over the matrix).
     */
    private static ObjectNode hostFloor(HostFloor f) {
        ObjectNode o = JsonNodes.object();
        o.put("measuredIn", f.source == HostFloor.Source.FLOOR_CELLS ? "floor cells"
                : f.source == HostFloor.Source.IN_EACH_JVM ? "each JVM after its window" : null);
        o.put("floorsCounted", f.floors.size());
        ArrayNode intended = o.putArray(Definition.INTENDED.id);
        for (Percentile p : Percentile.REPORTED) {
            Estimate e = f.at(Definition.INTENDED, p);
            if (e != null) {
                intended.add(estimate(e, true));
            }
        }
        ArrayNode cells = o.putArray("cells");
        for (MatrixData.StoredFloorCell c : f.cells) {
            ObjectNode n = cells.addObject();
            n.put("cell", c.name());
            n.put("counted", f.names.contains(c.name()));
            if (c.result != null) {
                n.put("startedAt", c.result.startedAt);
                n.put("java", c.result.jvm.vmName + " " + c.result.jvm.javaVersion);
                n.put("p50Ns", c.result.floor.intended.ns(Percentile.P50));
                n.put("p99Ns", c.result.floor.intended.ns(Percentile.P99));
            }
        }
        return o;
    }

    /** The host's share of a pair at a tail percentile: its floor, both latencies, both tails' host shares. */
    private static ObjectNode host(HostShare h) {
        ObjectNode n = JsonNodes.object();
        n.put("floorNs", Double.isNaN(h.floorNs) ? null : h.floorNs);
        n.put("firstNs", h.firstNs);
        n.put("secondNs", h.secondNs);
        n.put("firstHostTailShare", h.firstTail < 0 ? null : h.firstTail);
        n.put("secondHostTailShare", h.secondTail < 0 ? null : h.secondTail);
        n.put("accounts", h.by() == null ? null : h.by().name());
        return n;
    }

    /** Every pair at every headline percentile: its outcome with ratio, interval and p-value, or why it has none. */
    private static ArrayNode verdicts(Analysis a) {
        ArrayNode verdicts = JsonNodes.array();
        for (PairVerdict v : a.verdicts) {
            ObjectNode n = verdicts.addObject();
            n.put("first", v.first.id);
            n.put("second", v.second.id);
            n.put("percentile", v.percentile.name());
            n.put("text", Words.verdict(v, a.margin));
            if (v.test == null) {
                n.put("outcome", "NO_VERDICT");
                n.put("why", v.none.name());
            } else {
                n.put("outcome", v.test.outcome.name());
                n.put("faster", v.faster() == null ? null : v.faster().id);
                n.put("ratio", v.test.ratio);
                n.put("low", v.test.reached() ? v.test.low : null);
                n.put("high", v.test.reached() ? v.test.high : null);
                n.put("confidence", v.test.reached() ? v.test.confidence : null);
                n.put("alpha", v.test.alpha);
                n.put("pValue", v.test.pValue);
                if (v.decidedAtRound > 0) {
                    n.put("decidedAtRound", v.decidedAtRound);
                }
                n.put("runsNeeded", v.test.runsNeeded);
            }
            if (v.host != null) {
                n.set("host", host(v.host));
            }
        }
        return verdicts;
    }

    /** An estimate as summary.json's jvms[] hold it; without {@code runs}: its value, interval and too-few flag. */
    static ObjectNode estimate(Estimate e, boolean runs) {
        ObjectNode n = JsonNodes.object();
        n.put("percentile", e.percentile.name());
        n.put("valueNs", e.value);
        if (e.hasInterval()) {
            n.put("lowNs", e.low);
            n.put("highNs", e.high);
            if (runs) {
                n.put("confidence", e.confidence);
            }
        }
        if (runs) {
            n.put("runs", e.runs);
            if (e.worstRun != null) {
                n.put("run", e.worstRun);
            }
        }
        if (e.tooFewSamples) {
            n.put("tooFewSamples", true);
        }
        if (runs) {
            n.put("beyond", e.beyond);
            ArrayNode values = n.putArray("runValuesNs");
            for (double v : e.runValues) {
                values.add(v);
            }
        }
        return n;
    }
}
