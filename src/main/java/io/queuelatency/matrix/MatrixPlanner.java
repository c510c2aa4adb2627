package io.queuelatency.matrix;

import io.queuelatency.result.CellId;
import io.queuelatency.result.MatrixPlan;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** From jvm-matrix.yaml (with the command line's overrides applied) to a plan: every entry resolved, the cells listed. */
public final class MatrixPlanner {
    private MatrixPlanner() {
    }

    public static List<ResolvedJvm> resolve(MatrixConfig config, JdkDiscovery discovery, GraalCompiler graal, PrintStream progress) {
        List<ResolvedJvm> resolved = new ArrayList<>();
        for (MatrixConfig.Entry entry : config.jvms) {
            if (entry.jargraal != null && progress != null && !graal.jarDir(entry.jargraal).toFile().isDirectory()) {
                progress.println("matrix: fetching the GraalVM CE " + entry.jargraal + " compiler from Maven Central for " + entry.id);
            }
            List<String> claimed = new ArrayList<>();
            for (MatrixConfig.Entry other : config.jvms) {
                if (other != entry && other.vendor != null && other.major == entry.major && other.distribution == entry.distribution) {
                    claimed.add(other.vendor);
                }
            }
            resolved.add(ResolvedJvm.resolve(entry, discovery, graal, claimed));
        }
        return resolved;
    }

    public static MatrixPlan plan(MatrixConfig config, List<ResolvedJvm> resolved, String runId, String tool) {
        MatrixPlan plan = new MatrixPlan();
        plan.tool = tool;
        plan.runId = runId;
        plan.startedAt = Instant.now().toString();
        plan.configFile = config.source == null ? null : config.source.toString();
        MatrixConfig.Settings s = config.settings;
        plan.settings.rate = s.rate;
        plan.settings.size = s.size;
        plan.settings.warmupNs = s.warmupNs;
        plan.settings.durationNs = s.durationNs;
        plan.settings.runs = s.runs;
        plan.settings.producerCpu = s.producerCpu;
        plan.settings.consumerCpu = s.consumerCpu;
        plan.settings.jvmOptions.addAll(s.jvmOptions);
        plan.settings.cellGraceNs = s.cellGraceNs;
        plan.settings.floorNs = s.floorNs;
        for (ResolvedJvm r : resolved) {
            MatrixPlan.Jvm j = new MatrixPlan.Jvm();
            j.id = r.entry.id;
            j.label = r.label;
            j.available = r.available();
            j.unavailable = r.unavailable;
            j.warmupNs = r.entry.warmupNs != null ? r.entry.warmupNs : s.warmupNs;
            if (r.available()) {
                j.compiler = r.compiler;
                j.javaHome = r.jdk.home.toString();
                j.vendor = r.jdk.vendor + (r.jdk.vendorVersion.isEmpty() ? "" : " (" + r.jdk.vendorVersion + ")");
                j.version = r.jdk.runtimeVersion;
                j.vmName = r.jdk.vmName;
                j.major = r.jdk.major;
                j.jvmOptions.addAll(r.toolFlags);
                j.jvmOptions.addAll(s.jvmOptions);
                j.jvmOptions.addAll(r.entry.jvmOptions);
                j.requiresGraalProof = r.requiresGraalProof;
            }
            plan.jvms.add(j);
        }
        // Interleaved, run 1 of every JVM before run 2 of any: drift of the host over time (heat, a
        // neighbour's load) then spreads over all JVMs instead of landing on one.
        for (int run = 1; run <= s.runs; run++) {
            for (MatrixPlan.Jvm j : plan.jvms) {
                if (j.available) {
                    plan.cells.add(new CellId(j.id, run));
                }
            }
        }
        return plan;
    }
}
