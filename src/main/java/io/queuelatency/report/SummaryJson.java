package io.queuelatency.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Answer;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.HostFloor;
import io.queuelatency.decide.HostShare;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.decide.ProfiledRuns;
import io.queuelatency.decide.PairVerdict;
import io.queuelatency.decide.TailShare;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.profile.FlameGraphs;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Profile;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.JvmWords;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * summary.json: every number and verdict summary.md shows, for scripts and CI gates (schemas/summary.schema.json);
 * its answer is also each host type's in a fleet's summary.json.
 */
public final class SummaryJson {
    public static final String FILE_NAME = "summary.json";
    static final String SCHEMA = "queue-latency/summary/4";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SummaryJson() {
    }

    /** summary.json of a matrix's slices: the one slice's, or each slice's under slices[] (a sweep). */
    static ObjectNode render(List<Analysis> slices, List<ProfilesReport.View> profiles, HostFindings check) {
        if (slices.size() == 1) {
            return render(slices.get(0), profiles.get(0), check);
        }
        ObjectNode o = JsonNodes.object();
        o.put("schema", SCHEMA);
        o.put("runId", slices.get(0).data.plan.runId);
        o.put("hostVerdict", check == null ? null : HostWords.grade(check.grade));
        ArrayNode each = o.putArray("slices");
        for (int i = 0; i < slices.size(); i++) {
            Analysis a = slices.get(i);
            each.add(render(a, profiles.get(i), check).put("size", a.data.slice.size).put("rate", a.data.slice.rate));
        }
        return o;
    }

