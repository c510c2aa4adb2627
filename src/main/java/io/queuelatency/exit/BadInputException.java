package io.queuelatency.exit;

/** What the user gave cannot be used: its message is the one line the user sees; the exit is BAD_INPUT. */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message, null, false, false);
    }
}
