package io.queuelatency.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report's formats: each its file, whole; none where it makes nothing; a failed one leaves no temporary file. */
class FormatTest {
    @TempDir
    Path dir;

    @Test
    void eachFormatWritesItsFileWholeAndOneThatMakesNothingWritesNone() throws IOException {
        List<Format<Integer>> formats = Arrays.asList(
                Format.text("a.txt", n -> "n=" + n + " \u00b5s\n"),
                Format.text("none.txt", n -> null),
                Format.of("b.bin", n -> tmp -> Files.write(tmp, new byte[] {(byte) (int) n})));
        Format.writeAll(7, dir, formats);
        assertArrayEquals("n=7 \u00b5s\n".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(dir.resolve("a.txt")));
        assertArrayEquals(new byte[] {7}, Files.readAllBytes(dir.resolve("b.bin")));
        assertFalse(Files.exists(dir.resolve("none.txt")));
        assertEquals(2, dir.toFile().list().length, Arrays.toString(dir.toFile().list()));
    }

    @Test
    void aFormatThatFailsLeavesTheOldFileAndNoTemporaryOne() throws IOException {
        Files.write(dir.resolve("a.txt"), new byte[] {1});
        Format<Integer> failing = Format.of("a.txt", n -> tmp -> {
            Files.write(tmp, new byte[] {2, 3});
            throw new IOException("disk full");
        });
        assertThrows(IOException.class, () -> Format.writeAll(1, dir, Arrays.asList(failing)));
        assertArrayEquals(new byte[] {1}, Files.readAllBytes(dir.resolve("a.txt")));
        assertEquals(1, dir.toFile().list().length, Arrays.toString(dir.toFile().list()));
    }
}
