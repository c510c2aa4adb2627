package io.queuelatency.cli;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.result.Settings;
import io.queuelatency.words.SettingsWords;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs a picocli command the way every entry point of this tool does: help on {@code out}; bad input (a
 * parameter error, a broken jvm-matrix.yaml, a corrupt stored file) as one line "NAME: what is wrong" and
 * {@link ExitCode#BAD_INPUT}; anything else as one line and {@link ExitCode#FAILED}. Never a stack trace.
 */
public final class Commands {
    private Commands() {
    }

    public static int execute(Object command, String name, String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(command);
        PrintWriter helpOut = new PrintWriter(out, true);
        cl.setOut(helpOut);
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, given) -> fail(err, name, ExitCode.BAD_INPUT, oneLine(e)));
        cl.setExecutionExceptionHandler((e, line, parsed) -> e instanceof BadInputException
                ? fail(err, name, ExitCode.BAD_INPUT, line((BadInputException) e))
                : fail(err, name, ExitCode.FAILED, "failed: " + e));
        try {
            return cl.execute(args);
        } finally {
            helpOut.flush();
        }
    }

    /** The one line of bad input: a setting refused in its words, any other its message. */
    public static String line(BadInputException e) {
        return e instanceof Settings.Invalid ? SettingsWords.text((Settings.Invalid) e) : e.getMessage();
    }

    private static int fail(PrintStream err, String name, ExitCode code, String message) {
        err.println(name + ": " + message);
        return code.code;
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
