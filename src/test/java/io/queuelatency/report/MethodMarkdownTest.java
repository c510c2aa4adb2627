package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.MatrixPlan;
import org.junit.jupiter.api.Test;

/** "How this was measured" names the JVMs whose cells ran the producer in a second JVM, and only where some did. */
class MethodMarkdownTest {
    private static MatrixPlan.PlannedJvm jvm(String id, String... studyOptions) {
        MatrixPlan.PlannedJvm j = new MatrixPlan.PlannedJvm();
        j.id = id;
        j.studyOptions.addAll(java.util.Arrays.asList(studyOptions));
        return j;
    }

    @Test
    void theJvmsBetweenProcessesAreNamedOnlyWhereThereAreAny() {
        MatrixPlan plan = new MatrixPlan();
        plan.jvms.add(jvm("a", "--pretouch"));
        plan.jvms.add(jvm("b", "--topology=threads"));
        assertNull(MethodMarkdown.betweenProcesses(plan), "threads, the default: no line");
        plan.jvms.add(jvm("c_p", "--topology=processes", "--kernel-trace=off"));
        String line = MethodMarkdown.betweenProcesses(plan);
        assertTrue(line.startsWith("c_p: "), line);
        MatrixPlan all = new MatrixPlan();
        all.jvms.add(jvm("c_p", "--topology=processes"));
        assertTrue(!MethodMarkdown.betweenProcesses(all).startsWith("c_p"), "every JVM: none named apart");
    }
}
