package io.queuelatency.study;

import io.queuelatency.cli.OutputDirs;
import io.queuelatency.cli.UsageError;
import io.queuelatency.cli.Version;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.cli.StudyOptions;
import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.HostFacts;
import io.queuelatency.json.FingerprintJson;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Fingerprint;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.json.ResultJson;
import io.queuelatency.launch.JavaProbe;
import io.queuelatency.matrix.GraalCompiler;
import io.queuelatency.matrix.JdkDiscovery;
import io.queuelatency.matrix.MatrixConfig;
import io.queuelatency.matrix.MatrixConfigParser;
import io.queuelatency.matrix.MatrixPlanner;
import io.queuelatency.matrix.ResolvedJvm;
import io.queuelatency.measure.MessageLayout;
import io.queuelatency.report.MatrixReport;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.workload.Workloads;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * What a matrix and a capacity search start from and end with, the same for both: the matrix file read, the new
 * report directory, the entries resolved into a plan, the plan and environment written, the report rebuilt.
 */
public final class MatrixStart {
    /** The command that holds the project's directory and the streams: run-matrix.sh's, for its subcommands. */
    public interface From {
        MatrixStart matrixStart();
    }

    public final Path projectDir;
    public final PrintStream out;
    public final PrintStream err;
    /** The report of a search's plan (the capacity wing's), which the command that starts one brings. */
    private final MatrixReport.SearchBody search;

    public MatrixStart(Path projectDir, PrintStream out, PrintStream err, MatrixReport.SearchBody search) {
        this.projectDir = projectDir;
        this.out = out;
        this.err = err;
        this.search = search;
    }

    /** jvm-matrix.yaml (or --config's), its settings under the options given, then the command's own ({@code more}). */
    public MatrixConfig parse(MatrixOptions given, UnaryOperator<SettingsBuilder> more) {
        return MatrixConfigParser.parse(given.config != null ? given.config : projectDir.resolve("jvm-matrix.yaml"),
                s -> more.apply(given.over(s)));
    }

    public static JdkDiscovery discovery() {
        return JdkDiscovery.fromEnvironment(System.getenv(), System.getProperty("user.home"));
    }

    /** The new report directory: --output, else reports/<time>-KIND; one that exists is a usage error. */
    public Path newRunDir(MatrixOptions given, String kind) {
        Path runDir = (given.output != null ? given.output
                : projectDir.resolve("reports").resolve(OutputDirs.now() + "-" + kind)).toAbsolutePath();
        if (Files.exists(runDir)) {
            throw new UsageError("--output " + runDir + " exists already: name a new directory, or --resume it");
        }
        return runDir;
    }

    /** Every entry resolved (fetching a GraalVM compiler where one is named) and the plan made; none is bad input. */
    public MatrixPlan newPlan(MatrixConfig matrix, Path runDir) {
        List<ResolvedJvm> resolved =
                MatrixPlanner.resolve(matrix, discovery(), new GraalCompiler(projectDir, true), err);
        MatrixPlan plan = MatrixPlanner.plan(matrix, resolved, runDir.getFileName().toString(),
                "queue-latency " + Version.current(),
                (home, options) -> JavaProbe.refuses(Paths.get(home, "bin", "java"), options));
        if (plan.cells.isEmpty() && plan.auto == null) {
            list(matrix, resolved);
            throw new UsageError("none of the JVMs is available here: nothing to run (see the list above)");
        }
        Settings s = plan.settings;
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if (j.available) { // the workload runs on each JVM measured at each size, or the matrix is refused now
                for (int size : s.sizes != null ? s.sizes : java.util.Collections.singletonList(s.size)) {
                    Workloads.check(s.workload, s.workloadJar, size - MessageLayout.HEADER_BYTES, j.major);
                }
            }
        }
        return plan;
    }

    /** The report directory made, with the plan and the host's environment, before the first cell. */
    public static void start(MatrixPlan plan, Path runDir) throws java.io.IOException {
        OutputDirs.create("--output", runDir);
        MatrixPlanJson.write(plan, runDir.resolve(MatrixFiles.MATRIX_JSON));
        HostFacts host = HostFacts.system();
        ResultJson.write(runDir.resolve(MatrixFiles.ENVIRONMENT_JSON),
                host.environment(cellsPair(plan, host)));
        FingerprintJson.write(fingerprint(plan), runDir.resolve(FingerprintJson.FILE_NAME));
    }

    /** The pair the cells will pin to, as each chooses it; null where none can be chosen (the cells say why). */
    static CpuPair cellsPair(MatrixPlan plan, HostFacts host) {
        CpuTopology topology = host.topology();
        CpuChoice choice = CpuChoice.of(plan.settings.producerCpu, plan.settings.consumerCpu, topology,
                host.allowedCpus());
        return choice == null ? null : topology.pair(choice.producer, choice.consumer, choice.chosenBy, choice.reason);
    }

    /** This host's fingerprint for {@code plan}: the pair its cells will be pinned to and each JVM's build. */
    public static Fingerprint fingerprint(MatrixPlan plan) {
        Settings s = plan.settings;
        Settings cell = s.toBuilder().size(s.sizes != null ? s.sizes.get(0) : s.size)
                .rate(s.rates != null ? s.rates.get(0) : s.rate).build();
        StudyConfig pinned = StudyOptions.check(cell, HostFacts.system(), 0, new ArrayList<>());
        Fingerprint f = HostFacts.system().fingerprint(pinned.pinnedProducerCpu, pinned.pinnedConsumerCpu);
        f.jdks = Fingerprint.jdksOf(plan);
        return f;
    }

    public int list(MatrixConfig matrix, List<ResolvedJvm> resolved) {
        if (!matrix.variants.isEmpty()) {
            out.println("Variants of " + matrix.source
                    + " (each entry runs with each; one its JDK refuses is not applicable):");
            for (MatrixConfig.Variant v : matrix.variants) {
                List<String> all = new ArrayList<>(v.jvmOptions);
                all.addAll(v.studyOptions);
                out.printf(Locale.ROOT, "  %-16s %s%n", v.id, String.join(" ", all));
            }
        }
        out.println("JVMs of " + matrix.source + ":");
        for (ResolvedJvm r : resolved) {
            if (r.available()) {
                out.printf(Locale.ROOT, "  %-16s %s%n  %-16s   %s: %s %s, %s%n",
                        r.entry.id, r.label, "", r.jdk.home, r.jdk.vendor, r.jdk.runtimeVersion, r.compiler);
            } else {
                out.printf(Locale.ROOT, "  %-16s %s: not available: %s%n", r.entry.id, r.label, r.unavailable);
            }
        }
        return ExitCode.OK.code;
    }

    /** The last lines of a matrix's or a search's end: the JVMs not run and why, and where the report is. */
    public void printEnd(MatrixPlan plan, Path runDir) {
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if (!j.available) {
                out.println("  " + j.id + " not run: " + j.unavailable);
            }
        }
        out.println("report: " + runDir.resolve(MatrixReport.SUMMARY_MD));
    }

    public void report(Path runDir) {
        try {
            MatrixReport.write(runDir, null, err, search);
        } catch (Exception | Error e) {
            // the report is rebuilt from the cells at any time: it must never stop the measuring
            err.println("matrix: the report could not be written (the cells are kept; rebuild it with: "
                    + "run-matrix.sh report " + runDir + "): " + e);
        }
    }
}
