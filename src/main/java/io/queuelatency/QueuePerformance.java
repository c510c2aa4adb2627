package io.queuelatency;

import io.queuelatency.cli.Commands;
import io.queuelatency.cli.OutputDirs;
import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.cli.Version;
import io.queuelatency.host.HostFacts;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.launch.ClassPath;
import io.queuelatency.launch.JavaProbe;
import io.queuelatency.launch.MeasuredJvm;
import io.queuelatency.matrix.MatrixRunner;
import io.queuelatency.measure.MessageLayout;
import io.queuelatency.report.RunsTable;
import io.queuelatency.result.Settings;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.files.WholeFile;
import io.queuelatency.wings.beside.Beside;
import io.queuelatency.wings.map.MapCommand;
import io.queuelatency.workload.Workloads;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mvn exec:java@QueuePerformance} and {@code java -jar target/queue-latency.jar}: one latency study.
 * By default this JVM only validates the options and forks the JVM that measures (as JMH does), so the
 * measured JVM has exactly the flags its version needs and nothing of Maven's; {@code --no-fork} measures
 * in this JVM.
 */
@Command(name = "queue-latency", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        defaultValueProvider = StudyOptions.Defaults.class,
        usageHelpAutoWidth = true, subcommands = {CheckHost.class, Compare.class, Beside.class, MapCommand.class},
        description = "Measures one-way latency from a pinned producer thread through a Chronicle Queue to a pinned "
                + "consumer thread, and prints percentiles (ns) of three latencies, each to the consumer's read: from "
                + "the scheduled send time (intended, the headline), from the producer's clock read before the queue's "
                + "write call (actual, the article's) and from its read inside the write (in-queue); with a --workload "
                + "besides the copy a fourth, from the scheduled send time to the end of its handling (handled).",
        footer = {"", "Exit codes: 0 valid run, 1 failed, 2 bad input, 3 finished but not valid (see the verdict)."})
public final class QueuePerformance implements Callable<Integer> {

    @Mixin
    StudyOptions study = new StudyOptions();

    @Option(names = "--output", paramLabel = "DIR",
            description = "New directory for this run's files (default: reports/runs/<time>-jdk<version>).")
    Path output;

