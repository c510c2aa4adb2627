package io.queuelatency.profile;

import java.util.Arrays;

/**
 * The window's slow messages, each its flight from intended send to receipt, in the order they were received (the
 * order they were sent: the queue keeps it); merged where they overlap, so that a time is in a slow flight or not by
 * one binary search.
 */
public final class Flights {
    private long[] intended = new long[1024];
    private long[] received = new long[1024];
    private int messages;
    private long[] starts = new long[1024];
    private long[] ends = new long[1024];
    private int merged;

    /** In receipt order. */
    public void add(long intendedNs, long receivedNs) {
        if (messages == intended.length) {
            intended = Arrays.copyOf(intended, 2 * messages);
            received = Arrays.copyOf(received, 2 * messages);
        }
        intended[messages] = intendedNs;
        received[messages++] = receivedNs;
        if (merged > 0 && intendedNs <= ends[merged - 1]) {
            ends[merged - 1] = Math.max(ends[merged - 1], receivedNs);
            return;
        }
        if (merged == starts.length) {
            starts = Arrays.copyOf(starts, 2 * merged);
            ends = Arrays.copyOf(ends, 2 * merged);
        }
        starts[merged] = intendedNs;
        ends[merged++] = receivedNs;
    }

    public int messages() {
        return messages;
    }

    /** Whether {@code t} falls inside a slow message's flight (ends included). */
    public boolean covers(long t) {
        int i = Arrays.binarySearch(starts, 0, merged, t);
        int at = i >= 0 ? i : -i - 2; // the last flight beginning at or before t
        return at >= 0 && t <= ends[at];
    }

    /** The time the flights cover, merged. */
    public long coveredNs() {
        long ns = 0;
        for (int i = 0; i < merged; i++) {
            ns += ends[i] - starts[i];
        }
        return ns;
    }

    /** How many messages have at least one of {@code times} (sorted) inside their flight. */
    public long sampled(long[] times, int n) {
        long count = 0;
        for (int m = 0; m < messages; m++) {
            int i = Arrays.binarySearch(times, 0, n, intended[m]);
            int first = i >= 0 ? i : -i - 1; // the first sample at or after the intended send
            count += first < n && times[first] <= received[m] ? 1 : 0;
        }
        return count;
    }
}
