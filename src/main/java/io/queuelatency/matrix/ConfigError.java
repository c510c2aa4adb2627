package io.queuelatency.matrix;

import io.queuelatency.exit.BadInputException;

/** A broken jvm-matrix.yaml: the message is "FILE:LINE: KEY: what is wrong", one line; bad input like any other. */
public final class ConfigError extends BadInputException {
    private static final long serialVersionUID = 1L;

    public ConfigError(String message) {
        super(message);
    }
}
