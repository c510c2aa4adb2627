package io.queuelatency.matrix;

import io.queuelatency.decide.AutoRuns;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.text.Durations;
import io.queuelatency.text.Units;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** From jvm-matrix.yaml (with the command line's overrides) to a plan: every entry resolved, the cells listed. */
public final class MatrixPlanner {
    private MatrixPlanner() {
    }

    public static List<ResolvedJvm> resolve(MatrixConfig config, JdkDiscovery discovery, GraalCompiler graal,
            PrintStream progress) {
        List<ResolvedJvm> resolved = new ArrayList<>();
        for (MatrixConfig.Entry entry : config.jvms) {
            if (entry.jargraal != null && progress != null && !graal.jarDir(entry.jargraal).toFile().isDirectory()) {
                progress.println("matrix: fetching the GraalVM CE " + entry.jargraal
                        + " compiler from Maven Central for " + entry.id);
            }
            List<String> claimed = config.jvms.stream().filter(other -> other != entry && other.vendor != null
                    && other.major == entry.major && other.distribution == entry.distribution)
                    .map(other -> other.vendor).collect(Collectors.toList());
            resolved.add(ResolvedJvm.resolve(entry, discovery, graal, claimed));
        }
        return resolved;
    }

    /** Can this java take these options? null when it can, else why not (its first line of complaint). */
    public interface Applicability {
        String check(String javaHome, List<String> jvmOptions);
    }

    /**
     * The plan: every entry times every variant as a JVM of the report, and the cells in the order they run. A variant
     * whose options the entry's JDK refuses (ZGC on JDK 8) is not applicable there, with why; not a failure.
     */
    public static MatrixPlan plan(MatrixConfig config, List<ResolvedJvm> resolved, String runId, String tool,
                                  Applicability applicability) {
        MatrixPlan plan = new MatrixPlan();
        plan.tool = tool;
        plan.runId = runId;
        plan.startedAt = Instant.now().toString();
        plan.configFile = config.source == null ? null : config.source.toString();
        Settings s = config.settings;
        List<MatrixConfig.Variant> variants = config.variants.isEmpty()
                ? java.util.Collections.<MatrixConfig.Variant>singletonList(null) : config.variants;
        for (ResolvedJvm r : resolved) {
            for (MatrixConfig.Variant v : variants) {
                plan.jvms.add(jvm(r, v, s, applicability));
            }
        }
        // Interleaved, run 1 of every JVM (at every size and rate) before run 2 of any: drift of the host over
        // time (heat, a neighbour's load) then spreads over all JVMs instead of landing on one.
        // Sweeps: with more than one size (rate), each cell carries its own; with one, the plan's settings hold it.
        boolean sweepSizes = s.sizes != null && s.sizes.size() > 1;
        boolean sweepRates = s.rates != null && s.rates.size() > 1;
        plan.settings = s.toBuilder().sizes(sweepSizes ? s.sizes : null).rates(sweepRates ? s.rates : null).build();
        if (s.runs == null && roundOrder(plan, 1).size() >= 2) {
            plan.auto = auto(plan);
            return plan; // the runner adds each round's cells as it goes
        }
        for (int run = 1; run <= MatrixPlan.plannedRuns(s); run++) { // --runs auto with one JVM: nothing to compare
            plan.cells.addAll(round(plan, run));
        }
        return plan;
    }

    /**
     * The available JVMs in the order round {@code run} runs them: the plan's order turned by one place a round, so
     * that a host that drifts within a round (a noisy first minutes, a queue file growing) does not land on the same
     * JVM every round.
     */
    public static List<MatrixPlan.PlannedJvm> roundOrder(MatrixPlan plan, int run) {
        List<MatrixPlan.PlannedJvm> available = plan.jvms.stream().filter(j -> j.available)
                .collect(Collectors.toList());
        if (!available.isEmpty()) {
            java.util.Collections.rotate(available, -((run - 1) % available.size()));
        }
        return available;
    }

    /** Run {@code run} of every available JVM at every size and rate of the plan, in the order they run. */
    public static List<CellId> round(MatrixPlan plan, int run) {
        List<Integer> sizes = plan.settings.sizes != null ? plan.settings.sizes
                : java.util.Collections.<Integer>singletonList(null);
        List<Long> rates = plan.settings.rates != null ? plan.settings.rates
                : java.util.Collections.<Long>singletonList(null);
        List<CellId> cells = new ArrayList<>();
        for (Integer size : sizes) {
            for (Long rate : rates) {
                for (MatrixPlan.PlannedJvm j : roundOrder(plan, run)) {
                    cells.add(new CellId(j.id, size, rate, run));
                }
            }
        }
        return cells;
    }

    /**
     * --runs auto's time budget and looks: the budget asked, else the time {@link MatrixPlan.AutoPlan#BUDGET_ROUNDS}
     * rounds take and a tenth more (a cell's start-up is a guess), to the minute; the looks cut at the rounds that fit.
     */
    public static MatrixPlan.AutoPlan auto(MatrixPlan plan) {
        long roundNs = MatrixRunner.estimateNs(plan, round(plan, 1));
        MatrixPlan.AutoPlan auto = new MatrixPlan.AutoPlan();
        Long asked = plan.settings.timeBudgetNs;
        long minute = 60_000_000_000L;
        auto.timeBudgetNs = asked != null ? asked
                : (MatrixPlan.AutoPlan.BUDGET_ROUNDS * roundNs * 11 / 10 + minute - 1) / minute * minute;
        if (auto.timeBudgetNs < roundNs) {
            throw new BadInputException("--time-budget " + Durations.format(auto.timeBudgetNs) + " is shorter than one "
                    + "round of the matrix (one run of each of its JVMs, about " + Units.minutes(roundNs) + "): allow "
                    + "more, or run fewer JVMs (--only) or shorter cells (--duration, --warmup)");
        }
        auto.looks.addAll(AutoRuns.looks((int) Math.min(Integer.MAX_VALUE, auto.timeBudgetNs / roundNs)));
        return auto;
    }

    /** One JVM of the report: an entry of the matrix, with one variant's options where the matrix has variants. */
    private static MatrixPlan.PlannedJvm jvm(ResolvedJvm r, MatrixConfig.Variant v, Settings s,
                                             Applicability applicability) {
        MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
        j.id = v == null ? r.entry.id : r.entry.id + "_" + v.id;
        j.label = v == null ? r.label : r.label + " (" + v.id + ")";
        j.entry = v == null ? null : r.entry.id;
        j.variant = v == null ? null : v.id;
        j.available = r.available();
        j.unavailable = r.unavailable;
        j.warmupNs = r.entry.warmupNs != null ? r.entry.warmupNs : s.warmupNs;
        if (!r.available()) {
            return j;
        }
        j.compiler = r.compiler;
        j.javaHome = r.jdk.home.toString();
        j.vendor = r.jdk.vendor + (r.jdk.vendorVersion.isEmpty() ? "" : " (" + r.jdk.vendorVersion + ")");
        j.version = r.jdk.runtimeVersion;
        j.vmName = r.jdk.vmName;
        j.major = r.jdk.major;
        j.jvmOptions.addAll(r.toolFlags);
        j.jvmOptions.addAll(s.jvmOptions);
        j.jvmOptions.addAll(r.entry.jvmOptions);
        j.studyOptions.addAll(MatrixConfig.studyOptions(r.entry, v));
        if (v != null) {
            j.jvmOptions.addAll(v.jvmOptions);
            String why = applicability.check(j.javaHome, j.jvmOptions);
            if (why != null) {
                j.available = false;
                j.unavailable = "not applicable: " + r.entry.id + " does not take variant " + v.id + " ("
                        + String.join(" ", v.jvmOptions) + "): " + why;
            }
        }
        j.requiresGraalProof = r.requiresGraalProof;
        return j;
    }
}
