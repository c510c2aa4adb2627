package io.queuelatency.tail;

/** The commands that took a measured CPU in the window's stalls: per command, how many stalls and how long. */
final class Preemptors {
    static final int KEPT = 64;
    final int[] name = new int[KEPT];
    final boolean[] jvm = new boolean[KEPT];
    final boolean[] tool = new boolean[KEPT];
    final long[] stalls = new long[KEPT];
    final long[] ns = new long[KEPT];
    int n;

    void add(int nameId, boolean ownThread, boolean toolThread, long takenNs) {
        int i = indexOf(name, n, nameId);
        if (i == n) {
            i = n < KEPT ? n++ : KEPT - 1; // the 64th and later share the last place
            name[i] = nameId;
            jvm[i] = ownThread;
            tool[i] = toolThread;
        }
        stalls[i]++;
        ns[i] += takenNs;
    }

    /** Where {@code v} is among the first {@code n} of {@code a} (the fold's small tables); {@code n} where not. */
    static int indexOf(int[] a, int n, int v) {
        int i = 0;
        while (i < n && a[i] != v) {
            i++;
        }
        return i;
    }
}
