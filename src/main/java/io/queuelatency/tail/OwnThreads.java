package io.queuelatency.tail;

import java.io.File;

/**
 * Which tasks the kernel names are threads of this JVM (its compilers, GC workers, the tool's own threads): those
 * listed under /proc/self/task; and which of them are the tool's own (registered by id). Each pid is looked up
 * once; 256 answers are kept.
 */
final class OwnThreads implements KernelWindow.ThreadOwners {
    private static final int KEPT = 256;
    private final int[] pid = new int[KEPT];
    private final boolean[] own = new boolean[KEPT];
    private int n;
    private final int[] tool = new int[8];
    private int tools;

    /**
     * The tool's own thread {@code tid} (the monitor that runs the fold, the kernel trace's reader): its time is the
     * harness's.
     */
    void tool(int tid) {
        if (tid > 0 && tools < tool.length) {
            tool[tools++] = tid;
        }
    }

    @Override
    public boolean isToolThread(int p) {
        for (int i = 0; i < tools; i++) {
            if (tool[i] == p) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean isOwnThread(int p) {
        for (int i = 0; i < n; i++) {
            if (pid[i] == p) {
                return own[i];
            }
        }
        boolean o = p > 0 && new File("/proc/self/task/" + p).exists();
        int i = n < KEPT ? n++ : KEPT - 1; // past 256 tasks the last place is reused
        pid[i] = p;
        own[i] = o;
        return o;
    }
}
