package io.queuelatency.measure;

import io.queuelatency.result.RunMarker;

/** This process's id on Java 8 too (ProcessHandle is 9+). */
public final class ProcessId {
    private ProcessId() {
    }

    public static long current() {
        return RunMarker.currentPid();
    }
}
