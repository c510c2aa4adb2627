package io.queuelatency.tail;

import java.io.File;

/** Which tasks are threads of this JVM (under /proc/self/task; 256 answers kept), and which the tool's own. */
final class OwnThreads implements KernelWindow.ThreadOwners {
    private static final int KEPT = 256;
    private final int[] pid = new int[KEPT];
    private final boolean[] own = new boolean[KEPT];
    private int n;
    private final int[] tool = new int[8];
    private int tools;

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
