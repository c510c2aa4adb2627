package io.queuelatency.store;

/**
 * A matrix's directory, written by the matrix before and while its cells run, and read back to resume it or to
 * report on it:
 * <pre>
 *   matrix.json        the plan (MatrixPlanJson), written before the first cell
 *   environment.json   the host (ResultJson), beside the plan
 *   cells/&lt;cell id&gt;/  one per cell: cell.json (how it ended), run.log (what its JVM printed), its run's files
 *   floor/&lt;k&gt;/         the k-th floor cell (the host's floor, before the first round of cells and after each):
 *                      floor.json (what it measured, written last: the floor cell is finished), run.log
 * </pre>
 */
public final class MatrixFiles {
    public static final String MATRIX_JSON = "matrix.json";
    public static final String ENVIRONMENT_JSON = "environment.json";
    public static final String CELLS_DIR = "cells";
    public static final String CELL_JSON = "cell.json";
    public static final String RUN_LOG = "run.log";
    public static final String FLOOR_DIR = "floor";
    public static final String FLOOR_JSON = "floor.json";

    private MatrixFiles() {
    }
}
