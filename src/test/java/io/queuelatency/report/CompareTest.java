package io.queuelatency.report;

import io.queuelatency.decide.Comparer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {
    @TempDir
    Path tmp;

    @Test
    void twoReportsFromTheSameHostCompareJvmByJvmAgainstTheGoldenOutput() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97, 1.01, 0.99).write(a);
        new MatrixFixture().jvm("openjdk-17", 2.0, 2.06, 1.94, 2.02, 1.98).write(b);
        Comparer c = Comparer.of(a, b);
        assertTrue(c.differences.isEmpty());
        String md = CompareMarkdown.render(c).replace(a.toString(), "A_DIR").replace(b.toString(), "B_DIR");
        Path golden = Paths.get("src/test/resources/golden/compare.md");
        if (Boolean.getBoolean("golden.update")) {
            Files.write(golden, md.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(new String(Files.readAllBytes(golden), StandardCharsets.UTF_8), md);
        assertTrue(md.contains("Same host and settings"));
        assertEquals(Comparer.Change.REGRESSED, c.rows.get(0).verdict, "the median doubled");
        assertTrue(c.regressed(), "a CI job can gate on it");
        assertTrue(CompareJson.render(c).get("regressed").asBoolean());
    }

    @Test
    void theSameRunsDoNotRegressAndDifferentHostsAreWarnedAboutLoudly() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).write(a);
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).write(b);
        MatrixFixture.environment(b, "Other CPU 1000", "5.4.0");
        Comparer c = Comparer.of(a, b);
        String md = CompareMarkdown.render(c);
        assertTrue(md.contains("**WARNING: A and B were measured on different hosts or with different settings"), md);
        assertTrue(md.contains("- cpuModel: A Test CPU 9000, B Other CPU 1000"), md);
        assertTrue(md.contains("- kernel: A 6.1.0-test, B 5.4.0"), md);
        assertFalse(md.contains("Same host and settings"));
        assertFalse(c.regressed());
        assertTrue(c.rows.get(0).verdict != Comparer.Change.REGRESSED && c.rows.get(0).verdict != Comparer.Change.IMPROVED);
    }
}
