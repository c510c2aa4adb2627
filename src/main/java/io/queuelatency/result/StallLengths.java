package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;

/** Stalls counted by length in 1-2-5 steps from 1 us: the table of how many stalls of each size a thread had. */
public final class StallLengths {
    /** 1, 2, 5 us ... 5 s, 10 s: the lower edge of each step; the last is open. */
    public static final long[] EDGES_NS = edges();

    private StallLengths() {
    }

    /** A length below the first edge counts in the first step. */
    public static int step(long length) {
        int step = 0;
        while (step + 1 < EDGES_NS.length && length >= EDGES_NS[step + 1]) {
            step++;
        }
        return step;
    }

    static long[] edges() {
        long[] edges = new long[22];
        long decade = 1_000;
        for (int i = 0; i < edges.length; i += 3) {
            edges[i] = decade;
            if (i + 1 < edges.length) {
                edges[i + 1] = 2 * decade;
                edges[i + 2] = 5 * decade;
            }
            decade *= 10;
        }
        return edges;
    }

    /** The steps with at least one of {@code lengths}, the last step open ({@code toNs} -1). */
    public static List<ThreadStalls.LengthStep> byLength(long[] lengths) {
        long[] count = new long[EDGES_NS.length];
        long[] total = new long[EDGES_NS.length];
        for (long length : lengths) {
            count[step(length)]++;
            total[step(length)] += length;
        }
        return steps(count, total);
    }

    /** The same from counts and totals per step of {@link #EDGES_NS}. */
    public static List<ThreadStalls.LengthStep> steps(long[] count, long[] total) {
        List<ThreadStalls.LengthStep> steps = new ArrayList<>();
        for (int i = 0; i < EDGES_NS.length; i++) {
            if (count[i] > 0) {
                long to = i + 1 < EDGES_NS.length ? EDGES_NS[i + 1] : -1;
                steps.add(new ThreadStalls.LengthStep(EDGES_NS[i], to, count[i], total[i]));
            }
        }
        return steps;
    }
}
