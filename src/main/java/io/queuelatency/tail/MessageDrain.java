package io.queuelatency.tail;

import io.queuelatency.measure.SlowMessages;

/**
 * The slow messages as the fold drains their ring: each of the window's matched, or counted as lost (lapped, or
 * passed over for time); the warm-up's matched into counts of their own, dropped when the window begins, so that the
 * JIT compiles the matching before the window.
 */
final class MessageDrain {
    private final SlowMessages slow;
    final SlowMessageMatcher matcher;
    private SlowMessageMatcher rehearsal;
    private long read;
    long lost;
    long kept;
    /** Of {@link #kept}, those matched before the JVM's events had come (JDK 8's flight recording). */
    long withoutJvm;

    MessageDrain(SlowMessages slow, long intervalNs) {
        this.slow = slow;
        this.matcher = new SlowMessageMatcher(intervalNs);
        this.rehearsal = new SlowMessageMatcher(intervalNs);
    }

    void dropRehearsal() {
        rehearsal = null;
    }

    double backlog() {
        return (double) (slow.published() - read) / slow.lapsAfter();
    }

    /** Where a ring is three quarters full: the receipt time up to which messages must be matched now all the same. */
    long mustMatchBy() {
        return slow.published() - read > slow.lapsAfter() / 4 * 3
                ? slow.receivedAt(slow.published() - slow.lapsAfter() / 2) : Long.MIN_VALUE;
    }

    void against(StallLog producer, StallLog consumer, JvmSpans spans, long[] rolls, long[] blocks) {
        matcher.against(producer, consumer, spans, rolls, blocks);
        if (rehearsal != null) {
            rehearsal.against(producer, consumer, spans, rolls, blocks);
        }
    }

    /** The messages received before {@code by}: the window's ({@code window}: start, end) matched till the deadline. */
    void match(long by, long[] window, long deadlineNs, boolean withoutJvmEvents) {
        long published = slow.published();
        boolean late = false;
        if (published - read > slow.lapsAfter()) {
            lost += published - slow.lapsAfter() - read; // lapped before the fold came to them
            read = published - slow.lapsAfter();
        }
        long rehearseUntil = System.nanoTime() + Fold.REHEARSAL_MATCH_NS;
        for (; read < published; read++) {
            long intended = slow.intendedAt(read);
            long written = slow.writtenAt(read);
            long received = slow.receivedAt(read);
            if (slow.published() - read > slow.lapsAfter()) {
                lost++; // overwritten while it was read
                continue;
            }
            if (received >= by) {
                return;
            }
            if (intended < window[0] || intended >= window[1]) {
                if (rehearsal != null && System.nanoTime() - rehearseUntil < 0) {
                    rehearsal.overlaps(intended, written, received);
                    rehearsal.count(intended, written, received - intended);
                }
                continue;
            }
            if (late || (read & 255) == 0 && System.nanoTime() - deadlineNs > 0) {
                late = true;
                lost++; // passed over: no time left in this fold
                continue;
            }
            kept++;
            withoutJvm += withoutJvmEvents ? 1 : 0;
            matcher.overlaps(intended, written, received);
            matcher.count(intended, written, received - intended);
        }
    }
}
