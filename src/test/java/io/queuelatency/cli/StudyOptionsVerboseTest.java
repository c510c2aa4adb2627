package io.queuelatency.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import picocli.CommandLine;
import org.junit.jupiter.api.Test;

class StudyOptionsVerboseTest {
    private static StudyOptions parsed(String... args) {
        StudyOptions options = new StudyOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void verboseIsOffUnlessGiven() {
        assertFalse(parsed().verbose());
        assertTrue(parsed("--verbose").verbose());
    }
}