    @Option(names = "--jvm", paramLabel = "JAVA_HOME|JAVA",
            description = "The JVM to measure, a JDK home or its java (default: the one running this).")
    Path jvm;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An extra option for the measured JVM, repeatable; write --jvm-option=-XX:+UseZGC.")
    List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1",
            description = "Run the study N times, each in a fresh JVM, into run-1 .. run-N of the output, and show "
                    + "them side by side (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--skip-first",
            description = "With --runs: leave run 1 out of the statistics (it still runs and is shown).")
    boolean skipFirst;

    @Option(names = "--fork", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Measure in a fresh JVM with the flags its version needs (default); --no-fork "
                    + "measures in this one.")
    boolean fork;

    /** A matrix's floor cell, in this JVM ({@link RunInThisJvm#floorCell}): run-matrix.sh's own. */
    @Option(names = "--floor-only", hidden = true)
    boolean floorOnly;

    /** Where the measured JVM creates its queue directory: known here to clean up after a killed one. */
    private Path queueParent;
    private final String[] args;
    private final PrintStream out;
    private final PrintStream err;

    /** Before any Chronicle class loads, in every entry point: Chronicle's analytics off (it would phone home). */
    static void noPhoningHome() {
        if (System.getProperty("chronicle.analytics.disable") == null) {
            System.setProperty("chronicle.analytics.disable", "true");
        }
    }

    QueuePerformance(String[] args, PrintStream out, PrintStream err) {
        this.args = args;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        noPhoningHome();
        QueuePerformance command = new QueuePerformance(args, System.out, System.err);
        int code = command.execute();
        if (code != ExitCode.OK.code || !command.fork) {
            System.exit(code); // ends Chronicle's background threads too; under exec:java it ends Maven with the code
        }
    }

    int execute() {
        return Commands.execute(this, "queue-latency", args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || runs > 1000) {
            throw new UsageError("--runs " + runs + " is out of range: 1 to 1000");
        }
        List<String> mainAndArguments = new ArrayList<>();
        mainAndArguments.add(QueuePerformance.class.getName());
        mainAndArguments.addAll(Arrays.asList(args));
        if (floorOnly) {
            return new RunInThisJvm(study, output, mainAndArguments, out, err).floorCell().code;
        }
        if (!fork) {
            if (runs > 1) {
                throw new UsageError("--runs " + runs + " needs a fresh JVM per run: drop --no-fork");
            }
            return new RunInThisJvm(study, output, mainAndArguments, out, err).run().code;
        }
        // Bad input fails here, before a JVM starts.
        Settings asked = study.toSettings();
        queueParent = StudyOptions.check(asked, HostFacts.system(), 0, new ArrayList<>()).queueParent;
        Path java = jvm == null ? Paths.get(System.getProperty("java.home"), "bin", "java") : JavaProbe.executable(jvm);
        int major = jvm == null ? JvmIdentity.currentMajorVersion() : JvmIdentity.majorVersion(javaVersionOf(java));
        Workloads.check(asked.workload, asked.workloadJar, asked.size - MessageLayout.HEADER_BYTES, major);
        if (runs == 1) {
            // The launcher names the output itself, so that it knows what to clean up if the measured JVM is killed.
            Path finalDir = OutputDirs.fresh(output, OutputDirs.defaultRunOutput(major, ""));
            OutputDirs.create("--output", finalDir.getParent(), finalDir);
            return measure(java, major, finalDir);
        }
        return measureRuns(java, major);
    }

    /** What --jvm is, asked of it; a path that is no java is bad input, in one line. */
    private String javaVersionOf(Path java) {
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new UsageError("--jvm " + jvm + ": no java there (" + java
                    + " is not an executable file); give a JDK home or its bin/java");
        }
        try {
            return JavaProbe.properties(java).get("java.specification.version");
        } catch (java.io.IOException e) {
            throw new UsageError("--jvm " + jvm + " is not a usable java: " + e.getMessage());
        }
    }

    /** Runs one measured JVM into {@code finalDir}; if a signal killed it, removes what it left and says so. */
    private int measure(Path java, int major, Path finalDir) throws Exception {
        List<String> childArgs = withoutRunOptions(Arrays.asList(args));
        childArgs.addAll(Arrays.asList("--output", finalDir.toString(), "--no-fork"));
        MeasuredJvm child = MeasuredJvm.forVersion(java, major, jvmOptions, ClassPath.of(QueuePerformance.class),
                QueuePerformance.class.getName(), childArgs);
        int code = child.run();
        // stopped (SIGTERM, Ctrl-C) and nothing left: it cleaned up after itself
        String killed = MatrixRunner.cleanUpAfterKill(child.pid(), code, queueParent, finalDir, MeasuredJvm.SIGTERM,
                MeasuredJvm.SIGINT);
        if (killed == null) {
            return code;
        }
        err.println("queue-latency: the measured JVM (pid " + child.pid() + ") was " + killed);
        return ExitCode.FAILED.code;
    }

    /** --runs N: N fresh JVMs into run-1 .. run-N, then the runs side by side. */
    private int measureRuns(Path java, int major) throws Exception {
        Path base = OutputDirs.fresh(output, Paths.get("reports", "runs", OutputDirs.now() + "-jdk" + major + "-runs"));
        OutputDirs.create("--output", base);
        List<Path> runDirs = new ArrayList<>();
        int result = ExitCode.OK.code;
        for (int k = 1; k <= runs; k++) {
            err.println("run " + k + " of " + runs);
            Path dir = base.resolve("run-" + k);
            int code = measure(java, major, dir);
            if (!ExitCode.finishedWithResult(code)) {
                err.println("queue-latency: run " + k + " failed (exit code " + code + "); the runs so far are kept in "
                        + base);
                result = code;
                break;
            }
            runDirs.add(dir);
            if (code == ExitCode.NOT_VALID.code) {
                result = ExitCode.NOT_VALID.code;
            }
        }
        if (!runDirs.isEmpty()) {
            String table = RunsTable.render(runDirs, skipFirst);
            WholeFile.write(base.resolve("runs.txt"), table);
            out.println();
            out.print(table);
            out.println("results:  " + base);
        }
        return result;
    }

    /** The arguments each run gets: everything but --runs, --skip-first and --output, which the launcher sets. */
    static List<String> withoutRunOptions(List<String> given) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            String a = given.get(i);
            if (a.equals("--runs") || a.equals("--output")) {
                i++;
            } else if (!a.startsWith("--runs=") && !a.startsWith("--output=") && !a.equals("--skip-first")) {
                kept.add(a);
            }
        }
        return kept;
    }
}
