package io.queuelatency.report;

import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.IntervalLog;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.ResultFiles;
import io.queuelatency.result.RunResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A matrix report directory as stored: the plan, the environment, and every cell's outcome and result. */
final class MatrixData {
    final Path dir;
    final MatrixPlan plan;
    final Map<String, Object> environment;
    final List<Cell> cells = new ArrayList<>();

    static final class Cell {
        String id;
        MatrixPlan.Jvm jvm;
        int run;
        /** Null when the cell has not ended. */
        CellOutcome outcome;
        /** Null unless the cell finished with result files. */
        RunResult result;
        Path dir;

        boolean valid() {
            return outcome != null && outcome.status == CellOutcome.Status.VALID && result != null;
        }

        /** The measured window's histogram of one definition, summed from latency.hlog. */
        Histogram histogram(String tag) throws FileNotFoundException {
            return IntervalLog.sum(dir.resolve(IntervalLog.FILE_NAME), tag);
        }
    }

    private MatrixData(Path dir, MatrixPlan plan, Map<String, Object> environment) {
        this.dir = dir;
        this.plan = plan;
        this.environment = environment;
    }

    @SuppressWarnings("unchecked")
    static MatrixData load(Path dir) throws IOException {
        MatrixPlan plan = ResultFiles.readJson(dir.resolve(MatrixPlan.FILE_NAME), MatrixPlan.class);
        Path envFile = dir.resolve(MatrixReport.ENVIRONMENT_JSON);
        Map<String, Object> env = Files.isRegularFile(envFile) ? ResultFiles.readJson(envFile, Map.class) : new LinkedHashMap<>();
        MatrixData data = new MatrixData(dir, plan, env);
        for (String id : plan.cells) {
            Cell c = new Cell();
            c.id = id;
            c.jvm = plan.jvm(id.substring(0, id.lastIndexOf("-run")));
            c.run = Integer.parseInt(id.substring(id.lastIndexOf("-run") + 4));
            c.dir = dir.resolve(MatrixPlan.CELLS_DIR).resolve(id);
            Path outcome = c.dir.resolve(CellOutcome.FILE_NAME);
            if (Files.isRegularFile(outcome)) {
                c.outcome = ResultFiles.readJson(outcome, CellOutcome.class);
                if (Files.isRegularFile(c.dir.resolve(ResultFiles.RESULT_JSON))) {
                    c.result = ResultFiles.read(c.dir);
                }
            }
            data.cells.add(c);
        }
        return data;
    }

    List<Cell> cellsOf(MatrixPlan.Jvm jvm) {
        List<Cell> of = new ArrayList<>();
        for (Cell c : cells) {
            if (c.jvm == jvm) {
                of.add(c);
            }
        }
        return of;
    }

    List<Cell> validCellsOf(MatrixPlan.Jvm jvm) {
        List<Cell> of = new ArrayList<>();
        for (Cell c : cellsOf(jvm)) {
            if (c.valid()) {
                of.add(c);
            }
        }
        return of;
    }

    /** The JVMs that ran and have at least one valid cell, in the plan's order. */
    List<MatrixPlan.Jvm> measuredJvms() {
        List<MatrixPlan.Jvm> jvms = new ArrayList<>();
        for (MatrixPlan.Jvm j : plan.jvms) {
            if (j.available && !validCellsOf(j).isEmpty()) {
                jvms.add(j);
            }
        }
        return jvms;
    }

    /** The valid runs that count for a JVM's statistics: without run 1 when the plan says skipFirst. */
    List<Estimate.Run> statisticRuns(MatrixPlan.Jvm jvm) {
        List<Estimate.Run> runs = new ArrayList<>();
        for (Cell c : validCellsOf(jvm)) {
            if (!(plan.settings.skipFirst && c.run == 1)) {
                runs.add(new Estimate.Run(c.result, c.dir));
            }
        }
        return runs;
    }

    /** The JVMs with at least one run that counts, in the plan's order. */
    List<MatrixPlan.Jvm> comparableJvms() {
        List<MatrixPlan.Jvm> jvms = new ArrayList<>();
        for (MatrixPlan.Jvm j : measuredJvms()) {
            if (!statisticRuns(j).isEmpty()) {
                jvms.add(j);
            }
        }
        return jvms;
    }

    /** The median over a JVM's valid cells of one percentile (index into Percentiles.REPORTED). */
    long median(MatrixPlan.Jvm jvm, String definition, int percentileIndex, boolean beyond) {
        List<Long> values = new ArrayList<>();
        for (Cell c : validCellsOf(jvm)) {
            RunResult.PercentileValue p = c.result.latency.get(definition).percentiles.get(percentileIndex);
            values.add(beyond ? p.beyond : p.valueNs);
        }
        values.sort(null);
        int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }
}
