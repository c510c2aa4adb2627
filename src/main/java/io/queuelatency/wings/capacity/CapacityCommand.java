package io.queuelatency.wings.capacity;

import io.queuelatency.cli.Commands;
import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.host.HostFacts;
import io.queuelatency.launch.ClassPath;
import io.queuelatency.study.MatrixOptions;
import io.queuelatency.study.MatrixStart;
import io.queuelatency.matrix.MatrixConfig;
import io.queuelatency.matrix.MatrixRunner;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Budget;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.text.Units;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code run-matrix.sh capacity --sla p99.99=20us}: per JVM, the highest rate at which every budget holds, as a bracket
 * searched by steps up then halving ({@link CapacitySearch}), each step's runs fresh JVMs; exit codes in the footer.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = "For each JVM, find the highest rate at which every budget holds (--sla), as a bracket: steps up "
                + "by 2x from --rate, then halving, each step --runs fresh JVMs, within --time-budget; writes the "
                + "report like a matrix.",
        footer = {"", "A step holds when each of its runs that counts holds: valid, and the intended latency at every "
                + "budgeted percentile within its budget. It breaks when each run breaks: over a budget, a producer "
                + "that cannot keep the rate, or a run that fails at that rate. Runs that disagree end that JVM's "
                + "search (the knee is noisy there).",
            "", "Exit codes: 0 every search ended by its rule, 1 failed, 2 bad input, 3 a search was cut short "
            + "(the report says why)."})
public final class CapacityCommand implements Callable<Integer> {
    /** The lowest rate a search goes down to where its first step breaks. */
    static final long MIN_RATE = 1_000;

    @ParentCommand
    MatrixStart.From parent;

    @Mixin
    MatrixOptions o = new MatrixOptions();

    @Option(names = "--sla", paramLabel = "PERCENTILE=LATENCY", description = "A budget, repeatable: p99=1ms, "
            + "p99.99=20us (in place of the file's sla); of the intended latency (from the scheduled send time, so a "
            + "producer falling behind counts).")
    List<String> sla;

    @Option(names = "--max-rate", paramLabel = "MSG/S", description = "The highest rate to try (in place of the file's "
            + "maxRate; default: the most a run takes, 10,000,000).")
    Long maxRate;

    @Option(names = "--resolution", paramLabel = "PERCENT", converter = io.queuelatency.cli.Margins.class,
            description = "End when the lowest rate that broke is within this of the highest that "
                    + "held (default: " + MatrixPlan.CapacityPlan.DEFAULT_RESOLUTION_PERCENT + "%%).")
    Double resolution;

    @Override
    public Integer call() throws Exception {
        o.refuseOldNames();
        MatrixStart matrix = parent.matrixStart();
        MatrixConfig file = matrix.parse(o, this::overrides);
        if (file.settings.sizes != null && file.settings.sizes.size() > 1) {
            throw new UsageError("a capacity search measures one message size, and " + file.source
                    + " sweeps sizes: give --size");
        }
        if (file.settings.profile != null) {
            throw new UsageError("a capacity search judges each step on all its runs, so none may carry a profiler: "
                    + "drop --profile (or profile: in the matrix file), and profile a matrix at the rate found");
        }
        if (file.settings.sla.isEmpty()) {
            throw new UsageError("a capacity search needs a budget: --sla p99=1ms (repeatable), or sla: [p99=1ms] "
                    + "in the matrix file's settings");
        }
        // --runs auto is a matrix's: a search's step runs a fixed number (auto: 3)
        Settings settings = file.settings.toBuilder().sizes(null).runs(MatrixPlan.fixedRuns(file.settings)).build()
                .forCapacitySearch();
        long top = settings.maxRate != null ? settings.maxRate : Settings.MAX_RATE;
        StudyOptions.check(settings, HostFacts.system(), io.queuelatency.launch.JvmFlags.measuredJvmBytes(),
                new ArrayList<>()); // the first step's options, checked as its run will check them
        MatrixConfig chosen = o.select(file.with(settings));
        Path runDir = matrix.newRunDir(o, "capacity");
        MatrixPlan plan = matrix.newPlan(chosen, runDir);
        plan.cells.clear(); // the search adds each step's cells as it goes
        plan.capacity = new MatrixPlan.CapacityPlan();
        plan.capacity.budgets.addAll(settings.sla);
        plan.capacity.maxRate = top;
        plan.capacity.minRate = Math.min(MIN_RATE, settings.rate);
        plan.capacity.resolution = resolution != null ? resolution : plan.capacity.resolution;
        plan.capacity.timeLimitNs =
                settings.timeBudgetNs != null ? settings.timeBudgetNs : Settings.FIXED_TIME_BUDGET_NS;
        if (!planFits(plan, matrix.out)) {
            return ExitCode.OK.code;
        }
        MatrixStart.start(plan, runDir);
        return new Search(matrix, plan, runDir).run();
    }

    /** --sla and --max-rate over the file's settings, and one rate (a search has no rate sweep). */
    private SettingsBuilder overrides(SettingsBuilder s) {
        if (sla != null) {
            List<Budget> budgets = new ArrayList<>();
            for (String b : sla) {
                try {
                    budgets.add(Budget.parse(b));
                } catch (IllegalArgumentException e) {
                    throw new UsageError("--sla " + e.getMessage());
                }
            }
            s.sla(budgets);
        }
        if (maxRate != null) {
            s.maxRate(maxRate);
        }
        return s.rates(null);
    }

