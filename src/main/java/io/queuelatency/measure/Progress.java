package io.queuelatency.measure;

import java.io.Console;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Locale;

/** Progress on stderr: on a terminal one line updated every second; otherwise a line every 10 s; none when quiet. */
final class Progress {
    private static final long LINE_EVERY_NS = 10_000_000_000L;

    private final PrintStream out;
    private final boolean quiet;
    private final boolean terminal;
    private long lastLineNs = Long.MIN_VALUE;
    private boolean inPlace;

    Progress(PrintStream out, boolean quiet) {
        this.out = out;
        this.quiet = quiet;
        this.terminal = isTerminal();
    }

    void update(long nowNs, String phase, long elapsedNs, long phaseNs, long remainingNs, long messagesLastInterval) {
        if (quiet) {
            return;
        }
        String text = String.format(Locale.ROOT, "%-8s %5.0f s of %.0f s, ETA %4.0f s, %,9d msg/s",
                phase, elapsedNs / 1e9, phaseNs / 1e9, remainingNs / 1e9, messagesLastInterval);
        if (terminal) {
            out.print("\r" + text);
            out.flush();
            inPlace = true;
        } else if (lastLineNs == Long.MIN_VALUE || nowNs - lastLineNs >= LINE_EVERY_NS) {
            out.println(text);
            lastLineNs = nowNs;
        }
    }

    void done() {
        if (inPlace) {
            out.println();
            inPlace = false;
        }
    }

    private static boolean isTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try { // Java 22+ returns a Console even when redirected; isTerminal() tells.
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