    /** --runs auto: each JVM's runs, the looks, how the rounds ended; null for a fixed number of runs. */
    private static ObjectNode auto(Analysis a) {
        MatrixPlan.AutoPlan auto = a.data.plan.auto;
        if (auto == null) {
            return null;
        }
        ObjectNode o = JsonNodes.object();
        o.putArray("looks"); // first, then the plan's fields in their order
        o.setAll((ObjectNode) MAPPER.valueToTree(auto));
        if (auto.wallNs <= 0) { // a matrix of an earlier version counted the cells' own time only
            o.remove("wallNs");
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

    /** Each look taken, replayed from the stored cells: so that a false verdict at any look can be counted. */
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

    private static ObjectNode render(Analysis a, ProfilesReport.View profiles, HostFindings check) {
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
        o.set("answer", answer(a));
        o.set("auto", auto(a));
        // summary.md's paragraph under Figure 1, as it reads there (summary.json holds what summary.md shows)
        o.put("paragraph", String.join(" ", AnswerMarkdown.paragraphLines(a.data,
                Collections.singletonList(a))));
        ObjectNode environment = o.putObject("environment");
        for (String[] row : HostEnvironment.rows(a.data)) {
            environment.put(row[0], row[1]);
        }
        o.set("sentences", JsonNodes.strings(Words.sentences(a)));
        o.set("jvms", jvms(a));
        o.set("hostFloor", hostFloor(a.hostFloor));
        o.set("verdicts", verdicts(a));
        ArrayNode winners = o.putArray("fastest");
        for (Percentile p : Percentile.HEADLINE) {
            MatrixPlan.PlannedJvm w = a.winner(p);
            winners.addObject().put("percentile", p.name()).put("jvm", w == null ? null : w.id)
                    .put("hostPairs", a.hostPairs(p).accounted());
        }
        if (profiles != null) { // --profile only: files without it stay as they were
            o.set("profiles", profiles(profiles));
        }
        return o;
    }

    /** summary.md's "Profiles": what the rule decided, per JVM its profiles' sizes and kinds, each differential. */
    private static ObjectNode profiles(ProfilesReport.View v) {
        ObjectNode o = JsonNodes.object();
        o.put("slowLimit", v.analysis.data.plan.settings.profile);
        o.put("intervalNs", v.intervalNs());
        ProfiledRuns rule = v.analysis.data.profiledRuns();
        o.put("profiledRunsCount", rule.count);
        if (!rule.count) {
            ArrayNode by = o.putArray("keptApartBy");
            rule.outside.forEach(x -> by.addObject().put("jvm", x.jvm.id).put("definition", x.definition.id)
                    .put("percentile", x.percentile.name()));
        }
        ArrayNode jvms = o.putArray("jvms");
        for (ProfilesReport.Summed s : v.jvms.values()) {
            double[] p50 = ProfiledRuns.medians(v.analysis.data, s.jvm, Definition.HEADLINE, Percentile.P50);
            ObjectNode j = jvms.addObject().put("jvm", s.jvm.id).put("profiledRuns", s.runs)
                    .put("profiledP50Ns", Double.isNaN(p50[0]) ? null : p50[0])
                    .put("otherP50Ns", Double.isNaN(p50[1]) ? null : p50[1])
                    .put("slowMessages", s.slowMessages).put("slowMessagesSampled", s.slowMessagesSampled);
            for (String which : new String[] {Profile.TYPICAL, Profile.SLOW}) {
                ObjectNode kinds = j.putObject(which).put("samples", FlameGraphs.samples(s.stacks(which)))
                        .putObject("leafKinds");
                double[] k = FlameGraphs.leafKinds(s.stacks(which));
                for (int i = 0; i < k.length; i++) {
                    kinds.put(FlameGraphs.KINDS[i], k[i]);
                }
            }
            double[] c = v.counters.get(s.jvm);
            ObjectNode counts = c == null ? null : j.putObject("countersPerMessage");
            for (int i = 0; c != null && i < c.length; i++) {
                counts.put(ProfilesReport.COUNTS[i], c[i]);
            }
        }
        o.put("countersProblem", v.countersProblem);
        ArrayNode pairs = o.putArray("differentials");
        for (ProfilesReport.Differential d : v.pairs) {
            ObjectNode p = pairs.addObject().put("slower", d.slower.jvm.id).put("faster", d.faster.jvm.id)
                    .put("profile", d.which).put("file", d.file);
            p.set("explains", JsonNodes.strings(TablesMarkdown.names(d.explains)));
            ArrayNode grown = p.putArray("grown");
            d.grown.forEach(l -> grown.addObject().put("thread", l.thread).put("frame", l.frame).put("slower", l.first)
                    .put("faster", l.second));
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
            n.put("release", first == null ? null : JvmWords.release(first.jvm.release()));
            for (Definition d : a.measured()) {
                n.set(d.id, estimates(p -> a.estimate(j, d, p)));
            }
            ArrayNode tail = n.putArray("tail");
            for (Percentile p : Analysis.TAIL_PERCENTILES) {
                TailShare share = a.tail(j, p);
                if (share != null) {
                    ObjectNode t = tail.addObject().put("percentile", p.name());
                    t.setAll(MAPPER.<ObjectNode>valueToTree(share).retain("runs", "samples", "matched", "notJvm",
                            "tool"));
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

    /** The host's floor: where it was measured, its estimates, each floor cell in time order (its drift). */
    private static ObjectNode hostFloor(HostFloor f) {
        ObjectNode o = JsonNodes.object();
        o.put("measuredIn", f.source == HostFloor.Source.FLOOR_CELLS ? "floor cells"
                : f.source == HostFloor.Source.IN_EACH_JVM ? "each JVM after its window" : null);
        o.put("floorsCounted", f.floors.size());
        o.set(Definition.INTENDED.id, estimates(p -> f.at(Definition.INTENDED, p)));
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
        ObjectNode n = MAPPER.<ObjectNode>valueToTree(h).retain("floorNs", "firstNs", "secondNs"); // NaN: null
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

    /** The estimates at the reported percentiles, each as jvms[] hold it. */
    private static ArrayNode estimates(Function<Percentile, Estimate> at) {
        ArrayNode rows = JsonNodes.array();
        for (Percentile p : Percentile.REPORTED) {
            if (at.apply(p) != null) {
                rows.add(withRuns(at.apply(p)));
            }
        }
        return rows;
    }

    /** An estimate as jvms[] hold it: with its confidence and what its runs say. */
    private static ObjectNode withRuns(Estimate e) {
        ObjectNode n = estimate(e);
        if (e.hasInterval()) {
            n.put("confidence", e.confidence);
        }
        n.put("runs", e.runs);
        if (e.worstRun != null) {
            n.put("run", e.worstRun);
        }
        if (e.tooFewSamples) {
            n.put("tooFewSamples", true);
        }
        n.put("beyond", e.beyond);
        ArrayNode values = n.putArray("runValuesNs");
        for (double v : e.runValues) {
            values.add(v);
        }
        return n;
    }

    /**
     * "Which JVM on this host?": per JVM, lowest p50 estimate first, its estimates at p50 ... worst (the same values
     * as jvms[]'s intended) and its standing against the leader at p50, then its decided standings in the tail.
     */
    public static ArrayNode answer(Analysis a) {
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

    /** An estimate's value and interval: the answer's and a fleet's floor's; jvms[] add what the runs say. */
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
