package io.queuelatency.wings.capacity;

import io.queuelatency.decide.MatrixData;
import io.queuelatency.files.Format;
import io.queuelatency.json.JsonNodes;
import io.queuelatency.report.MatrixReport;
import io.queuelatency.report.SummaryJson;
import io.queuelatency.result.MatrixPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A capacity search's result from its stored cells: per JVM its steps replayed through a {@link CapacitySearch}, and
 * the verdicts between JVMs, only where one held at a rate at which the other broke.
 */
public final class Capacity {
    /** A search's report, the part MatrixReport leaves to it: summary.json, the saturation figures, summary.md. */
    public static final MatrixReport.SearchBody BODY = (data, dir, figures) -> {
        Capacity capacity = new Capacity(data);
        Format.writeAll(capacity, dir,
                Collections.singletonList(JsonNodes.format(SummaryJson.FILE_NAME, CapacityJson::render)));
        Saturation.write(capacity, figures);
        return CapacityMarkdown.render(capacity, figures.missing());
    };

    public final MatrixData data;
    public final MatrixPlan.CapacityPlan plan;
    public final List<JvmBracket> jvms = new ArrayList<>();
    public final List<HigherCapacity> verdicts = new ArrayList<>();
    /** The time the cells took, s: the search's measuring time. */
    public final double cellSeconds;

    public static final class JvmBracket {
        public final MatrixPlan.PlannedJvm jvm;
        public final List<CapacitySearch.Step> steps;
        public final CapacitySearch.Bracket bracket;
        /** Why its search ended; null where it had not (an interrupted search). */
        public final SearchEnd end;
        /** Whether the search was cut short (a step could not run, the time ran out, a step with no counted run). */
        public final boolean cut;
        /** The rate of a step that could not run here, or 0. */
        public final long notRun;

        JvmBracket(MatrixPlan.PlannedJvm jvm, CapacitySearch search, long notRun) {
            this.jvm = jvm;
            this.steps = search.steps();
            this.bracket = search.bracket();
            this.end = search.end();
            this.cut = search.cutShort();
            this.notRun = notRun;
        }

        public CapacitySearch.Step step(long rate) {
            return steps.stream().filter(s -> s.rate == rate).findFirst().orElse(null);
        }
    }

    /** One JVM's capacity above another's: it held at a rate at which the other broke. */
    public static final class HigherCapacity {
        public final JvmBracket higher;
        public final JvmBracket lower;

        HigherCapacity(JvmBracket higher, JvmBracket lower) {
            this.higher = higher;
            this.lower = lower;
        }

        /** The lower JVM's step at the rate where it broke; null where that step is not among its steps. */
        public CapacitySearch.Step lowerBroke() {
            return lower.step(lower.bracket.broke);
        }
    }

    public Capacity(MatrixData data) {
        this.data = data;
        this.plan = data.plan.capacity;
        this.cellSeconds = data.cells.stream().filter(c -> c.outcome != null).mapToDouble(c -> c.outcome.seconds).sum();
        for (MatrixPlan.PlannedJvm j : data.plan.jvms) {
            if (!j.available) {
                continue;
            }
            CapacitySearch search = CapacityRunner.search(data.plan);
            for (long rate : rates(j)) {
                List<MatrixData.Cell> step = data.cellsOf(j).stream()
                        .filter(c -> c.id.rate != null && c.id.rate == rate).collect(Collectors.toList());
                if (step.stream().anyMatch(c -> c.outcome == null)) { // cut short: the search stands before it
                    break;
                }
                search.record(CapacitySearch.judge(rate, step.stream().map(c -> new CapacitySearch.StepRun(c.outcome,
                        c.result)).collect(Collectors.toList()), plan.budgets));
            }
            if (plan.ended.containsKey(j.id)) {
                search.stop(plan.ended.get(j.id));
            }
            jvms.add(new JvmBracket(j, search, plan.notRun.getOrDefault(j.id, 0L)));
        }
        jvms.forEach(a -> jvms.stream().filter(b -> a != b && a.bracket.above(b.bracket))
                .forEach(b -> verdicts.add(new HigherCapacity(a, b))));
    }

    private List<Long> rates(MatrixPlan.PlannedJvm j) {
        return data.plan.cells.stream().filter(id -> id.jvm.equals(j.id) && id.rate != null).map(id -> id.rate)
                .distinct().collect(Collectors.toList());
    }

    /** The steps' rates of every JVM, ascending: the figure's x positions. */
    public List<Long> allRates() {
        return jvms.stream().flatMap(j -> j.steps.stream()).map(s -> s.rate).distinct().sorted()
                .collect(Collectors.toList());
    }

    /** The pairs of JVMs not decided (overlapping brackets), in the plan's order. */
    public List<JvmBracket[]> undecided() {
        List<JvmBracket[]> open = new ArrayList<>();
        for (int i = 0; i < jvms.size(); i++) {
            for (int k = i + 1; k < jvms.size(); k++) {
                JvmBracket a = jvms.get(i);
                JvmBracket b = jvms.get(k);
                if (!a.bracket.above(b.bracket) && !b.bracket.above(a.bracket)) {
                    open.add(new JvmBracket[] {a, b});
                }
            }
        }
        return open;
    }
}
