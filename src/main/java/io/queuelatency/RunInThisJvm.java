package io.queuelatency;

import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.host.CpuList;
import io.queuelatency.host.HostFacts;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.launch.JvmFlags;
import io.queuelatency.host.HostCheck;
import io.queuelatency.measure.HandoffFloor;
import io.queuelatency.measure.QueueDirectory;
import io.queuelatency.measure.Study;
import io.queuelatency.measure.StudyConfig;
import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.Percentiles;
import io.queuelatency.result.ResultFiles;
import io.queuelatency.result.ResultTable;
import io.queuelatency.result.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.text.SimpleDateFormat;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The measured JVM's side: validates, describes the JVM and host, creates the run's queue directory and
 * the staging directory for its files, runs the Study, writes the files and prints the table. Whatever
 * happens (a failure, SIGTERM, Ctrl-C) the queue directory and an unfinished staging directory are removed.
 */
final class RunInThisJvm {
    private final StudyOptions options;
    private final Path output;
    private final List<String> arguments;
    private final PrintStream out;
    private final PrintStream err;
    private final Object completion = new Object();
    private volatile boolean interrupted;

    RunInThisJvm(StudyOptions options, Path output, List<String> arguments, PrintStream out, PrintStream err) {
        this.options = options;
        this.output = output;
        this.arguments = arguments;
        this.out = out;
        this.err = err;
    }

    int run() throws IOException, InterruptedException {
        List<String> missing = JvmFlags.missingForChronicle(JvmIdentity.currentMajorVersion(), JvmIdentity.inputArguments());
        if (!missing.isEmpty()) {
            throw new UsageError("--no-fork on Java " + JvmIdentity.currentMajorVersion()
                    + " needs Chronicle's JVM options, which this JVM lacks: " + String.join(" ", missing));
        }
        HostFacts host = HostFacts.system();
        List<String> warnings = new ArrayList<>();
        StudyConfig config = options.toConfig(host, warnings);
        RunResult result = describe(config, host);
        result.warnings.addAll(warnings);
        result.hostCheck = HostCheck.system().check(config.producerCpu, config.consumerCpu, 0, Paths.get("/dev/shm"));
        Path finalDir = output != null ? output.toAbsolutePath() : defaultOutput();
        if (Files.exists(finalDir)) {
            throw new UsageError("--output " + finalDir + " exists already: name a new directory");
        }
        Files.createDirectories(finalDir.getParent());
        Path staging = Files.createDirectory(ResultFiles.stagingFor(finalDir));
        try {
            return measure(config, result, staging, finalDir);
        } finally {
            if (Files.exists(staging)) {
                deleteStaging(staging);
            }
        }
    }

