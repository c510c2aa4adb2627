package io.queuelatency.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A fresh JVM to measure in, as JMH forks one; stopping this process stops it too, with SIGTERM. */
public final class MeasuredJvm {
    public static final int TIMED_OUT = -1;
    /** The signals this tool stops a JVM with (its own stop) and a user's Ctrl-C sends. */
    public static final int SIGTERM = 15;
    public static final int SIGINT = 2;

    private final List<String> command;
    private volatile long pid = -1;

    public MeasuredJvm(Path java, List<String> jvmOptions, String classPath, String mainClass, List<String> arguments) {
        command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(arguments);
    }

    /** The flags a JVM of {@code major} needs ({@link JvmFlags}), then {@code extraJvmOptions}. */
    public static MeasuredJvm forVersion(Path java, int major, List<String> extraJvmOptions, String classPath,
                                         String mainClass, List<String> arguments) {
        List<String> options = new ArrayList<>(JvmFlags.forMajor(major));
        options.addAll(extraJvmOptions);
        return new MeasuredJvm(java, options, classPath, mainClass, arguments);
    }

    /**
     * A second JVM like this one: the same java, the same flags (its input arguments) and {@code classPath}; the
     * producer's JVM of --topology processes.
     */
    public static List<String> likeThisOne(String classPath, String mainClass, List<String> arguments) {
        return new MeasuredJvm(java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java"),
                java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments(), classPath, mainClass,
                arguments).command;
    }

    /** What a second JVM like this one takes of the host's memory: its heap and a guess at the rest. */
    public static long thisOnesBytes() {
        return Runtime.getRuntime().maxMemory() + (512L << 20);
    }

    public List<String> command() {
        return command;
    }

    /** On this process's terminal; returns its exit code. */
    public int run() throws IOException, InterruptedException {
        return await(new ProcessBuilder(command).inheritIO().start(), Long.MAX_VALUE);
    }

    /** Stops it after {@code timeoutNs} and returns TIMED_OUT. */
    public int runLogged(Path log, long timeoutNs) throws IOException, InterruptedException {
        return await(new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start(), timeoutNs);
    }

    /** Of the JVM last started; -1 where the platform does not tell. */
    public long pid() {
        return pid;
    }

    /** Process.pid() on Java 9+, UNIXProcess's field on Java 8. */
    public static long pidOf(Process process) {
        try {
            return (Long) Process.class.getMethod("pid").invoke(process);
        } catch (ReflectiveOperationException | RuntimeException e) {
            try {
                java.lang.reflect.Field f = process.getClass().getDeclaredField("pid");
                f.setAccessible(true);
                return f.getLong(process);
            } catch (ReflectiveOperationException | RuntimeException e2) {
                return -1;
            }
        }
    }

    /** Java reports 128 + N; 0 when it exited by itself. */
    public static int signalOf(int code) {
        return code > 128 && code < 128 + 65 ? code - 128 : 0;
    }

    public static String signalName(int signal) {
        switch (signal) {
            case 1: return "SIGHUP";
            case 2: return "SIGINT";
            case 6: return "SIGABRT";
            case 7: return "SIGBUS";
            case 9: return "SIGKILL";
            case 11: return "SIGSEGV";
            case 15: return "SIGTERM";
            default: return "signal " + signal;
        }
    }

    private int await(Process process, long timeoutNs) throws InterruptedException {
        pid = pidOf(process);
        Thread stopChild = new Thread(() -> stop(process), "queue-latency-stop-measured-jvm");
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            if (process.waitFor(timeoutNs, TimeUnit.NANOSECONDS)) {
                return process.exitValue();
            }
            stop(process);
            return TIMED_OUT;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException e) {
                // already shutting down: the hook is running
            }
        }
    }

    private static void stop(Process process) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy(); // SIGTERM: the measured JVM's own shutdown hook cleans up
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
