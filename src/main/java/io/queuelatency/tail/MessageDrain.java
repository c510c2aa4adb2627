package io.queuelatency.tail;

import io.queuelatency.measure.SlowMessages;

/**
 * The slow messages as the fold drains their ring: each of the window's matched into the window's counts
 * ({@link SlowMessageMatcher}), or counted as lost (lapped by the ring, or passed over for time); through the warm-up,
 * for a few milliseconds a second, the warm-up's matched as the window's will be into counts of their own, dropped
 * when the window begins, so that the JIT compiles the matching before the window and not in it.
 */
final class MessageDrain {
    private final SlowMessages slow;
    final SlowMessageMatcher matcher;
    private SlowMessageMatcher rehearsal;
    private long read;
    /** The window's slow messages not matched: lapped by the ring before the fold came to them, or passed over. */
    long lost;
    long kept;
    /** Of {@link #kept}, those matched before the JVM's events had come (JDK 8's flight recording). */
    long withoutJvm;

    MessageDrain(SlowMessages slow, long intervalNs) {
        this.slow = slow;
        this.matcher = new SlowMessageMatcher(intervalNs);
        this.rehearsal = new SlowMessageMatcher(intervalNs);
    }

    /** The window begins: the warm-up's matches are dropped, not one of them counted in the window's. */
    void dropRehearsal() {
        rehearsal = null;
    }

    /** The share of the ring that waits to be drained. */
    double backlog() {
        return (double) (slow.published() - read) / slow.lapsAfter();
    }

    /** Where a ring is three quarters full: the receipt time up to which messages must be matched now all the same. */
    long mustMatchBy() {
        return slow.published() - read > slow.lapsAfter() / 4 * 3
                ? slow.receivedAt(slow.published() - slow.lapsAfter() / 2) : Long.MIN_VALUE;
    }

    /** What the next messages are matched against (once per fold): as {@link SlowMessageMatcher#against}. */
    void against(StallLog producer, StallLog consumer, JvmSpans spans, long[] rolls, long[] blocks) {
        matcher.against(producer, consumer, spans, rolls, blocks);
        if (rehearsal != null) {
            rehearsal.against(producer, consumer, spans, rolls, blocks);
        }
    }

    /**
     * The messages received before {@code by}: those sent in the window ({@code window}: its start and end) matched and
     * counted until {@code deadlineNs} (System.nanoTime()), the rest passed over and counted as lost; the warm-up's
     * rehearsed for {@link Fold#REHEARSAL_MATCH_NS}. {@code withoutJvmEvents}: the JVM's events are not in yet.
     */
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
