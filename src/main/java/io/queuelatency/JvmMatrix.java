package io.queuelatency;

import io.queuelatency.cli.Version;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.cli.Commands;
import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.host.HostFacts;
import io.queuelatency.launch.ClassPath;
import io.queuelatency.matrix.GraalCompiler;
import io.queuelatency.matrix.HostFloorCells;
import io.queuelatency.matrix.MatrixConfig;
import io.queuelatency.matrix.MatrixPlanner;
import io.queuelatency.matrix.MatrixRunner;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.matrix.AutoRunner;
import io.queuelatency.report.Words;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.result.Warning;
import io.queuelatency.study.MatrixOptions;
import io.queuelatency.study.MatrixStart;
import io.queuelatency.text.Units;
import io.queuelatency.wings.beside.Beside;
import io.queuelatency.wings.capacity.Capacity;
import io.queuelatency.wings.capacity.CapacityCommand;
import io.queuelatency.wings.fleet.FleetPlan;
import io.queuelatency.wings.map.MapCommand;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** run-matrix.sh: the study under every JVM of jvm-matrix.yaml, one fresh JVM per cell, and the report. */
@Command(name = "run-matrix.sh", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        usageHelpAutoWidth = true,
        subcommands = {ReportCommand.class, CapacityCommand.class, CheckHost.class, Compare.class, Beside.class,
                MapCommand.class},
        description = "Runs the latency study under every JVM that jvm-matrix.yaml names (one fresh JVM per cell) "
                + "and writes reports/<run>/ with tables, charts and the raw histograms.",
        footer = {"", "Exit codes: 0 every cell valid, 1 failed, 2 bad input, 3 some cells not valid or not finished."})
public final class JvmMatrix implements Callable<Integer>, MatrixStart.From {
    @Mixin
    MatrixOptions o = new MatrixOptions();

    @Option(names = "--sizes", paramLabel = "BYTES,BYTES", split = ",",
            description = "Sweep these message sizes (overrides the file's sizes and size).")
    List<Integer> sizes;

    @Option(names = "--rates", paramLabel = "MSG/S,MSG/S", split = ",",
            description = "Sweep these rates (overrides the file's rates and rate).")
    List<Long> rates;

    @Option(names = "--skip-first",
            description = "Leave each JVM's first run out of the statistics (it still runs and is shown).")
    boolean skipFirst;

    @Option(names = "--margin", paramLabel = "PERCENT", converter = io.queuelatency.cli.Margins.class,
            description = "The verdicts' practical margin: JVMs within this much either way are "
                    + "equivalent (default: " + Analysis.DEFAULT_MARGIN_PERCENT + "%%).")
    Double margin;

    @Option(names = "--list",
            description = "Show each entry: the JDK it resolved to, or why it is unavailable. Runs nothing.")
    boolean list;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Finish the interrupted matrix in DIR with its own settings, skipping finished cells.")
    Path resume;

    @Option(names = "--fingerprint",
            description = "Print this host's fingerprint for the matrix as JSON (fingerprint.json: CPU, sockets, "
                    + "cores, the measured pair's relation, kernel, isolation, virtualisation, clock source, each "
                    + "JVM's build). Runs nothing.")
    boolean fingerprint;

    @Option(names = "--share", paramLabel = "K/N", converter = FleetPlan.ShareConverter.class,
            description = "Run only rounds K, K+N, K+2N, ... of a fixed --runs: this host's share of a matrix split "
                    + "between N hosts of one fingerprint (docs/fleet.md).")
    io.queuelatency.result.MatrixPlan.Share share;

    @Option(names = "--hosts", paramLabel = "N",
            description = "With --plan: what the plan takes in wall time on N hosts, split (one fingerprint) and not.")
    Integer hosts;

    @Option(names = "--project-dir", hidden = true, defaultValue = ".")
    Path projectDir;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    JvmMatrix(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        QueuePerformance.noPhoningHome(); // the controller reads Chronicle's classes too (check-host, compare, report)
        System.exit(new JvmMatrix(System.out, System.err).execute(args));
    }

