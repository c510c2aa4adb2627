package io.queuelatency.cli;

/** Bad input: its message is the one line the user sees, and the exit code is 2. */
public class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageError(String message) {
        super(message, null, false, false);
    }
}
