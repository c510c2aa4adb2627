package io.queuelatency.matrix;

/** A broken jvm-matrix.yaml: the message is "FILE:LINE: KEY: what is wrong", one line. */
public final class ConfigError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigError(String message) {
        super(message, null, false, false);
    }
}