    private int measure(StudyConfig config, RunResult result, Path staging, Path finalDir)
            throws IOException, InterruptedException {
        QueueDirectory queueDir = QueueDirectory.create(config.queueParent);
        if (System.getProperty("jna.tmpdir") == null) {
            System.setProperty("jna.tmpdir", queueDir.nativeTempPath().toString()); // never ~/.cache/JNA
        }
        Study study = new Study(config);
        // From here on a stop (SIGTERM, Ctrl-C) removes what this run created, the floor's time included.
        Thread cleanup = new Thread(() -> onInterrupt(study, queueDir, staging), "queue-latency-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        Histogram[] totals;
        out.print(ResultTable.header(result));
        out.flush();
        try (IntervalLog log = new IntervalLog(staging.resolve(IntervalLog.FILE_NAME), System.currentTimeMillis(),
                "queue-latency " + Version.current() + ", " + result.jvm.vmName + " " + result.jvm.javaVersion
                        + ", " + result.host.hostname + ", ns")) {
            totals = study.run(queueDir, log, result, err);
        } finally {
            queueDir.close();
        }
        if (queueDir.exists()) {
            result.warnings.add("could not remove the queue directory " + queueDir.root());
        }
        if (config.floorNs > 0 && !interrupted) {
            // After the window, not before: at start-up the JIT (Graal above all) still compiles on both CPUs.
            result.floor = floor(config);
        }
        synchronized (completion) {
            if (interrupted) {
                return QueuePerformance.STOPPED;
            }
            Study.addLatencies(result, totals[0], totals[1]);
            result.finishedAt = Instant.now().toString();
            ResultFiles.complete(staging, finalDir, result, totals[0], totals[1]);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // shutting down already
        }
        out.println();
        out.print(ResultTable.table(result));
        out.println();
        out.print(ResultTable.verdict(result));
        out.println("results:  " + finalDir);
        return result.valid ? QueuePerformance.VALID : QueuePerformance.NOT_VALID;
    }

    private RunResult.Floor floor(StudyConfig config) throws InterruptedException {
        if (!config.quiet) {
            err.printf(Locale.ROOT, "floor    bare hand-off, CPU %d -> CPU %d, %.0f s of warm-up and %.0f s measured%n",
                    config.producerCpu, config.consumerCpu, config.floorNs / 1e9, config.floorNs / 1e9);
        }
        HandoffFloor measured = HandoffFloor.measure(config.ratePerSecond, config.floorNs, config.producerCpu, config.consumerCpu);
        RunResult.Floor f = new RunResult.Floor();
        f.durationNs = config.floorNs;
        f.overwritten = measured.overwritten;
        f.clockReadNs = measured.clockReadNs;
        f.histogramRecordNs = measured.histogramRecordNs;
        f.intended = Percentiles.of("bare hand-off, from the intended send time", measured.intended);
        f.actual = Percentiles.of("bare hand-off, from the actual send", measured.actual);
        f.warning = measured.failure;
        return f;
    }

    private void onInterrupt(Study study, QueueDirectory queueDir, Path staging) {
        interrupted = true; // before the stop: the main thread must not take the stopped run for a finished one
        study.requestStop();
        try {
            study.awaitFinished(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        queueDir.close();
        synchronized (completion) {
            deleteStaging(staging); // gone already when the run completed first
        }
    }

    private static void deleteStaging(Path staging) {
        try (java.util.stream.Stream<Path> files = Files.list(staging)) {
            files.forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            return;
        }
        staging.toFile().delete();
    }

    private Path defaultOutput() {
        String stamp = new SimpleDateFormat("yyyyMMdd-HHmmss", Locale.ROOT).format(new Date());
        Path runs = Paths.get("reports", "runs").toAbsolutePath();
        String base = stamp + "-jdk" + JvmIdentity.currentMajorVersion();
        Path dir = runs.resolve(base);
        for (int n = 2; Files.exists(dir) || Files.exists(ResultFiles.stagingFor(dir)); n++) {
            dir = runs.resolve(base + "-" + n);
        }
        return dir;
    }

    private RunResult describe(StudyConfig c, HostFacts host) throws IOException {
        RunResult r = new RunResult();
        r.tool = "queue-latency " + Version.current();
        r.startedAt = Instant.now().toString();
        RunResult.Config rc = r.config;
        rc.ratePerSecond = c.ratePerSecond;
        rc.messageSize = c.messageSize;
        rc.warmupNs = c.warmupNs;
        rc.durationNs = c.durationNs;
        rc.producerCpu = c.producerCpu;
        rc.consumerCpu = c.consumerCpu;
        rc.cpuChoice = c.cpuChoice;
        rc.queueDir = c.queueParent.toString();
        rc.rollCycle = c.rollCycle;
        rc.blockSize = c.blockSize;
        r.messages.warmup = c.warmupMessages();
        r.messages.measured = c.measuredMessages();
        r.messages.expected = c.totalMessages();
        r.queue.implementation = Study.queueImplementation();

        RunResult.Jvm j = r.jvm;
        j.vendor = System.getProperty("java.vendor");
        j.vmName = System.getProperty("java.vm.name");
        j.vmVersion = System.getProperty("java.vm.version");
        j.javaVersion = System.getProperty("java.version");
        j.majorVersion = JvmIdentity.currentMajorVersion();
        j.javaHome = System.getProperty("java.home");
        j.compiler = JvmIdentity.compiler();
        j.inputArguments.addAll(JvmIdentity.inputArguments());
        j.commandLine.add(Paths.get(j.javaHome, "bin", "java").toString());
        j.commandLine.addAll(j.inputArguments);
        j.commandLine.add("-cp");
        j.commandLine.add(System.getProperty("java.class.path"));
        j.commandLine.add(QueuePerformance.class.getName());
        j.commandLine.addAll(arguments);

        RunResult.Host h = r.host;
        h.hostname = HostFacts.hostname();
        h.os = System.getProperty("os.name") + " " + System.getProperty("os.arch");
        h.kernel = host.kernel();
        h.cpuModel = host.cpuModel();
        h.onlineCpus = host.onlineCpus().size();
        h.onlineCpuList = CpuList.format(host.onlineCpus());
        h.isolatedCpuList = CpuList.format(host.isolatedCpus());
        h.allowedCpuList = CpuList.format(host.allowedCpus());
        FileStore store = Files.getFileStore(c.queueParent);
        h.queueFileSystem = store.name() + " (" + store.type() + ")";
        h.queueFileSystemTotalBytes = store.getTotalSpace();
        h.queueFileSystemFreeBytes = store.getUsableSpace();
        return r;
    }
}
