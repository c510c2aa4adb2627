package io.queuelatency.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The producer's JVM of {@code --topology processes}, seen from the measured JVM: it is started, says when it is
 * ready (its producer thread's id in the kernel), is given the schedule's start, and ends with its counts
 * ({@link ProducerSide} is its side of these lines). Its stderr goes to a file in the run's directory, whose last line
 * explains a JVM that ended too soon. A line of its stdout that is none of these (a library's) is passed over.
 */
public final class RemoteProducer {
    /** How long a JVM that closed its stdout is given to exit, so that its exit code can be told. */
    private static final long EXIT_WAIT_MS = 2_000;

    private final List<String> command;
    private final Path log;
    private Process process;
    private BufferedReader lines;
    private Writer commands;
    private long pid = -1;
    private final java.util.function.ToLongFunction<Process> pidOf;
    /** Why it could not pin its producer thread; null when it did. */
    volatile String pinFailure;
    private volatile String lastWords;
    private volatile boolean closed;

    /**
     * {@code command} starts a JVM running {@link ProducerSide#run}; its stderr is written to {@code log};
     * {@code pidOf} tells a process's pid (launch's), -1 where it cannot.
     */
    public RemoteProducer(List<String> command, Path log, java.util.function.ToLongFunction<Process> pidOf) {
        this.command = command;
        this.log = log;
        this.pidOf = pidOf;
    }

    /** Starts it and waits for it to be ready: its producer thread's id (-1 unknown), or null where it ended first. */
    Integer start() throws IOException {
        synchronized (this) {
            if (closed) {
                return null;
            }
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.to(log.toFile())).start();
            pid = pidOf.applyAsLong(process);
            lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        }
        String ready = next(ProducerSide.READY);
        if (ready == null) {
            return null;
        }
        String[] f = ready.split(" ", 3);
        pinFailure = f.length > 2 ? f[2] : null;
        try {
            return Integer.parseInt(f[1]);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    /** Where its JVM keeps its stalls and probes ({@link ProducerRecords}): the run's directory, beside its log. */
    Path recordsFile() {
        return log.resolveSibling(ProducerRecords.FILE_NAME);
    }

    void go(long startNs) {
        tell(ProducerSide.GO + " " + startNs);
    }

    /** Its counts, once its loop has ended; null where it ended without them ({@link #whyEnded} says why). */
    SentCounts awaitEnd() throws IOException {
        String end = next(SentCounts.END);
        return end == null ? null : SentCounts.parse(end);
    }

    /** Started, and exited since (its counts read or not). */
    synchronized boolean exited() {
        return process != null && !process.isAlive();
    }

    /** Asks its loop to stop early; any thread. */
    void stop() {
        tell(ProducerSide.STOP);
    }

    /**
     * Lets it go ({@code exit}: it removes nothing), and waits for it to exit; one that does not within the stop's
     * timeout is killed. Safe to call twice, and before it was started.
     */
    void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            tell(ProducerSide.EXIT);
            closed = true;
        }
        if (process == null) {
            return;
        }
        try {
            commands.close();
        } catch (IOException e) {
            // it is gone already
        }
        try {
            if (!process.waitFor(TimeUnit.NANOSECONDS.toMillis(Monitor.STOP_TIMEOUT_NS), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The one line of a producer's JVM that failed or ended without its counts: its pid, why, its last words. */
    String whyEnded() {
        if (lastWords != null) {
            return "the producer's JVM (pid " + pid + ") failed: " + lastWords;
        }
        String exit = "still running";
        try {
            if (process != null && process.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                int code = process.exitValue();
                exit = code > 128 && code < 128 + 65 ? "killed by signal " + (code - 128) : "exit code " + code;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String words = lastLine(log);
        return "the producer's JVM (pid " + pid + ") ended without its counts (" + exit + ")"
                + (words == null ? "" : ": " + words);
    }

    /** The next line that starts with {@code word}; null at the end of its stdout or at a {@code failed} line. */
    private String next(String word) throws IOException {
        for (String line; (line = lines.readLine()) != null; ) {
            if (line.equals(word) || line.startsWith(word + " ") || line.startsWith(word + "\t")) {
                return line;
            }
            if (line.startsWith(ProducerSide.FAILED + " ")) {
                lastWords = line.substring(ProducerSide.FAILED.length() + 1);
                return null;
            }
        }
        return null;
    }

    private synchronized void tell(String line) {
        if (commands == null || closed) {
            return;
        }
        try {
            commands.write(line + "\n");
            commands.flush();
        } catch (IOException e) {
            // it has gone: its stdout's end tells the thread that waits for it
        }
    }

    private static String lastLine(Path file) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = all.size() - 1; i >= 0; i--) {
                String line = all.get(i).trim();
                if (!line.isEmpty() && !line.startsWith("at ")) {
                    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
                }
            }
        } catch (IOException | RuntimeException e) {
            // none
        }
        return null;
    }

    /**
     * The queue's rolls and new blocks as the tail's fold sees them: the producer's JVM's, whose writes made them,
     * known once its counts have come ({@code window}: null until then).
     */
    static Watcher.QueueChanges queueChanges(java.util.function.Supplier<SentCounts.ProducerWindow> window) {
        return new Watcher.QueueChanges() {
            @Override
            public long[] cycleStarts() {
                SentCounts.ProducerWindow w = window.get();
                return w == null ? SentCounts.ProducerWindow.NONE : w.rolls.clone();
            }

            @Override
            public long[] newBlocks() {
                SentCounts.ProducerWindow w = window.get();
                return w == null ? SentCounts.ProducerWindow.NONE : w.newBlocks.clone();
            }
        };
    }

    /** Of the JVM started; -1 before, or where the platform does not tell. */
    public long pid() {
        return pid;
    }
}
