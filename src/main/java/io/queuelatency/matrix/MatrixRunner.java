package io.queuelatency.matrix;

import io.queuelatency.decide.MatrixData;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.json.ResultJson;
import io.queuelatency.launch.MeasuredJvm;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Settings;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.store.RunMarker;
import io.queuelatency.text.Units;
import io.queuelatency.words.RunWords;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Runs a matrix's cells, each a fresh measured JVM ({@code QueuePerformance --no-fork}) writing its single-run
 * files into {@code cells/<cell>/}, its output in run.log and its outcome in cell.json, written last: a cell whose
 * cell.json says VALID or INVALID is finished, and --resume skips it. A cell that fails, crashes or overruns its
 * time limit is recorded with its log and the matrix goes on.
 */
public final class MatrixRunner {
    /** Startup, pinning, the GC before the schedule, writing files: what a cell takes beyond its warm-up and window. */
    private static final long OVERHEAD_GUESS_NS = 4_000_000_000L;
    static final String STUDY_MAIN = "io.queuelatency.QueuePerformance";

    /** How one cell's JVM is run: a fresh measured JVM ({@link MeasuredJvm}); tests give a fake. */
    public interface Launcher {
        /** Runs {@code main} on {@code java}, its output into {@code log}, stopped after {@code limitNs}. */
        Launched run(Path java, List<String> jvmOptions, String main, List<String> arguments, Path log, long limitNs)
                throws IOException, InterruptedException;
    }

    /**
     * What a launched cell JVM left: its exit code ({@link MeasuredJvm#TIMED_OUT} at its limit), pid and command; once
     * {@link #launch} is done with it, its time, its log and why it was killed (null: it was not).
     */
    public static final class Launched {
        final int exit;
        final long pid;
        final List<String> command;
        double seconds;
        String log;
        String killed;

        public Launched(int exit, long pid, List<String> command) {
            this.exit = exit;
            this.pid = pid;
            this.command = command;
        }
    }

    private final MatrixPlan plan;
    private final Path runDir;
    private final Launcher launcher;
    private final PrintStream progress;
    private final Runnable afterEachCell;
    /** Null where each cell measures its floor inside its JVM, or none. */
    private final HostFloorCells floorCells;
    private volatile boolean stopping;
    private long overheadNs = OVERHEAD_GUESS_NS;
    private long spentOverheadNs;
    private int cellsRun;

    public MatrixRunner(MatrixPlan plan, Path runDir, String classPath, PrintStream progress, Runnable afterEachCell) {
        this(plan, runDir, (java, options, main, args, log, limitNs) -> {
            MeasuredJvm measured = new MeasuredJvm(java, options, classPath, main, args);
            int exit = measured.runLogged(log, limitNs);
            return new Launched(exit, measured.pid(), measured.command());
        }, progress, afterEachCell);
    }

    public MatrixRunner(MatrixPlan plan, Path runDir, Launcher launcher, PrintStream progress, Runnable afterEachCell) {
        this.plan = plan;
        this.runDir = runDir;
        this.launcher = launcher;
        this.progress = progress;
        this.afterEachCell = afterEachCell;
        this.floorCells = plan.hostFloor == null ? null : new HostFloorCells(plan, runDir, this, progress);
    }

    /** How long {@code cells} take; with floor cells, one more floor cell than the rounds {@code cells} span. */
    public static long estimateNs(MatrixPlan plan, List<CellId> cells) {
        long total = cells.stream().mapToLong(cell -> cellEstimateNs(plan, cell)).sum();
        long rounds = cells.stream().mapToInt(cell -> cell.run).distinct().count();
        return total + (plan.hostFloor == null || cells.isEmpty() ? 0
                : (rounds + 1) * HostFloorCells.cellNs(plan.settings));
    }

    public static long cellEstimateNs(MatrixPlan plan, CellId cell) {
        return measuredNs(plan, plan.jvm(cell.jvm)) + OVERHEAD_GUESS_NS;
    }

