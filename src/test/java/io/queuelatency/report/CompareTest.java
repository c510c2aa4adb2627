package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Comparer;
import io.queuelatency.decide.MatrixFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare's writers: compare.md against its golden output, and the warning when A and B differ. */
class CompareTest {
    @TempDir
    Path tmp;

    @Test
    void twoReportsFromTheSameHostCompareJvmByJvmAgainstTheGoldenOutput() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97, 1.01, 0.99).write(a);
        new MatrixFixture().jvm("openjdk-17", 2.0, 2.06, 1.94, 2.02, 1.98).write(b);
        Comparer c = Comparer.of(a, b, Analysis.DEFAULT_MARGIN);
        String md = CompareMarkdown.render(c).replace(a.toString(), "A_DIR").replace(b.toString(), "B_DIR");
        Path golden = Paths.get("src/test/resources/golden/compare.md");
        if (Boolean.getBoolean("golden.update")) {
            Files.write(golden, md.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(new String(Files.readAllBytes(golden), StandardCharsets.UTF_8), md);
        assertTrue(CompareJson.render(c).get("regressed").asBoolean());
        assertTrue(CompareJson.render(c).get("sameHostAndSettings").asBoolean());
    }

    @Test
    void differentHostsAreWarnedAboutLoudlyFactByFact() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).write(a);
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).write(b);
        MatrixFixture.environment(b, "Other CPU 1000", "5.4.0");
        Comparer c = Comparer.of(a, b, Analysis.DEFAULT_MARGIN);
        String md = CompareMarkdown.render(c);
        assertFalse(CompareJson.render(c).get("sameHostAndSettings").asBoolean());
        assertTrue(md.indexOf(Lines.startingWith(md, "**WARNING")) < md.indexOf("- cpuModel"),
                "the warning, then the facts");
        assertEquals("- cpuModel: A Test CPU 9000, B Other CPU 1000", Lines.startingWith(md, "- cpuModel"));
        assertEquals("- kernel: A 6.1.0-test, B 5.4.0", Lines.startingWith(md, "- kernel"));
        assertFalse(md.contains(String.join(", ", Comparer.FACTS)), "no line saying every fact matches: " + md);
        assertEquals("cpuModel: A Test CPU 9000, B Other CPU 1000",
                CompareJson.render(c).get("differences").get(0).asText());
    }
}