    @Override
    public MatrixStart matrixStart() {
        return new MatrixStart(projectDir, out, err, Capacity.BODY);
    }

    int execute(String... args) {
        return Commands.execute(this, "run-matrix", args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        o.refuseOldNames();
        MatrixStart m = matrixStart();
        if (resume != null) {
            Path runDir = resumed();
            MatrixPlan plan = MatrixPlanJson.read(runDir.resolve(MatrixFiles.MATRIX_JSON));
            return plan.capacity != null ? new CapacityCommand.Search(m, plan, runDir).run() : run(m, plan, runDir);
        }
        MatrixConfig matrix = o.select(m.parse(o, this::overrides));
        if (list) {
            return m.list(matrix,
                    MatrixPlanner.resolve(matrix, MatrixStart.discovery(), new GraalCompiler(projectDir, false), null));
        }
        checkCells(matrix.settings, matrix.variants);
        if (hosts != null && !o.planOnly) {
            throw new UsageError("--hosts " + hosts + " goes with --plan: it shows what the plan takes on that many "
                    + "hosts, and runs nothing");
        }
        Path runDir = m.newRunDir(o, "matrix");
        MatrixPlan plan = m.newPlan(matrix, runDir);
        if (fingerprint) {
            out.print(io.queuelatency.json.FingerprintJson.text(MatrixStart.fingerprint(plan)));
            return ExitCode.OK.code;
        }
        if (share != null) {
            FleetPlan.keepShare(plan, share);
        }
        if (plan.settings.floorNs > 0) {
            plan.hostFloor = HostFloorCells.thisJava(); // the host's floor in cells of its own, on this java
            if (plan.auto != null) {
                plan.auto = MatrixPlanner.auto(plan); // its cells measure no floor: more rounds may fit the budget
            }
        }
        if (!planFits(plan)) {
            return ExitCode.OK.code; // --plan: shown, nothing run
        }
        MatrixStart.start(plan, runDir);
        return run(m, plan, runDir);
    }

    /** --resume DIR, given alone (but for the hidden options run-matrix.sh gives): the matrix directory to finish. */
    private Path resumed() {
        if (spec.commandLine().getParseResult().matchedOptions().stream()
                .anyMatch(given -> !given.hidden() && given != spec.findOption("--resume"))) {
            throw new UsageError("--resume continues with the settings of the matrix it resumes: give it alone");
        }
        Path runDir = resume.toAbsolutePath();
        if (!Files.isRegularFile(runDir.resolve(MatrixFiles.MATRIX_JSON))) {
            throw new UsageError("--resume " + resume + ": no " + MatrixFiles.MATRIX_JSON
                    + " there, so no matrix to resume");
        }
        return runDir;
    }

    /** Every cell's options checked against this host before anything runs, as a single run would check them. */
    private static void checkCells(Settings s, List<MatrixConfig.Variant> variants) {
        List<Warning> warnings = new ArrayList<>();
        for (MatrixConfig.Variant v : variants) {
            if (v.studyOptions.contains("--pretouch")) {
                // a third CPU, or exit 2 now
                StudyOptions.check(s.toBuilder().pretouch(true).build(), HostFacts.system(), 0, warnings);
            }
        }
        for (int cellSize : s.sizes != null ? s.sizes : java.util.Collections.singletonList(s.size)) {
            for (long cellRate : s.rates != null ? s.rates : java.util.Collections.singletonList(s.rate)) {
                Settings cell = s.toBuilder().size(cellSize).rate(cellRate).build();
                StudyOptions.check(cell, HostFacts.system(), 0, warnings);
            }
        }
    }

    /** False when only the plan was asked for (printed); a fixed plan over the time budget is refused. */
    private boolean planFits(MatrixPlan plan) {
        long totalNs = MatrixRunner.estimateNs(plan, plan.cells);
        if (o.planOnly) {
            if (plan.auto != null) {
                printAutoPlan(plan);
            } else {
                printPlan(plan, totalNs);
            }
            return false;
        }
        long budgetNs = plan.settings.timeBudgetNs != null ? plan.settings.timeBudgetNs : Settings.FIXED_TIME_BUDGET_NS;
        if (plan.auto == null && totalNs > budgetNs) {
            throw new UsageError(String.format(Locale.ROOT, "the plan takes about %s (%d cells), over the time budget "
                            + "of %s: run fewer (--only, --variants, --sizes, --rates, --runs, --duration) or allow it "
                            + "with --time-budget %s",
                    Units.minutes(totalNs), plan.cells.size(), Units.minutes(budgetNs),
                    io.queuelatency.text.Durations.format((totalNs / 3_600_000_000_000L + 1) * 3_600_000_000_000L)));
        }
        return true;
    }

    /** Runs the cells not finished yet (--runs auto: its rounds), the report rebuilt after each; then the end. */
    private int run(MatrixStart m, MatrixPlan plan, Path runDir) throws Exception {
        err.println("matrix: " + (plan.auto != null ? "runs until decided, looks " + Words.looks(plan.auto)
                + ", time budget " + Units.minutes(plan.auto.timeBudgetNs) : plan.cells.size() + " cells")
                + ", report in " + runDir);
        MatrixRunner runner =
                new MatrixRunner(plan, runDir, ClassPath.of(JvmMatrix.class), err, () -> m.report(runDir));
        Thread stop = new Thread(runner::stop, "queue-latency-stop-matrix");
        Runtime.getRuntime().addShutdownHook(stop);
        if (plan.auto != null) {
            new AutoRunner(plan, runDir, runner, err).run();
        } else {
            runner.run();
        }
        if (runner.stopped()) {
            return ExitCode.STOPPED.code; // the finished cells are kept, --resume does the rest
        }
        Runtime.getRuntime().removeShutdownHook(stop);
        m.report(runDir);
        return summarize(m, plan, runDir);
    }

    /** This command's own options over the file's settings (the shared ones are {@link MatrixOptions#over}). */
    private SettingsBuilder overrides(SettingsBuilder s) {
        MatrixOptions.given(sizes, s::sizes);
        MatrixOptions.given(rates, s::rates);
        return s.skipFirst(skipFirst).margin(margin);
    }

    /** --plan: every cell in the order it would run, with its time, and the total. */
    private void printPlan(MatrixPlan plan, long totalNs) {
        int rounds = plan.cells.isEmpty() ? 0 : plan.cells.get(plan.cells.size() - 1).run;
        out.println("Plan: " + plan.cells.size() + " cells, about " + Units.minutes(totalNs) + " in all ("
                + (plan.hostFloor == null ? "warm-up, window, floor and start-up per cell"
                : "warm-up, window and start-up per cell, and " + (rounds + 1) + " floor cells measuring the host's "
                + "floor before the first round of cells and after each") + ")"
                + (plan.settings.runs == null ? "; --runs auto with one JVM: nothing to compare, so "
                + MatrixPlan.AutoPlan.FIXED_RUNS + " runs" : "") + ", in this order:");
        printCells(plan, plan.cells);
        if (hosts != null) {
            FleetPlan.print(out, plan, hosts);
        }
    }

    /** --plan of --runs auto: the least and the most it takes, the looks, and one round's cells in their order. */
    private void printAutoPlan(MatrixPlan plan) {
        List<CellId> round = MatrixPlanner.round(plan, 1);
        long roundNs = MatrixRunner.estimateNs(plan, round);
        int first = plan.auto.looks.get(0);
        int last = plan.auto.looks.get(plan.auto.looks.size() - 1);
        out.printf(Locale.ROOT, "Plan: runs until decided (--runs auto): rounds of one fresh JVM of each JVM whose "
                        + "comparisons are still open, interleaved, looks %s.%n  At least %d round%s (%d cells, about "
                        + "%s); at most the time budget, %s (up to %d rounds of every JVM).%n  %s%n"
                        + "  One round (warm-up, window and start-up per cell; with the host's floor cell before it "
                        + "and after it), in this order:%n",
                Words.looks(plan.auto), first, first == 1 ? "" : "s", first * round.size(),
                Units.minutes(first * roundNs), Units.minutes(plan.auto.timeBudgetNs), last,
                Words.family(plan));
        printCells(plan, round);
        if (hosts != null) {
            FleetPlan.printAuto(out, plan, hosts);
        }
    }

    /** The cells in their order, with their time; with floor cells, each where it runs. */
    private void printCells(MatrixPlan plan, List<CellId> cells) {
        int floorCell = 0;
        for (int i = 0; i < cells.size(); i++) {
            CellId cell = cells.get(i);
            if (plan.hostFloor != null && (i == 0 || cells.get(i - 1).run != cell.run)) {
                printFloorCell(plan, ++floorCell);
            }
            List<String> studyOptions = plan.jvm(cell.jvm).studyOptions; // --topology=processes, --pretouch
            out.printf(Locale.ROOT, "  %-44s %s, %d B, %,d msg/s, ~%s%s%n", cell, plan.jvm(cell.jvm).label,
                    plan.size(cell), plan.rate(cell), Units.minutes(MatrixRunner.cellEstimateNs(plan, cell)),
                    studyOptions.isEmpty() ? "" : ", " + String.join(" ", studyOptions));
        }
        if (plan.hostFloor != null && !cells.isEmpty()) {
            printFloorCell(plan, ++floorCell);
        }
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if (!j.available) {
                out.println("  not run: " + j.id + ": " + j.unavailable);
            }
        }
    }

