package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** cell.json: how one cell (one JVM, one run, one fresh process) ended, beside its single-run files. */
public final class CellOutcome {
    public static final int SCHEMA_VERSION = 2;

    public enum Status {
        VALID, INVALID, FAILED, TIMEOUT;

        /** VALID and INVALID cells finished; --resume reruns the others. */
        public boolean finished() {
            return this == VALID || this == INVALID;
        }
    }

    public final CellId cell;
    public final Status status;
    public final int exitCode;
    /** Why not valid; null when valid. */
    public final String reason;
    public final double seconds;
    /** The measured JVM's exact command line: copy it to reproduce the cell. */
    public final List<String> command;

    public CellOutcome(CellId cell, Status status, int exitCode, String reason, double seconds, List<String> command) {
        this.cell = cell;
        this.status = status;
        this.exitCode = exitCode;
        this.reason = reason;
        this.seconds = seconds;
        this.command = Collections.unmodifiableList(new ArrayList<>(command));
    }
}
