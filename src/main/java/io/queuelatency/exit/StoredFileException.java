package io.queuelatency.exit;

import java.nio.file.Path;

/** A stored file that is missing, truncated or corrupt: "FILE: what is wrong". */
public final class StoredFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    public StoredFileException(Path file, String problem) {
        super(file + ": " + problem);
    }
}
