package io.queuelatency.measure;

import java.lang.management.ManagementFactory;

/** This process's id on Java 8 too (ProcessHandle is 9+). */
public final class ProcessId {
    private ProcessId() {
    }

    public static long current() {
        String name = ManagementFactory.getRuntimeMXBean().getName(); // "pid@host" on HotSpot
        int at = name.indexOf('@');
        try {
            return Long.parseLong(at > 0 ? name.substring(0, at) : name);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
