package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** compare as a CI gate reads it: --baseline A B is compare A B; the wrong number of directories is bad input. */
class CompareCommandTest {
    private static final String REPORT = "src/test/resources/xeon16-matrix";

    private static int run(ByteArrayOutputStream bytes, String... args) throws Exception {
        PrintStream out = new PrintStream(bytes, true, "UTF-8");
        PrintStream systemOut = System.out;
        System.setOut(out); // compare prints its table on stdout
        try {
            return new QueuePerformance(args, out, out).execute();
        } finally {
            System.setOut(systemOut);
        }
    }

    @Test
    void baselineNamedOrFirstGivesTheSameComparison() throws Exception {
        ByteArrayOutputStream named = new ByteArrayOutputStream();
        ByteArrayOutputStream positional = new ByteArrayOutputStream();
        assertEquals(0, run(named, "compare", "--baseline", REPORT, REPORT),
                "a report against itself does not regress");
        assertEquals(0, run(positional, "compare", REPORT, REPORT));
        assertEquals(positional.toString("UTF-8"), named.toString("UTF-8"));
    }

    @Test
    void theWrongNumberOfDirectoriesIsOneLineAndExitTwo() throws Exception {
        for (String[] args : new String[][] {{"compare", "--baseline", REPORT, REPORT, REPORT}, {"compare", REPORT}}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            assertEquals(2, run(bytes, args), String.join(" ", args));
            String text = new String(bytes.toByteArray(), StandardCharsets.UTF_8).trim();
            assertTrue(text.startsWith("queue-latency"), text);
            assertEquals(1, text.split("\n").length, text);
        }
    }
}
