package io.queuelatency.exit;

/**
 * What the user gave cannot be used: a bad option, a broken file, a directory that holds no results. Its
 * message is the one line the user sees, and every command exits with {@link ExitCode#BAD_INPUT}.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message, null, false, false);
    }
}
