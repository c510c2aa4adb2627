package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixFixture;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.md's "GC in the window": the collectors' pause figures per JVM, only where a workload allocates. */
class GcMarkdownTest {
    @TempDir
    Path tmp;

    private static List<String> cells(String row) {
        return Arrays.stream(row.split("\\|")).map(String::trim).filter(c -> !c.isEmpty())
                .collect(Collectors.toList());
    }

    @Test
    void eachJvmsPausesOverItsRunsAreShownWhereTheWorkloadAllocates() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("a", 1.0, 1.0, 1.0).jvm("b", 1.2, 1.2, 1.2);
        f.allocating = true;
        Analysis a = f.analyse(tmp);
        assertTrue(GcMarkdown.shown(a.data));
        Markdown md = new Markdown();
        GcMarkdown.gcInWindow(md, a.data);
        // runs 1 to 3 paused 2 to 4 times, 3 ms each; 64 bytes allocated over 1,000,000 messages: 0 a message
        assertEquals(Arrays.asList("JVM a", "G1", "3", "declared", "2 to 4", "6 to 12", "3", "-", "0"),
                cells(Lines.startingWith(md.toString(), "| JVM a |")));
        assertEquals(Arrays.asList("JVM b", "G1", "3", "declared", "2 to 4", "6 to 12", "3", "-", "0"),
                cells(Lines.startingWith(md.toString(), "| JVM b |")));
        assertEquals(1, Lines.all(AnswerMarkdownTest.summary(a), "## GC in the window").size());
    }

    @Test
    void withoutAnAllocatingWorkloadNothingIsWritten() throws Exception {
        Analysis a = new MatrixFixture().jvm("a", 1.0, 1.0).jvm("b", 1.2, 1.2).analyse(tmp);
        assertFalse(GcMarkdown.shown(a.data));
        Markdown md = new Markdown();
        GcMarkdown.gcInWindow(md, a.data);
        assertEquals("", md.toString());
    }
}