    /** A cell's warm-up, window and the floor it measures inside its JVM, warm-up included (none with floor cells). */
    private static long measuredNs(MatrixPlan plan, MatrixPlan.PlannedJvm jvm) {
        return jvm.warmupNs + plan.settings.durationNs + (plan.hostFloor == null ? 2 * plan.settings.floorNs : 0);
    }

    /** The outcome of a finished cell (valid or not), or null when it has not run, failed or did not finish. */
    public static CellOutcome finished(Path runDir, CellId cell) {
        CellOutcome outcome = MatrixData.outcome(runDir, cell);
        return outcome != null && outcome.status.finished() ? outcome : null;
    }

    /** The plan as it stands (--runs auto's rounds, a search's steps) into matrix.json, for the report and --resume. */
    public void savePlan() {
        try {
            MatrixPlanJson.write(plan, runDir.resolve(MatrixFiles.MATRIX_JSON));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** From a shutdown hook: start no further cell, and record nothing for the one cut short (--resume reruns it). */
    public void stop() {
        stopping = true;
    }

    public boolean stopped() {
        return stopping;
    }

    /** Runs every cell not finished yet; returns how many ran. */
    public int run() throws IOException, InterruptedException {
        List<CellId> todo = plan.cells.stream().filter(cell -> finished(runDir, cell) == null)
                .collect(Collectors.toList());
        int skipped = plan.cells.size() - todo.size();
        if (skipped > 0) {
            progress.printf(Locale.ROOT, "matrix: %d of %d cells finished already, %d to run%n", skipped,
                    plan.cells.size(), todo.size());
        }
        if (todo.isEmpty() && !plan.cells.isEmpty()) {
            roundEnded(plan.cells.get(plan.cells.size() - 1).run); // every cell ran: the last floor cell, if it did not
        }
        for (int i = 0; i < todo.size() && !stopping; i++) {
            CellId cell = todo.get(i);
            if (i == 0) {
                roundBegins(cell.run); // the floor cells due before it that have not run (a resumed matrix)
            }
            MatrixPlan.PlannedJvm jvm = plan.jvm(cell.jvm);
            long cellNs = cellNs(jvm);
            long matrixNs = todo.subList(i, todo.size()).stream().mapToLong(c -> cellNs(plan.jvm(c.jvm))).sum();
            CellOutcome outcome =
                    run(cell, String.format(Locale.ROOT, "[%d/%d] %s: %s; cell ETA %s, matrix ETA %s", skipped + i + 1,
                    plan.cells.size(), cell, jvm.label, Units.minutes(cellNs), Units.minutes(matrixNs)));
            if (outcome == null) {
                return i;
            }
            if (i + 1 == todo.size() || todo.get(i + 1).run != cell.run) {
                roundEnded(cell.run);
            }
        }
        return todo.size();
    }

    /**
     * Before the first cell of {@code round}: the host's floor cells due by then that have not run (a --resume), the
     * first (floor cell 1; a share's: its first round's) whatever the round.
     */
    void roundBegins(int round) throws IOException, InterruptedException {
        if (floorCells != null) {
            floorCells.due(Math.max(plan.floorCellNumbers().get(0), round));
        }
    }

    /** When a round's last cell has run (of every JVM, or of every one still open): the floor cell after it. */
    void roundEnded(int round) throws IOException, InterruptedException {
        if (floorCells != null) {
            floorCells.due(round + 1);
        }
    }

    /**
     * Runs one cell, its {@code heading} first and its outcome after; null when the matrix was stopped while it ran.
     * Each cell's time beyond what it measures refines the guess of the next's.
     */
    public CellOutcome run(CellId cell, String heading) throws IOException, InterruptedException {
        MatrixPlan.PlannedJvm jvm = plan.jvm(cell.jvm);
        progress.println(heading);
        long start = System.nanoTime();
        CellOutcome outcome = runCell(cell, jvm);
        if (outcome == null) {
            progress.printf(Locale.ROOT, "      stopped; --resume %s runs it again%n", runDir);
            return null;
        }
        progress.printf(Locale.ROOT, "      %s%s (%.0f s)%n", outcome.status,
                outcome.reason == null ? "" : ": " + outcome.reason, outcome.seconds);
        afterEachCell.run();
        // the report rebuilt after it is the cell's time too: it grows with the cells (4 min a round of 11 seen)
        long tookNs = System.nanoTime() - start;
        spentOverheadNs += Math.max(0, tookNs - measuredNs(plan, jvm));
        overheadNs = spentOverheadNs / ++cellsRun;
        return outcome;
    }

    /** What one cell of {@code jvm} takes, with the overhead seen so far. */
    public long cellNs(MatrixPlan.PlannedJvm jvm) {
        return measuredNs(plan, jvm) + overheadNs;
    }

    /** Null when the matrix was stopped while the cell ran. */
    private CellOutcome runCell(CellId cell, MatrixPlan.PlannedJvm jvm) throws IOException, InterruptedException {
        Path dir = MatrixData.cellDir(runDir, cell);
        Launched launched = launch(dir, cell.toString(), jvm.javaHome, jvm.jvmOptions, arguments(jvm, cell, dir),
                measuredNs(plan, jvm) + plan.settings.cellGraceNs);
        if (launched == null) {
            return null;
        }
        CellOutcome outcome = judge(cell, jvm, dir, launched,
                launched.killed != null ? "the measured JVM was " + launched.killed : launched.log, launched.seconds);
        ResultJson.write(dir.resolve(MatrixFiles.CELL_JSON), outcome);
        return outcome;
    }

    /**
     * Runs a cell's (or a floor cell's, {@code name}d) JVM, {@code javaHome}'s java, into {@code dir}, after an earlier
     * attempt's folder; its log read, then moved into the folder as run.log. Null when the matrix was stopped while it
     * ran.
     */
    Launched launch(Path dir, String name, String javaHome, List<String> jvmOptions, List<String> args, long limitNs)
            throws IOException, InterruptedException {
        for (Path earlier : new Path[] {dir, ResultFiles.stagingFor(dir)}) {
            if (Files.exists(earlier, LinkOption.NOFOLLOW_LINKS)) {
                deleteCell(earlier); // an earlier attempt that failed or was cut short: ours to replace
            }
        }
        Files.createDirectories(dir.getParent());
        Path log = dir.resolveSibling("." + name + ".log");
        long start = System.nanoTime();
        Launched launched =
                launcher.run(Paths.get(javaHome, "bin", "java"), jvmOptions, STUDY_MAIN, args, log, limitNs);
        launched.seconds = (System.nanoTime() - start) / 1e9;
        if (stopping) {
            return null; // cut short by our own stop: not a result, and not a failure (--resume runs it again)
        }
        launched.log = Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        launched.killed = cleanUpAfterKill(launched.pid, launched.exit, defaultQueueParent(), dir, MeasuredJvm.SIGTERM);
        Files.createDirectories(dir);
        if (Files.exists(log)) {
            Files.move(log, dir.resolve(MatrixFiles.RUN_LOG), StandardCopyOption.REPLACE_EXISTING);
        }
        return launched;
    }

    /**
     * A measured JVM killed by a signal (ours at its time limit, the OOM killer, a crash) cannot remove its queue
     * directory (under {@code queueParent}) or {@code dir}'s staging folder: removes them where its marker proves them
     * its. How it ended, "killed by signal 9 (KILL); removed what it left: ..."; null where it was not killed, or was
     * stopped by one of {@code stops} and left nothing.
     */
    public static String cleanUpAfterKill(long pid, int exit, Path queueParent, Path dir, int... stops) {
        int signal = MeasuredJvm.signalOf(exit);
        if (pid <= 0 || (signal == 0 && exit != MeasuredJvm.TIMED_OUT)) {
            return null;
        }
        List<String> removed = new ArrayList<>(RunMarker.removeMarked(queueParent,
                RunMarker.QUEUE_DIR_PREFIX + pid + "-", marker -> marker.pid == pid));
        String staging = ResultFiles.removeStagingLeftBy(pid, dir);
        if (staging != null) {
            removed.add(staging);
        }
        if (signal == 0 || (IntStream.of(stops).anyMatch(stop -> stop == signal) && removed.isEmpty())) {
            return null;
        }
        return "killed by signal " + signal + " (" + MeasuredJvm.signalName(signal) + "); "
                + (removed.isEmpty() ? "it left nothing behind"
                : "removed what it left: " + String.join(", ", removed));
    }

    /** Where a cell's queue lives: cells run with the default --queue-dir. */
    private static Path defaultQueueParent() {
        Path shm = Paths.get("/dev/shm");
        return Files.isDirectory(shm) ? shm : Paths.get(System.getProperty("java.io.tmpdir"));
    }

    /** The cell's outcome from how its JVM ended ({@code launched}), its log (or why it was killed), what it left. */
    private static CellOutcome judge(CellId cell, MatrixPlan.PlannedJvm jvm, Path dir, Launched launched, String log,
                                     double seconds) {
        int exit = launched.exit;
        boolean hasResult = ResultFiles.isRun(dir);
        CellOutcome.Status status;
        String reason;
        if (exit == MeasuredJvm.TIMED_OUT) {
            status = CellOutcome.Status.TIMEOUT;
            reason = "still running past its time limit; stopped";
        } else if (!hasResult || !ExitCode.finishedWithResult(exit)) {
            status = CellOutcome.Status.FAILED;
            reason = "exit code " + exit + ": " + lastLine(log);
        } else if (jvm.requiresGraalProof && !GraalCompiler.activeIn(log)) {
            status = CellOutcome.Status.FAILED;
            reason = "the Graal compiler did not report itself active (no ShowConfiguration line in run.log): "
                    + "a C2 result must not pass for GraalVM";
        } else {
            RunResult result = ResultFiles.read(dir);
            status = result.valid() ? CellOutcome.Status.VALID : CellOutcome.Status.INVALID;
            reason = result.valid() ? null : RunWords.joinedReasons(result.validity.invalidReasons);
        }
        return new CellOutcome(cell, status, exit, reason, seconds, launched.command);
    }

    /** The matrix's CPUs, where it names them: every cell, the floor cells too, runs on the same pair. */
    static void pinned(Settings s, List<String> args) {
        if (s.producerCpu != null) {
            args.add("--producer-cpu");
            args.add(s.producerCpu.toString());
        }
        if (s.consumerCpu != null) {
            args.add("--consumer-cpu");
            args.add(s.consumerCpu.toString());
        }
    }

    private List<String> arguments(MatrixPlan.PlannedJvm jvm, CellId cell, Path dir) {
        Settings s = plan.settings;
        List<String> args = new ArrayList<>(Arrays.asList(
                "--rate", Long.toString(plan.rate(cell)), "--size", Integer.toString(plan.size(cell)),
                "--warmup", (jvm.warmupNs / 1_000_000) + "ms", "--duration", (s.durationNs / 1_000_000) + "ms",
                "--floor", (plan.hostFloor == null ? s.floorNs / 1_000_000 : 0) + "ms",
                "--output", dir.toString(), "--quiet", "--no-fork"));
        pinned(s, args);
        if (s.kernelTrace != null && !"auto".equals(s.kernelTrace)) {
            args.add("--kernel-trace=" + s.kernelTrace);
        }
        if (s.workload != null) {
            args.add("--workload=" + s.workload);
        }
        if (s.workloadJar != null) {
            args.add("--workload-jar=" + s.workloadJar);
        }
        if (s.probes) {
            args.add("--probes");
        }
        if (MatrixPlan.profiled(s, cell.run)) {
            args.add("--profile=" + s.profile);
            if (s.profileIntervalNs != null) {
                args.add("--profile-interval=" + s.profileIntervalNs / 1_000_000 + "ms");
            }
        }
        args.addAll(jvm.studyOptions);
        return args;
    }

    static String lastLine(String log) {
        String[] lines = log.trim().split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String line = lines[i].trim();
            if (!line.isEmpty() && !line.startsWith("at ")) {
                return line.length() > 300 ? line.substring(0, 300) + "..." : line;
            }
        }
        return "(no output)";
    }

    /** Removes one cell's (or floor cell's) folder: only the files a cell writes, then the folder. */
    private static void deleteCell(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    Files.delete(f);
                }
            }
        }
        Files.delete(dir);
    }
}
