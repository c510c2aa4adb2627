package io.queuelatency.tail;

import java.util.Arrays;
import java.util.List;

/** The spans that stopped the application's threads ({@link JvmEvent#stoppedNs}), for overlaps without allocation. */
final class JvmSpans {
    private long[] start = new long[16];
    private long[] end = new long[16];
    private boolean[] gc = new boolean[16];
    private int n;

    /** {@code events} in time order. */
    void set(List<JvmEvent> events) {
        if (events.size() > start.length) {
            start = Arrays.copyOf(start, 2 * events.size());
            end = Arrays.copyOf(end, start.length);
            gc = Arrays.copyOf(gc, start.length);
        }
        n = 0;
        for (JvmEvent e : events) {
            start[n] = e.startNs;
            end[n] = e.stoppedEndNs();
            gc[n++] = e.isGc();
        }
    }

    /**
     * Whether a stop began within {@code slackNs} after {@code t} or was on at {@code t}: 1 a GC pause, 0 another
     * safepoint, -1 none.
     */
    int stopBegunBy(long t, long slackNs) {
        int i = Arrays.binarySearch(end, 0, n, t);
        int k = i >= 0 ? i : -i - 1;
        return k < n && start[k] <= t + slackNs ? (gc[k] ? 1 : 0) : -1;
    }

    /** How long the GC pauses ({@code gcOnly}) or the other safepoints overlap [from, to]. */
    long overlap(long from, long to, boolean gcOnly) {
        long sum = 0;
        int i = Arrays.binarySearch(end, 0, n, from);
        for (int k = i >= 0 ? i : -i - 1; k < n && start[k] < to; k++) {
            if (gc[k] == gcOnly && end[k] > from) {
                sum += Math.min(end[k], to) - Math.max(start[k], from);
            }
        }
        return sum;
    }
}
