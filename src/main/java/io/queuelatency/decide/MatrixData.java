package io.queuelatency.decide;

import io.queuelatency.exit.StoredFileException;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.json.ResultJson;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Host;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.store.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** A matrix report directory as stored: the plan, the environment, and every cell's outcome and result. */
public final class MatrixData {
    public final Path dir;
    public final MatrixPlan plan;
    /** Null when environment.json is missing. */
    public final Host environment;
    public final List<Cell> cells = new ArrayList<>();
    /** The host's floor cells in the order they ran (floor/1, floor/2, ...); empty where the plan has none. */
    public final List<StoredFloorCell> floorCells = new ArrayList<>();
    /** The slice these cells are of, where this is one slice of a sweep; null for the whole matrix. */
    public final Slice slice;

    /** One message size at one rate: the cells whose JVMs a sweep compares with each other. */
    public static final class Slice {
        public final int size;
        public final long rate;

        public Slice(int size, long rate) {
            this.size = size;
            this.rate = rate;
        }

        public String label() {
            return String.format(java.util.Locale.ROOT, "%,d B at %,d msg/s", size, rate);
        }

        /** "-S256-R100000", for file names. */
        public String suffix() {
            return "-S" + size + "-R" + rate;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Slice && ((Slice) o).size == size && ((Slice) o).rate == rate;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(rate) * 31 + size;
        }
    }

    public static final class Cell {
        public final CellId id;
        public final MatrixPlan.PlannedJvm jvm;
        public final Slice slice;
        public final Path dir;
        /** Null when the cell has not ended. */
        public final CellOutcome outcome;
        /** Null unless the cell finished with result files. */
        public final RunResult result;
        private Estimate.StoredRun run;

        public Cell(CellId id, MatrixPlan.PlannedJvm jvm, Slice slice, Path dir, CellOutcome outcome,
                RunResult result) {
            this.id = id;
            this.jvm = jvm;
            this.slice = slice;
            this.dir = dir;
            this.outcome = outcome;
            this.result = result;
        }

        public boolean valid() {
            return outcome != null && outcome.status == CellOutcome.Status.VALID && result != null;
        }

        /** The cell's stored run, made once, so that its latency.hlog is decoded at most once a definition. */
        public Estimate.StoredRun run() {
            if (run == null) {
                run = new Estimate.StoredRun(id.toString(), result, dir);
            }
            return run;
        }
    }

    /** One floor cell of the matrix: its number, its directory, and what it measured (null: it did not finish). */
    public static final class StoredFloorCell {
        public final int number;
        public final Path dir;
        public final io.queuelatency.result.FloorCell result;

        public StoredFloorCell(int number, Path dir, io.queuelatency.result.FloorCell result) {
            this.number = number;
            this.dir = dir;
            this.result = result;
        }

        public String name() {
            return MatrixFiles.FLOOR_DIR + "/" + number;
        }
    }

    public MatrixData(Path dir, MatrixPlan plan, Host environment, Slice slice) {
        this.dir = dir;
        this.plan = plan;
        this.environment = environment;
        this.slice = slice;
    }

    /** The (size, rate) slices of the matrix, in the order its cells run; one unless it sweeps. */
    public List<Slice> slices() {
        List<Slice> slices = cells.stream().map(c -> c.slice).distinct().collect(Collectors.toList());
        if (slices.isEmpty()) {
            slices.add(new Slice(plan.settings.size, plan.settings.rate));
        }
        return slices;
    }

    public boolean sweeps() {
        return slices().size() > 1;
    }

    /** The cells of one slice, as a matrix of their own for the estimates and verdicts. */
    public MatrixData slice(Slice s) {
        MatrixData of = new MatrixData(dir, plan, environment, s);
        of.floorCells.addAll(floorCells); // the host's floor is the matrix's, the same for every slice
        cells.stream().filter(c -> c.slice.equals(s)).forEach(of.cells::add);
        return of;
    }