    /** One floor cell of --plan: the host's floor on run-matrix.sh's own java. */
    private void printFloorCell(MatrixPlan plan, int k) {
        out.printf(Locale.ROOT, "  %-44s the host's floor on %s %s, %,d msg/s, ~%s%n", "floor/" + k,
                plan.hostFloor.vmName, plan.hostFloor.version, plan.settings.rate,
                Units.minutes(HostFloorCells.cellNs(plan.settings)));
    }

    private int summarize(MatrixStart m, MatrixPlan plan, Path runDir) {
        int valid = 0;
        List<String> problems = new ArrayList<>();
        for (CellId cell : plan.cells) {
            CellOutcome outcome = MatrixData.outcome(runDir, cell);
            if (outcome != null && outcome.status == CellOutcome.Status.VALID) {
                valid++;
                continue;
            }
            String why = outcome == null ? "did not finish"
                    : outcome.status + (outcome.reason == null ? "" : ": " + outcome.reason);
            problems.add(cell + ": " + why);
        }
        for (int k : plan.hostFloor == null ? java.util.Collections.<Integer>emptyList() : plan.floorCellNumbers()) {
            if (!HostFloorCells.finished(runDir, k)) {
                problems.add("floor/" + k + ": the host's floor was not measured (see its run.log)");
            }
        }
        out.printf(Locale.ROOT, "matrix: %d of %d cells valid%n", valid, plan.cells.size());
        if (plan.auto != null) {
            MatrixData data = MatrixData.load(runDir);
            out.println("  runs until decided: " + Words.runs(data) + "; " + Words.end(plan));
            for (Analysis a : Analysis.of(data, null)) {
                out.println("  " + (a.data.slice == null ? "" : a.data.slice.label() + ": ") + "verdicts by "
                        + Words.level(a));
            }
        }
        ReportCommand.printAnswer(out, runDir, null);
        for (String p : problems) {
            out.println("  " + p);
        }
        m.printEnd(plan, runDir);
        return problems.isEmpty() ? ExitCode.OK.code : ExitCode.NOT_VALID.code;
    }
}
