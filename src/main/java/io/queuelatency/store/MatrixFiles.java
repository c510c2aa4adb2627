package io.queuelatency.store;

/** A matrix's directory, read back to resume it or to report on it; docs/output.md says what each file holds. */
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
