package io.queuelatency.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fresh JVM to measure in, as JMH forks one: the given java, the flags its major version needs
 * ({@link JvmFlags}), the caller's extra options, this code's class path, then the main class and its
 * arguments. It shares this process's terminal; stopping this process (SIGTERM, Ctrl-C) stops it too,
 * and it then removes its own files.
 */
public final class MeasuredJvm {
    private final List<String> command;

    public MeasuredJvm(Path java, int major, List<String> extraJvmOptions, String classPath, String mainClass,
                       List<String> arguments) {
        command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(JvmFlags.forMajor(major));
        command.addAll(extraJvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(arguments);
    }

    public List<String> command() {
        return command;
    }

    /** Runs it to the end and returns its exit code. */
    public int run() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        Thread stopChild = new Thread(() -> {
            if (process.isAlive()) {
                process.destroy(); // SIGTERM: the child's own shutdown hook cleans up
                try {
                    process.waitFor(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "queue-latency-stop-measured-jvm");
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            return process.waitFor();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException e) {
                // already shutting down: the hook is running
            }
        }
    }
}
