package io.queuelatency.measure;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;

/**
 * This JVM's threads that nobody named: their name is still the process's ({@code java}), as a native thread's is
 * that the JVM did not start (async-profiler's timer). The JVM names its own; those started since a look before are a
 * library's. Empty where /proc cannot say.
 */
final class UnnamedTasks {
    private UnnamedTasks() {
    }

    static Set<Integer> now() {
        Set<Integer> tids = new HashSet<>();
        File[] tasks = new File("/proc/self/task").listFiles();
        String process = comm(new File("/proc/self/comm"));
        for (int i = 0; tasks != null && process != null && i < tasks.length; i++) {
            if (process.equals(comm(new File(tasks[i], "comm")))) {
                try {
                    tids.add(Integer.parseInt(tasks[i].getName()));
                } catch (NumberFormatException e) {
                    // not a task
                }
            }
        }
        return tids;
    }

    private static String comm(File f) {
        try {
            return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null; // gone, or no /proc
        }
    }
}
