package io.queuelatency;

import io.queuelatency.cli.OutputDirs;
import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.cli.Version;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.host.CpuList;
import io.queuelatency.host.HostCheck;
import io.queuelatency.host.HostFacts;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.host.PinnableCpus;
import io.queuelatency.json.ResultJson;
import io.queuelatency.launch.ClassPath;
import io.queuelatency.launch.JvmFlags;
import io.queuelatency.launch.MeasuredJvm;
import io.queuelatency.measure.ChronicleChannel;
import io.queuelatency.measure.HandoffFloor;
import io.queuelatency.measure.NanoClock;
import io.queuelatency.measure.ProducerSide;
import io.queuelatency.measure.ProfiledRun;
import io.queuelatency.measure.QueueDirectory;
import io.queuelatency.measure.RemoteProducer;
import io.queuelatency.measure.Sampler;
import io.queuelatency.measure.Study;
import io.queuelatency.measure.StudyOutcome;
import io.queuelatency.measure.ThreadPinning;
import io.queuelatency.measure.Watcher;
import io.queuelatency.report.Figures;
import io.queuelatency.report.RunBrief;
import io.queuelatency.report.RunScreen;
import io.queuelatency.report.Timeline;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.FloorCell;
import io.queuelatency.result.Host;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunSetup;
import io.queuelatency.result.Settings;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import io.queuelatency.store.IntervalLog;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.store.RunMarker;
import io.queuelatency.tail.Fold;
import io.queuelatency.tail.JvmEventLog;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The measured JVM's side: validates, describes the JVM and host, creates the run's queue directory and the staging
 * directory for its files, runs the Study, writes the files and prints the table. Whatever happens (a failure,
 * SIGTERM, Ctrl-C) the queue directory and an unfinished staging directory are removed; a failed run keeps its files.
 */
final class RunInThisJvm {
    private final StudyOptions options;
    private final Path output;
    /** The command line a result stores. */
    private final List<String> mainAndArguments;
    private final PrintStream out;
    private final PrintStream err;
    private final Object completion = new Object();
    private volatile boolean interrupted;

    RunInThisJvm(StudyOptions options, Path output, List<String> mainAndArguments, PrintStream out, PrintStream err) {
        this.options = options;
        this.output = output;
        this.mainAndArguments = mainAndArguments;
        this.out = out;
        this.err = err;
    }

    ExitCode run() throws IOException, InterruptedException {
        List<String> missing =
                JvmFlags.missingForChronicle(JvmIdentity.currentMajorVersion(), JvmIdentity.inputArguments());
        if (!missing.isEmpty()) {
            throw new UsageError("--no-fork on Java " + JvmIdentity.currentMajorVersion()
                    + " needs Chronicle's JVM options, which this JVM lacks: " + String.join(" ", missing));
        }
        HostFacts host = HostFacts.system();
        List<Warning> warnings = new ArrayList<>();
        Settings asked = options.toSettings();
        StudyConfig config =
                StudyOptions.check(asked, host, asked.betweenProcesses() ? MeasuredJvm.thisOnesBytes() : 0, warnings);
        Path finalDir = OutputDirs.fresh(output, OutputDirs.defaultRunOutput(JvmIdentity.currentMajorVersion(), ""));
        Path staging = OutputDirs.createStaging(finalDir);
        for (String removed : ResultFiles.sweepStaging(finalDir.getParent())) {
            err.println("queue-latency: removed " + removed
                    + ", an unfinished run that no longer runs and that nobody cleaned up");
        }
        try {
            return measure(config, host, warnings, staging, finalDir);
        } finally {
            if (Files.exists(staging)) {
                ResultFiles.deleteTree(staging);
            }
        }
    }

