package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every command's help prints cleanly: no picocli warning about a description it could not format. */
class HelpTest {
    @Test
    void everyCommandsHelpIsCleanAndExitsZero() throws Exception {
        String[][] matrix = {{"--help"}, {"report", "--help"}, {"check-host", "--help"}, {"compare", "--help"},
            {"beside", "--help"}, {"map", "--help"}};
        for (String[] args : matrix) {
            assertClean(String.join(" ", args), out -> new JvmMatrix(out, out).execute(args));
        }
        String[][] single = {{"--help"}, {"check-host", "--help"}, {"compare", "--help"}, {"beside", "--help"},
            {"map", "--help"}};
        for (String[] args : single) {
            assertClean(String.join(" ", args), out -> new QueuePerformance(args, out, out).execute());
        }
    }

    private interface Run {
        int run(PrintStream out) throws Exception;
    }

    private static void assertClean(String what, Run run) throws Exception {
        PrintStream systemErr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, "UTF-8");
        int code;
        System.setErr(capture); // picocli's own warnings go to System.err
        try {
            code = run.run(capture);
        } finally {
            System.setErr(systemErr);
        }
        String text = new String(captured.toByteArray(), StandardCharsets.UTF_8);
        assertEquals(0, code, what);
        assertTrue(text.contains("--help"), "the options listed: " + what + ": " + text);
        assertFalse(text.contains("picocli WARN"), what + ": " + text);
    }
}
