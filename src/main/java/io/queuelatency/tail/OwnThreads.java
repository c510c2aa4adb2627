package io.queuelatency.tail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Which tasks are threads of the measured JVMs (under /proc/self/task, and with --topology processes the producer's
 * JVM's; 256 answers kept), and which the tool's own (the monitor, the trace's reader, the profiler).
 */
final class OwnThreads {
    private static final int KEPT = 256;
    private final int[] pid = new int[KEPT];
    private final boolean[] own = new boolean[KEPT];
    private int n;
    private final int[] tool = new int[8];
    private int tools;
    /** The other measured JVM's process id; 0: none. */
    private int otherJvm;

    /** The JVM of the measured thread {@code tid}, when it is another process's (its threads are the JVM's too). */
    void jvmOf(int tid) {
        if (tid <= 0 || new File("/proc/self/task/" + tid).exists()) {
            return;
        }
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/" + tid + "/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Tgid:")) {
                    otherJvm = Integer.parseInt(line.substring(5).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            otherJvm = 0; // gone already: its threads are not told apart from another process's
        }
    }

    void tool(int tid) {
        if (tid > 0 && tools < tool.length) {
            tool[tools++] = tid;
        }
    }

    boolean isToolThread(int p) {
        return Preemptors.indexOf(tool, tools, p) < tools;
    }

    boolean isOwnThread(int p) {
        int known = Preemptors.indexOf(pid, n, p);
        if (known < n) {
            return own[known];
        }
        boolean o = p > 0 && (new File("/proc/self/task/" + p).exists()
                || otherJvm > 0 && new File("/proc/" + otherJvm + "/task/" + p).exists());
        int i = n < KEPT ? n++ : KEPT - 1; // past 256 tasks the last place is reused
        pid[i] = p;
        own[i] = o;
        return o;
    }
}