    /** --plan: the search's most steps and time; a search whose first step does not fit in --time-budget is refused. */
    private boolean planFits(MatrixPlan plan, PrintStream out) {
        int runs = MatrixPlan.fixedRuns(plan.settings);
        int jvms = 0;
        long firstNs = 0;
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if (j.available) {
                jvms++;
                firstNs += runs * MatrixRunner.estimateNs(plan, Collections.singletonList(new CellId(j.id, 1)));
            }
        }
        int steps = CapacityRunner.search(plan).mostSteps();
        if (o.planOnly) {
            out.printf(Locale.ROOT, "Plan: a capacity search of %d JVM(s) for %s, %d-byte messages; from %,d msg/s up "
                            + "by %s× (down to %,d where it breaks) to at most %,d msg/s, then halving to within %s; "
                            + "each step %d fresh JVMs of about %s each.%n",
                    jvms, CapacityWords.budgets(plan.capacity.budgets), plan.settings.size, plan.settings.rate,
                    CapacityWords.factor(plan.capacity.factor), plan.capacity.minRate, plan.capacity.maxRate,
                    Units.percent(plan.capacity.resolution), runs, Units.minutes(firstNs / Math.max(1, jvms * runs)));
            out.printf(Locale.ROOT, "At most %d steps per JVM (%d cells in all), at most %s; a step is not started "
                    + "past %s (--time-budget), and the search then reports what it found.%n", steps,
                    steps * jvms * runs, Units.minutes(steps * firstNs),
                    Units.minutes(plan.capacity.timeLimitNs));
            for (MatrixPlan.PlannedJvm j : plan.jvms) {
                out.println("  " + j.id + (j.available ? ": " + j.label : " not run: " + j.unavailable));
            }
            return false;
        }
        if (firstNs > plan.capacity.timeLimitNs) {
            throw new UsageError(String.format(Locale.ROOT, "the first step alone takes about %s, over the time "
                    + "allowed (--time-budget %s): run fewer (--only, --runs, --duration) or allow more",
                    Units.minutes(firstNs), io.queuelatency.text.Durations.format(plan.capacity.timeLimitNs)));
        }
        return true;
    }

    /** A search run (new or resumed) in its report directory, the report written after each cell and at the end. */
    public static final class Search {
        private final MatrixStart matrix;
        private final MatrixPlan plan;
        private final Path runDir;

        public Search(MatrixStart matrix, MatrixPlan plan, Path runDir) {
            this.matrix = matrix;
            this.plan = plan;
            this.runDir = runDir;
        }

        public int run() throws IOException, InterruptedException {
            PrintStream err = matrix.err;
            err.println("capacity: " + CapacityWords.budgets(plan.capacity.budgets) + ", report in " + runDir);
            MatrixRunner runner = new MatrixRunner(plan, runDir, ClassPath.of(CapacityCommand.class), err,
                    () -> matrix.report(runDir));
            Thread stop = new Thread(runner::stop, "queue-latency-stop-capacity");
            Runtime.getRuntime().addShutdownHook(stop);
            CapacityRunner search = new CapacityRunner(plan, cells(runner), this::whyNot, System::nanoTime,
                    err::println, runner::savePlan);
            boolean ended;
            try {
                ended = search.run();
            } catch (BadInputException e) {
                Runtime.getRuntime().removeShutdownHook(stop);
                matrix.report(runDir);
                throw e;
            }
            if (!ended) {
                return ExitCode.STOPPED.code;
            }
            Runtime.getRuntime().removeShutdownHook(stop);
            matrix.report(runDir);
            return summarize(search.searches());
        }

        private CapacityRunner.Cells cells(MatrixRunner runner) {
            return new CapacityRunner.Cells() {
                @Override
                public CellOutcome finished(CellId cell) {
                    return MatrixRunner.finished(runDir, cell);
                }

                @Override
                public CellOutcome run(CellId cell, String heading) throws IOException, InterruptedException {
                    return runner.run(cell, heading);
                }

                @Override
                public RunResult result(CellId cell) {
                    Path dir = MatrixData.cellDir(runDir, cell);
                    return ResultFiles.isRun(dir) ? ResultFiles.read(dir) : null;
                }

                @Override
                public long cellNs(MatrixPlan.PlannedJvm jvm) {
                    return runner.cellNs(jvm);
                }
            };
        }

        /** What a run at this rate would refuse here (the rate, the queue's footprint), or null. */
        private String whyNot(long rate) {
            try {
                long warmupNs = plan.jvms.stream().mapToLong(j -> j.warmupNs).reduce(0, Math::max);
                Settings s = plan.settings.toBuilder().rate(rate).warmupNs(warmupNs).sizes(null).rates(null)
                        .maxRate(null).build();
                StudyOptions.check(s, HostFacts.system(), io.queuelatency.launch.JvmFlags.measuredJvmBytes(),
                        new ArrayList<>());
                return null;
            } catch (BadInputException e) {
                return Commands.line(e);
            }
        }

        private int summarize(Map<String, CapacitySearch> searches) {
            PrintStream out = matrix.out;
            boolean cut = false;
            out.println("capacity: " + CapacityWords.budgets(plan.capacity.budgets) + " (" + plan.settings.size
                    + "-byte messages):");
            for (Map.Entry<String, CapacitySearch> e : searches.entrySet()) {
                CapacitySearch.Bracket b = e.getValue().bracket();
                out.printf(Locale.ROOT, "  %-16s %s, %s (%s): %s%n", e.getKey(),
                        b.held > 0 ? String.format(Locale.ROOT, "held at %,d msg/s", b.held) : "held at no rate tried",
                        b.broke > 0 ? String.format(Locale.ROOT, "did not hold at %,d msg/s", b.broke)
                        : "every rate tried held", Units.count(e.getValue().steps().size(), "step"),
                        CapacityWords.end(e.getValue().end()));
                cut |= e.getValue().cutShort();
            }
            matrix.printEnd(plan, runDir);
            return cut ? ExitCode.NOT_VALID.code : ExitCode.OK.code;
        }
    }
}
