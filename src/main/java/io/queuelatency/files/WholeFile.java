package io.queuelatency.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one way every file is written: under a hidden temporary name, then renamed over it, so that a reader sees the
 * old file or the new one, never half of one; a failed write leaves no temporary file behind.
 */
public final class WholeFile {
    private WholeFile() {
    }

    public interface Content {
        void writeTo(Path file) throws IOException;
    }

    public static void write(Path file, Content content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            content.writeTo(tmp);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static void write(Path file, String text) throws IOException {
        write(file, utf8(text));
    }

    public static Content utf8(String text) {
        return tmp -> Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
    }
}