    private ExitCode measure(StudyConfig config, HostFacts host, List<Warning> setupWarnings, Path staging,
                             Path finalDir) throws IOException, InterruptedException {
        for (String removed : QueueDirectory.sweep(config.queueParent)) {
            err.println("queue-latency: removed " + removed + ", a run that no longer runs and that nobody cleaned up");
        }
        QueueDirectory queueDir = QueueDirectory.create(config.queueParent).holdingNativeLibraries();
        // From here on a stop (SIGTERM, Ctrl-C) removes what this run created (the set-up took seconds on a slow host).
        Stop stop = new Stop(queueDir, staging);
        // Before the producer and consumer exist: the JIT, the GC and this thread's monitoring keep off their CPUs,
        // on the CPUs this process was allowed (never onto isolated ones), read before the move changes them.
        String chosen = config.cpuChoice;
        List<Integer> allowed = host.allowedCpus();
        PinnableCpus pinnable = host.pinnableCpus();
        config.cpuChoice += "; " + ThreadPinning.keepOthersOff(allowed, config.pinnedProducerCpu,
                config.pinnedConsumerCpu);
        RunSetup setup = describe(config, host, chosen, allowed, pinnable);
        Study study = Study.of(config);
        if (config.settings.betweenProcesses()) {
            study.producedBy(new RemoteProducer(MeasuredJvm.likeThisOne(ClassPath.of(RunInThisJvm.class),
                    ProducerJvm.class.getName(), ProducerSide.arguments(config, queueDir.root(), allowed, staging)),
                    queueDir.root().resolve("producer.log"), MeasuredJvm::pidOf));
        }
        stop.events = !config.settings.attribution ? null : config.settings.betweenProcesses()
                ? JvmEventLog.start(staging).withProducersJvm(queueDir.root()) : JvmEventLog.start(staging);
        stop.fold = config.settings.attribution ? Fold.of(queueDir.root().toString(), stop.events, config.traceKernel,
                config.kernelTraceWhyNot, RunMarker.currentPid()) : null;
        study.watchedBy(stop.fold != null ? stop.fold : Watcher.NONE);
        stop.sampler = ProfiledRun.sampler(config.settings, queueDir, staging);
        study.sampledBy(stop.sampler);
        stop.study = study;
        if (interrupted) {
            return ExitCode.STOPPED; // stopped in the set-up: the hook removed what it made
        }
        StudyOutcome outcome;
        if (options.verbose()) {
            out.print(RunScreen.header(setup));
            out.print(RunScreen.configuration(config));
        } else {
            out.print(RunBrief.header(setup));
        }
        out.flush();
        try (IntervalLog log = new IntervalLog(staging.resolve(IntervalLog.FILE_NAME), System.currentTimeMillis(),
                "queue-latency " + Version.current() + ", " + setup.jvm.vmName + " " + setup.jvm.javaVersion
                        + ", " + setup.host.hostname + ", ns");
             ChronicleChannel channel = new ChronicleChannel(queueDir, config, NanoClock.SYSTEM)) {
            outcome = study.run(channel, log, err);
        } finally {
            queueDir.close();
        }
        RunResult result = resultOf(config, setup, setupWarnings, queueDir, outcome, stop);
        synchronized (completion) {
            if (interrupted) {
                return ExitCode.STOPPED;
            }
            ResultFiles.complete(staging, finalDir, result, outcome.histograms, RunScreen.full(result));
        }
        stop.remove();
        show(result, finalDir);
        return exitCode(result.status());
    }

