package io.queuelatency.matrix;

import io.queuelatency.host.JvmIdentity;
import io.queuelatency.json.ResultJson;
import io.queuelatency.launch.JvmFlags;
import io.queuelatency.result.FloorCell;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Settings;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.text.Units;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The host's floor of a matrix, in cells of its own: a fresh JVM of the matrix's own java ({@link
 * MatrixPlan#hostFloor}, not a JVM under test) measures the bare hand-off between the cells' CPUs into
 * {@code floor/<k>/} ({@code QueuePerformance --floor-only}). Floor cell 1 runs before the first round of cells and
 * floor cell k+1 after round k, so that the floor's drift over the matrix shows. One with a floor.json is finished.
 */
public final class HostFloorCells {
    /** A JVM's start, without a queue, a window or files beyond one: what a floor cell takes beyond its floor. */
    private static final long OVERHEAD_GUESS_NS = 1_000_000_000L;

    private final MatrixPlan plan;
    private final Path runDir;
    /** The matrix's runner: it launches the floor cells as its cells, and knows whether the matrix is stopping. */
    private final MatrixRunner runner;
    private final PrintStream progress;

    HostFloorCells(MatrixPlan plan, Path runDir, MatrixRunner runner, PrintStream progress) {
        this.plan = plan;
        this.runDir = runDir;
        this.runner = runner;
        this.progress = progress;
    }

    /** The floor cells' java: the one running this (run-matrix.sh's), with the flags the tool gives its version. */
    public static MatrixPlan.HostFloorPlan thisJava() {
        MatrixPlan.HostFloorPlan f = new MatrixPlan.HostFloorPlan();
        f.javaHome = System.getProperty("java.home");
        f.version = System.getProperty("java.runtime.version", System.getProperty("java.version"));
        f.vmName = System.getProperty("java.vm.name");
        f.major = JvmIdentity.currentMajorVersion();
        f.jvmOptions.addAll(JvmFlags.forMajor(f.major));
        return f;
    }

    /** What one floor cell takes: its warm-up and floor, and the start-up guess. */
    public static long cellNs(Settings s) {
        return 2 * s.floorNs + OVERHEAD_GUESS_NS;
    }

    public static Path dir(Path runDir, int k) {
        return runDir.resolve(MatrixFiles.FLOOR_DIR).resolve(Integer.toString(k));
    }

    public static boolean finished(Path runDir, int k) {
        return Files.isRegularFile(dir(runDir, k).resolve(MatrixFiles.FLOOR_JSON));
    }

    /**
     * The plan's floor cells up to {@code last} (floor cell k runs before round k of cells, k+1 after it), each unless
     * finished; none once the matrix is stopping.
     */
    void due(int last) throws IOException, InterruptedException {
        for (int k : plan.floorCellNumbers()) {
            if (k <= last && !runner.stopped() && !finished(runDir, k)) {
                run(k);
            }
        }
    }

    private void run(int k) throws IOException, InterruptedException {
        Path dir = dir(runDir, k);
        progress.printf(Locale.ROOT, "[floor %d] the host's floor, on %s %s; ETA %s%n", k, plan.hostFloor.vmName,
                plan.hostFloor.version, Units.minutes(cellNs(plan.settings)));
        MatrixRunner.Launched launched = runner.launch(dir, Integer.toString(k), plan.hostFloor.javaHome,
                plan.hostFloor.jvmOptions, arguments(dir), 2 * plan.settings.floorNs + plan.settings.cellGraceNs);
        if (launched == null) {
            return;
        }
        if (!finished(runDir, k)) {
            progress.printf(Locale.ROOT, "      FAILED: exit code %d: %s (%.0f s); --resume %s measures it again%n",
                    launched.exit, MatrixRunner.lastLine(launched.log), launched.seconds, runDir);
            return;
        }
        FloorCell cell = ResultJson.readFloorCell(dir.resolve(MatrixFiles.FLOOR_JSON));
        progress.printf(Locale.ROOT, "      floor p50 %s, p99 %s (%.0f s)%n",
                Units.ns(cell.floor.intended.ns(Percentile.P50)), Units.ns(cell.floor.intended.ns(Percentile.P99)),
                launched.seconds);
    }

    /** The matrix's rate, floor and CPUs; nothing of a JVM under test. */
    private List<String> arguments(Path dir) {
        Settings s = plan.settings;
        List<String> args = new ArrayList<>(Arrays.asList("--floor-only", "--no-fork",
                "--rate", Long.toString(s.rate), "--floor", (s.floorNs / 1_000_000) + "ms",
                "--output", dir.toString()));
        MatrixRunner.pinned(s, args);
        return args;
    }
}
