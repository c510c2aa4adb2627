package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.wings.beside.PublishedFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** beside TABLE DIR as a user runs it: the screen's size, the files, and bad input as one line and exit 2. */
class BesideCommandTest {
    @TempDir
    Path tmp;

    /** The exit code, then stdout and stderr together. */
    private static Object[] run(String... args) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, "UTF-8");
        PrintStream systemOut = System.out;
        System.setOut(out); // beside prints its screen on stdout
        try {
            int code = new QueuePerformance(args, out, out).execute();
            return new Object[] {code, new String(bytes.toByteArray(), StandardCharsets.UTF_8)};
        } finally {
            System.setOut(systemOut);
        }
    }

    private static void assertScreen(String screen, int rows) {
        List<String> lines = Arrays.asList(screen.split("\n"));
        assertTrue(lines.size() <= 25, lines.size() + " lines:\n" + screen);
        for (String line : lines) {
            assertTrue(line.length() <= 120, line.length() + " columns: " + line);
        }
        assertEquals(rows, lines.stream().filter(l -> l.matches("(p[0-9.]+|worst) .*")).count(), screen);
    }

    @Test
    void aRunBesideTheShippedTableIsOneScreenAndTwoFiles() throws Exception {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        Path out = tmp.resolve("out");
        Object[] r = run("beside", PublishedFixture.SHIPPED.toString(), run.toString(), "--output", out.toString());
        assertEquals(0, r[0], (String) r[1]);
        assertScreen((String) r[1], 11);
        assertTrue(Files.isRegularFile(out.resolve("beside.md")));
        assertTrue(Files.isRegularFile(out.resolve("beside.json")));
    }

    @Test
    void aMatrixOfFourJvmsShowsWhatFitsAndSaysWhereTheRestAre() throws Exception {
        Path matrix = Files.createDirectory(tmp.resolve("matrix"));
        new MatrixFixture().jvm("openjdk-11", 1.0, 1.1).jvm("openjdk-17", 1.0, 1.03).jvm("openjdk-21", 1.1, 1.2)
                .jvm("openjdk-25", 0.9, 1.0).write(matrix);
        Path out = tmp.resolve("out");
        Object[] r = run("beside", PublishedFixture.SHIPPED.toString(), matrix.toString(), "--output", out.toString());
        assertEquals(0, r[0], (String) r[1]);
        assertScreen((String) r[1], 11);
        String screen = (String) r[1];
        int shown = screen.split("\n")[4].split("ours: ", -1).length - 1;
        assertTrue(shown >= 2 && shown <= 3, screen);
        JsonNode jvms = new ObjectMapper().readTree(out.resolve("beside.json").toFile()).path("jvms");
        assertEquals(4, jvms.size(), "the JVMs the screen has no room for are in the files");
        java.util.Set<String> ids = new java.util.TreeSet<>();
        jvms.forEach(j -> ids.add(j.path("jvm").asText()));
        assertEquals(new java.util.TreeSet<>(Arrays.asList("openjdk-11", "openjdk-17", "openjdk-21", "openjdk-25")),
                ids);
    }

    @Test
    void aBrokenTableOrAnUnknownJvmIsOneLineAndExitTwo() throws Exception {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        Path broken = tmp.resolve("broken.yaml");
        String text = new String(Files.readAllBytes(PublishedFixture.SHIPPED), StandardCharsets.UTF_8);
        Files.write(broken, text.replace("unit: us", "unit: microseconds").getBytes(StandardCharsets.UTF_8));
        for (String[] args : new String[][] {{"beside", broken.toString(), run.toString()},
                {"beside", PublishedFixture.SHIPPED.toString(), run.toString(), "--jvm", "openjdk-21"},
                {"beside", PublishedFixture.SHIPPED.toString()}}) {
            Object[] r = run(args);
            String said = ((String) r[1]).trim();
            assertEquals(2, r[0], said);
            assertEquals(1, said.split("\n").length, said);
            assertTrue(said.startsWith("queue-latency: "), said);
        }
        Object[] r = run("beside", broken.toString(), run.toString());
        assertTrue(((String) r[1]).startsWith("queue-latency: " + broken + ":"), (String) r[1]);
        assertTrue(((String) r[1]).contains(": unit: ") && ((String) r[1]).contains("'microseconds'"), (String) r[1]);
    }
}