    /**
     * A matrix's floor cell ({@code --floor-only}): in a JVM of the matrix's own java, not one under test, the bare
     * hand-off between the CPUs its cells pin to; no queue, no window. Writes {@code floor.json} into --output, last.
     */
    ExitCode floorCell() throws IOException, InterruptedException {
        if (output == null) {
            throw new UsageError("--floor-only needs --output DIR, the floor cell's directory");
        }
        Path dir = output.toAbsolutePath();
        if (Files.exists(dir.resolve(MatrixFiles.FLOOR_JSON))) {
            throw new UsageError("--output " + dir + " holds a floor cell already: name a new directory");
        }
        HostFacts host = HostFacts.system();
        StudyConfig config = StudyOptions.check(options.toSettings(), host, 0, new ArrayList<>());
        if (config.settings.floorNs <= 0) {
            throw new UsageError("--floor-only needs a --floor longer than 0s");
        }
        // The run's own directory, as a study's: JNA's temp files go there (pinning loads it), never to the home.
        QueueDirectory own = QueueDirectory.create(config.queueParent).holdingNativeLibraries();
        Thread cleanup = new Thread(own::close, "queue-latency-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        RunResult.Floor floor;
        String startedAt = Instant.now().toString();
        try {
            out.println("floor cell: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                    + "; " + ThreadPinning.keepOthersOff(host.allowedCpus(), config.pinnedProducerCpu,
                    config.pinnedConsumerCpu));
            floor = floor(config, out);
        } finally {
            own.close();
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
        FloorCell cell = new FloorCell();
        cell.jvm = JvmIdentity.facts(mainAndArguments);
        cell.startedAt = startedAt;
        cell.finishedAt = Instant.now().toString();
        cell.producerCpu = config.pinnedProducerCpu;
        cell.consumerCpu = config.pinnedConsumerCpu;
        cell.rate = config.settings.rate;
        cell.floor = floor;
        if (!floor.measured()) {
            out.println("floor    not measured: no hand-off was received");
            return ExitCode.FAILED;
        }
        Files.createDirectories(dir);
        ResultJson.write(dir.resolve(MatrixFiles.FLOOR_JSON), cell);
        out.printf(Locale.ROOT, "floor    p50 %s, p99 %s, p99.99 %s (intended, %,d hand-offs, %,d overwritten)%s%n",
                Units.ns(floor.intended.ns(Percentile.P50)), Units.ns(floor.intended.ns(Percentile.P99)),
                Units.ns(floor.intended.ns(Percentile.P99_99)), floor.intended.count, floor.overwritten,
                floor.warning == null ? "" : "; " + RunWords.text(floor.warning));
        return ExitCode.OK;
    }

    /** The run's result: the window, the tail's causes (from {@code made}'s events and fold), then the floor. */
    private RunResult resultOf(StudyConfig config, RunSetup setup, List<Warning> setupWarnings, QueueDirectory queueDir,
                               StudyOutcome outcome, Stop made) throws InterruptedException {
        RunResult.Builder r = new RunResult.Builder();
        r.setupWarnings.addAll(setupWarnings);
        r.setupWarnings.addAll(outcome.threadWarnings);
        if (queueDir.exists()) {
            r.setupWarnings.add(new Warning.QueueNotRemoved(queueDir.root().toString()));
        }
        for (Definition d : Definition.values()) {
            r.latency.put(d, Latency.of(d, outcome.histograms.get(d)));
        }
        outcome.stages.forEach((stage, h) -> r.stages.put(stage, Latency.of(null, h)));
        JvmEventLog events = made.events;
        Fold fold = made.fold;
        if (outcome.tailWindowStartNs != null && events != null && fold != null) {
            // Before the floor: its own safepoints are not the window's.
            r.tail = fold.result(r.latency.get(Definition.INTENDED), events.source(), events.notRecorded == null,
                    events.jit(outcome.tailWindowStartNs, outcome.tailWindowStartNs + config.settings.durationNs));
        }
        r.profile = ProfiledRun.finish(made.sampler, config.settings, outcome, made.staging, err);
        if (config.settings.floorNs > 0 && !interrupted && outcome.failure == null) {
            // After the window, not before: at start-up the JIT (Graal above all) still compiles on both CPUs.
            r.floor = floor(config, config.settings.quiet ? null : err);
        }
        r.setup = setup;
        r.finishedAt = Instant.now().toString();
        r.messages = outcome.messages;
        r.rate = outcome.rate;
        r.window = outcome.window;
        r.queue = new RunResult.QueueFacts(setup.queueImplementation, queueDir.queuePath().toString(),
                queueDir.peakFootprintBytes(), queueDir.deletedCycles(), outcome.pretouch);
        r.failure = outcome.failure;
        r.stoppedEarly = outcome.stoppedEarly;
        return r.build();
    }

    /** What the run found and where the files are: {@link RunBrief}, or with --verbose table.txt's long form. */
    private void show(RunResult result, Path finalDir) {
        out.println();
        if (options.verbose()) {
            out.print(RunScreen.table(result));
            out.println();
            out.print(RunScreen.validity(result));
            out.println("results:  " + finalDir);
            if (timeline(finalDir, result)) {
                out.println("timeline: " + finalDir.resolve(Timeline.FILE_NAME));
            }
        } else {
            boolean drawn = timeline(finalDir, result);
            out.print(RunBrief.result(result, finalDir.toString(), drawn));
        }
        if (result.failure != null) {
            err.println("queue-latency: failed: " + result.failure
                    + " (the queue directory was removed; the run's files are in " + finalDir + ")");
        }
    }

    /** timeline.png beside the stored results; whether it was drawn (if not, one line says why). */
    private boolean timeline(Path dir, RunResult result) {
        Path png = dir.resolve(Timeline.FILE_NAME);
        String title = result.setup().jvm.vendor + " Java " + result.setup().jvm.javaVersion + ", " + dir.getFileName();
        return new Figures(err).draw(png, Timeline.FILE_NAME, () -> Timeline.write(dir, result, png, title, null));
    }

    /** The bare hand-off between the pinned CPUs, {@code floorNs} after as long a warm-up; said on {@code progress}. */
    private static RunResult.Floor floor(StudyConfig config, PrintStream progress) throws InterruptedException {
        long floorNs = config.settings.floorNs;
        if (progress != null) {
            progress.printf(Locale.ROOT,
                    "floor    bare hand-off, CPU %d -> CPU %d, %.0f s of warm-up and %.0f s measured%n",
                    config.pinnedProducerCpu, config.pinnedConsumerCpu, floorNs / 1e9, floorNs / 1e9);
        }
        HandoffFloor measured = HandoffFloor.measure(config.settings.rate, config.settings.floorNs,
                config.pinnedProducerCpu, config.pinnedConsumerCpu);
        RunResult.Floor f = new RunResult.Floor();
        f.durationNs = config.settings.floorNs;
        f.overwritten = measured.overwritten;
        f.clockReadNs = measured.clockReadNs;
        f.histogramRecordNs = measured.histogramRecordNs;
        f.intended = Latency.of(Definition.INTENDED, measured.intended);
        f.actual = Latency.of(Definition.ACTUAL, measured.actual);
        f.warning = measured.failure;
        return f;
    }

    /** The run's shutdown hook: what a stop must remove (study, fold, events: null until the set-up makes them). */
    private final class Stop implements Runnable {
        private final QueueDirectory queueDir;
        private final Path staging;
        private final Thread hook = new Thread(this, "queue-latency-cleanup");
        volatile Study study;
        volatile JvmEventLog events;
        volatile Fold fold;
        volatile Sampler sampler = Sampler.NONE;

        Stop(QueueDirectory queueDir, Path staging) {
            this.queueDir = queueDir;
            this.staging = staging;
            Runtime.getRuntime().addShutdownHook(hook);
        }

        void remove() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook is running
            }
        }

