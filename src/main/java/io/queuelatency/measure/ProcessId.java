package io.queuelatency.measure;

import io.queuelatency.store.RunMarker;

/** This process's id on Java 8 too (ProcessHandle is 9+). */
public final class ProcessId {
    private ProcessId() {
    }

    public static long current() {
        return RunMarker.currentPid();
    }

    /** The calling thread's id in the kernel (Linux: /proc/thread-self is "pid/task/tid"); -1 elsewhere. */
    public static int currentThread() {
        try {
            java.nio.file.Path link =
                    java.nio.file.Files.readSymbolicLink(java.nio.file.Paths.get("/proc/thread-self"));
            return Integer.parseInt(link.getFileName().toString());
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }
}
