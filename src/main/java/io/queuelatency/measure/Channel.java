package io.queuelatency.measure;

/**
 * What joins the producer to the consumer: the queue under test ({@link ChronicleChannel}), or a fake in
 * tests of the monitoring loop.
 * <pre>
 *   Producer ── writer.write(i, intended, actual) ──► channel ──► reader.poll(consumer) ──► Consumer.onMessage(...)
 * </pre>
 */
public interface Channel extends AutoCloseable {
    /** A send time a message is too small to carry (the actual under 24 bytes, the in-queue under 32). */
    long NO_ACTUAL = Long.MIN_VALUE;

    /** Called once on the producer's thread, after it is pinned. */
    MessageWriter openWriter();

    /** Called once on the consumer's thread, after it is pinned. */
    MessageReader openReader();

    /**
     * Once a second on the monitoring thread: the queue's own upkeep (deleting finished cycles, sampling the
     * footprint, watching free space). Returns null, or why the run must stop now (the disk is filling).
     */
    String housekeep();

    /**
     * The queue's rolls to a new cycle file, each as the moment the producer's first write into the new cycle
     * returned (the roll happens inside that write), on the samples' clock; read from any thread, at any time.
     */
    default long[] cycleStarts() {
        return new long[0];
    }

    /**
     * The queue's new blocks of a cycle's file (each mapped inside a write), as the moment the producer's first
     * write into each returned, on the samples' clock; read from any thread, at any time.
     */
    default long[] newBlocks() {
        return new long[0];
    }

    /**
     * The memory address just past the last message written (where the next write goes); 0 when unknown. Any thread.
     */
    default long writeAddress() {
        return 0;
    }

    /** Closes the channel and whatever it holds open; safe to call twice. */
    @Override
    void close();

    /**
     * Writes message {@code sequence}, which carries {@code actualNs}, the producer's clock read immediately before
     * this call; returns the in-queue send time, read inside the write once the queue opened it, before the payload.
     */
    interface MessageWriter {
        long write(long sequence, long intendedNs, long actualNs);
    }

    /** Reads the next message if there is one, handing it to {@code receiver}; false when there was none. */
    interface MessageReader {
        boolean poll(Receiver receiver);
    }

    /**
     * One message as read: the receive time, taken as soon as the message was visible, comes first; a send time
     * the message had no room for is {@link #NO_ACTUAL}.
     */
    interface Receiver {
        void onMessage(long receivedNs, long sequence, long intendedNs, long actualNs, long inQueueNs, boolean intact);
    }
}
