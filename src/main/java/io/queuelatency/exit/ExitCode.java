package io.queuelatency.exit;

/** How every command ends: the numbers are the contract with scripts and CI jobs (README.md lists them). */
public enum ExitCode {
    /** A valid run; every cell valid; nothing regressed; the host is publishable. */
    OK(0),
    /** The run failed: a thread died, the disk filled, the measured JVM was killed. */
    FAILED(1),
    /** Bad input: one line says what, nothing was created. */
    BAD_INPUT(2),
    /** The run finished but is not valid (the verdict says why); some cells not valid. */
    NOT_VALID(3),
    /** Stopped by SIGTERM or Ctrl-C, as the JVM itself would exit (128 + 15). */
    STOPPED(143);

    public final int code;

    ExitCode(int code) {
        this.code = code;
    }

    /** A measured JVM that ended with this code wrote a complete result (valid or not). */
    public static boolean finishedWithResult(int code) {
        return code == OK.code || code == NOT_VALID.code;
    }
}
