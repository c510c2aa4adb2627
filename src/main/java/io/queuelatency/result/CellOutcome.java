package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/** cell.json: how one cell (one JVM, one run, one fresh process) ended, beside its single-run files. */
public final class CellOutcome {
    public static final String FILE_NAME = "cell.json";
    public static final String LOG_NAME = "run.log";

    public enum Status { VALID, INVALID, FAILED, TIMEOUT }

    public String cell;
    public String jvm;
    public int run;
    public Status status;
    public int exitCode;
    public String reason;
    public double seconds;
    /** The measured JVM's exact command line: copy it to reproduce the cell. */
    public List<String> command = new ArrayList<>();
}
