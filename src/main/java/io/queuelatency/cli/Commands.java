package io.queuelatency.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs a picocli command the way every entry point of this tool does: help on {@code out}; bad input (a
 * parameter error, a UsageError such as a broken jvm-matrix.yaml) as one line "NAME: what is wrong" and exit code 2;
 * anything else as one line and exit code 1. Never a stack trace.
 */
public final class Commands {
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    private Commands() {
    }

    public static int execute(Object command, String name, String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(command);
        PrintWriter helpOut = new PrintWriter(out, true);
        cl.setOut(helpOut);
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, given) -> fail(err, name, BAD_INPUT, oneLine(e)));
        cl.setExecutionExceptionHandler((e, line, parsed) -> e instanceof UsageError
                ? fail(err, name, BAD_INPUT, e.getMessage()) : fail(err, name, FAILED, "failed: " + e));
        try {
            return cl.execute(args);
        } finally {
            helpOut.flush();
        }
    }

    private static int fail(PrintStream err, String name, int code, String message) {
        err.println(name + ": " + message);
        return code;
    }

    /** picocli's message on one line, with its suggestion for a mistyped option. */
    static String oneLine(CommandLine.ParameterException e) {
        String message = e.getMessage();
        if (e instanceof CommandLine.UnmatchedArgumentException) {
            List<String> suggestions = ((CommandLine.UnmatchedArgumentException) e).getSuggestions();
            if (!suggestions.isEmpty()) {
                message += "; did you mean " + String.join(" or ", suggestions) + "?";
            }
        }
        return message + " (--help lists the options)";
    }
}
