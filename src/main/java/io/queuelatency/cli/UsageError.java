package io.queuelatency.cli;

import io.queuelatency.exit.BadInputException;

/** Bad input on the command line: its message is the one line the user sees, and the exit code is 2. */
public class UsageError extends BadInputException {
    private static final long serialVersionUID = 1L;

    public UsageError(String message) {
        super(message);
    }
}