    /** The matrix as it stood after round {@code round}: its cells and floor cells 1 to round + 1. */
    public MatrixData upToRound(int round) {
        MatrixData of = new MatrixData(dir, plan, environment, slice);
        floorCells.stream().filter(f -> f.number <= (long) round + 1).forEach(of.floorCells::add);
        cells.stream().filter(c -> c.id.run <= round).forEach(of.cells::add);
        return of;
    }

    /** The highest run number of any cell: a fixed plan's runs, or the rounds --runs auto has listed. */
    public int mostRuns() {
        return cells.stream().mapToInt(c -> c.id.run).max().orElse(0);
    }

    /** Reads every stored file of the matrix; a broken one is one line naming it (bad input). */
    public static MatrixData load(Path dir) {
        MatrixPlan plan = MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON));
        Path envFile = dir.resolve(MatrixFiles.ENVIRONMENT_JSON);
        MatrixData data = new MatrixData(dir, plan,
                Files.isRegularFile(envFile) ? ResultJson.readEnvironment(envFile) : null, null);
        for (CellId id : plan.cells) {
            Path cellDir = cellDir(dir, id);
            CellOutcome outcome = outcome(dir, id);
            RunResult result = outcome != null && ResultFiles.isRun(cellDir) ? ResultFiles.read(cellDir) : null;
            MatrixPlan.PlannedJvm jvm = plan.jvm(id.jvm);
            if (jvm == null) {
                throw new StoredFileException(dir.resolve(MatrixFiles.MATRIX_JSON),
                        "cell " + id + " names JVM " + id.jvm + ", which the plan does not list");
            }
            data.cells.add(new Cell(id, jvm, new Slice(plan.size(id), plan.rate(id)), cellDir, outcome, result));
        }
        if (plan.hostFloor != null) {
            data.floorCells.addAll(floorCells(dir.resolve(MatrixFiles.FLOOR_DIR)));
        }
        return data;
    }

    public static Path cellDir(Path runDir, CellId cell) {
        return runDir.resolve(MatrixFiles.CELLS_DIR).resolve(cell.toString());
    }

    /** How a cell ended, or null when it has not (no cell.json: not run, or cut short). */
    public static CellOutcome outcome(Path runDir, CellId cell) {
        Path file = cellDir(runDir, cell).resolve(MatrixFiles.CELL_JSON);
        return Files.isRegularFile(file) ? ResultJson.readCell(file) : null;
    }

    /** floor/1, floor/2, ... as stored, in their order; one without a floor.json did not finish. */
    private static List<StoredFloorCell> floorCells(Path floorDir) {
        java.util.TreeMap<Integer, StoredFloorCell> byNumber = new java.util.TreeMap<>();
        String[] names = floorDir.toFile().list();
        for (String name : names == null ? new String[0] : names) {
            Path d = floorDir.resolve(name);
            if (!name.matches("[1-9][0-9]{0,5}") || !Files.isDirectory(d)) {
                continue; // a floor cell's log while it runs (.2.log), or nothing of ours
            }
            Path file = d.resolve(MatrixFiles.FLOOR_JSON);
            int k = Integer.parseInt(name);
            byNumber.put(k,
                    new StoredFloorCell(k, d, Files.isRegularFile(file) ? ResultJson.readFloorCell(file) : null));
        }
        return new ArrayList<>(byNumber.values());
    }

    public List<Cell> cellsOf(MatrixPlan.PlannedJvm jvm) {
        return cells.stream().filter(c -> c.jvm == jvm).collect(Collectors.toList());
    }

    public List<Cell> validCellsOf(MatrixPlan.PlannedJvm jvm) {
        return cells.stream().filter(c -> c.jvm == jvm && c.valid()).collect(Collectors.toList());
    }

    /** The JVMs that ran and have at least one valid cell, in the plan's order. */
    public List<MatrixPlan.PlannedJvm> measuredJvms() {
        return plan.jvms.stream().filter(j -> j.available && !validCellsOf(j).isEmpty()).collect(Collectors.toList());
    }

    /**
     * The valid runs that count for a JVM's statistics: without a skipped run 1, nor one on another pair relation, nor
     * a profiled one unless {@link ProfiledRuns#count} lets the profiled runs count.
     */
    public List<Estimate.StoredRun> statisticRuns(MatrixPlan.PlannedJvm jvm) {
        return validCellsOf(jvm).stream().filter(c -> uncounted(c) == null).map(Cell::run).collect(Collectors.toList());
    }

    /** Why a valid run is not one of its JVM's {@link #statisticRuns}. */
    public enum Uncounted { SKIPPED_FIRST, ANOTHER_PAIR, PROFILED }

    /** Null where the valid cell {@code c} counts. */
    public Uncounted uncounted(Cell c) {
        if (plan.settings.skipFirst && c.id.run == 1) {
            return Uncounted.SKIPPED_FIRST;
        }
        if (onAnotherPair(c, pairRelation())) {
            return Uncounted.ANOTHER_PAIR;
        }
        return profiledRuns().count || !ProfiledRuns.profiled(c) ? null : Uncounted.PROFILED;
    }

    private ProfiledRuns profiled;

    /** Whether the profiled runs count, and why, judged once from the stored cells. */
    public ProfiledRuns profiledRuns() {
        if (profiled == null) {
            profiled = ProfiledRuns.judge(this);
        }
        return profiled;
    }

    /**
     * The relation of the CPU pair the matrix's estimates rest on: the one most of its valid cells recorded (a tie: the
     * earliest's); null where none recorded one. A cell on another relation measured another hand-off and is left out,
     * so that no JVM's runs pool two relations and no two JVMs are compared across them.
     */
    public CpuPair.Relation pairRelation() {
        if (!relationFound) {
            relation = mostRecordedRelation();
            relationFound = true;
        }
        return relation;
    }

    private CpuPair.Relation relation;
    private boolean relationFound;

    /** Found once from the stored cells, as {@link #profiledRuns} is judged once. */
    private CpuPair.Relation mostRecordedRelation() {
        java.util.Map<CpuPair.Relation, Integer> count = new java.util.LinkedHashMap<>();
        for (Cell c : cells) {
            CpuPair pair = c.valid() ? c.result.host.cpuPair : null;
            if (pair != null) {
                count.merge(pair.relation, 1, Integer::sum);
            }
        }
        // max keeps the first of equal counts: a tie goes to the earliest
        return count.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).map(java.util.Map.Entry::getKey)
                .orElse(null);
    }

    /** The valid cells measured on another relation than {@link #pairRelation}'s, left out of the estimates. */
    public List<Cell> cellsOnAnotherPair() {
        return cells.stream().filter(c -> c.valid() && onAnotherPair(c, pairRelation())).collect(Collectors.toList());
    }

    /** Whether a cell recorded a pair of another relation than {@code relation}; never where either is unknown. */
    private static boolean onAnotherPair(Cell c, CpuPair.Relation relation) {
        CpuPair pair = c.result == null ? null : c.result.host.cpuPair;
        return relation != null && pair != null && pair.relation != relation;
    }

    /** The JVMs with at least one run that counts, in the plan's order. */
    public List<MatrixPlan.PlannedJvm> comparableJvms() {
        return measuredJvms().stream().filter(j -> !statisticRuns(j).isEmpty()).collect(Collectors.toList());
    }

    /** The host check of the first cell that recorded one: the matrix's host verdict; null when none did. */
    public io.queuelatency.result.HostFindings hostCheck() {
        return results().stream().map(r -> r.hostCheck).filter(Objects::nonNull).findFirst().orElse(null);
    }

    public List<RunResult> results() {
        return cells.stream().map(c -> c.result).filter(Objects::nonNull).collect(Collectors.toList());
    }

    /** The first stored result of {@code jvm}'s cells, or null: what the JVM was (its GC, its release). */
    public RunResult firstResult(MatrixPlan.PlannedJvm jvm) {
        return cellsOf(jvm).stream().map(c -> c.result).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** The pinned CPUs of the first cell with a result: "2, 4 (isolated)". */
    public String pinned() {
        return results().stream().findFirst().map(r -> r.config.pinnedProducerCpu + ", "
                + r.config.pinnedConsumerCpu + " (" + r.config.cpuChoice + ")").orElse("?");
    }
}