        @Override
        public void run() {
            interrupted = true; // before the stop: the main thread must not take the stopped run for a finished one
            Study s = study;
            if (s != null) {
                s.requestStop();
                try {
                    s.awaitFinished(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            Fold f = fold;
            if (f != null) {
                f.abandon(); // the tracing instance goes, whether or not the study got to end it
            }
            queueDir.close();
            JvmEventLog e = events;
            if (e != null) {
                e.stop(); // a flight recording ends, and its repository goes, before the directory that holds them
            }
            synchronized (completion) {
                ResultFiles.deleteTree(staging); // gone already when the run completed first
            }
        }
    }

    /** The run before it measures; {@code allowed} and {@code pinnable} as read before its threads were moved. */
    private RunSetup describe(StudyConfig config, HostFacts host, String chosen, List<Integer> allowed,
                              PinnableCpus pinnable) throws IOException {
        RunSetup s = new RunSetup();
        s.jvm = JvmIdentity.facts(mainAndArguments);
        FileStore store = Files.getFileStore(config.queueParent);
        Host h = host.host();
        h.allowedCpuList = CpuList.format(allowed);
        h.pinnableCpuList = CpuList.format(pinnable.cpus);
        h.pinnableWhy = pinnable.why;
        h.queueFileSystem = store.name() + " (" + store.type() + ")";
        h.queueFileSystemTotalBytes = store.getTotalSpace();
        h.queueFileSystemFreeBytes = store.getUsableSpace();
        h.cpuPair = host.topology().pair(config.pinnedProducerCpu, config.pinnedConsumerCpu,
                config.settings.producerCpu != null && config.settings.consumerCpu != null ? CpuPair.ChosenBy.USER
                        : CpuPair.ChosenBy.AUTO, chosen);
        s.host = h;
        s.hostCheck = HostCheck.system().check(config.pinnedProducerCpu, config.pinnedConsumerCpu, 0,
                Paths.get("/dev/shm"));
        s.tool = "queue-latency " + Version.current();
        s.startedAt = Instant.now().toString();
        s.config = config;
        s.queueImplementation = Study.queueImplementation();
        return s;
    }

    private static ExitCode exitCode(RunResult.RunStatus status) {
        return status == RunResult.RunStatus.VALID ? ExitCode.OK
                : status == RunResult.RunStatus.INVALID ? ExitCode.NOT_VALID : ExitCode.FAILED;
    }
}
