package io.queuelatency.measure;

/** The calling thread's id in the kernel (the process's own is {@code RunMarker.currentPid}). */
public final class ProcessId {
    private ProcessId() {
    }

    /** Linux: /proc/thread-self is "pid/task/tid"; -1 elsewhere. */
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
