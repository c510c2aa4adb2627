package io.queuelatency.measure;

/** What joins the producer to the consumer: the queue under test ({@link ChronicleChannel}), or a fake in tests. */
public interface Channel extends AutoCloseable, Watcher.QueueChanges {
    /** A send time a message is too small to carry (the actual under 24 bytes, the in-queue under 32). */
    long NO_ACTUAL = Long.MIN_VALUE;

    /** This and the next once each, on the producer's and the consumer's thread, after it is pinned. */
    MessageWriter openWriter();

    MessageReader openReader();

    /** Once a second on the monitoring thread: null, or why the run must stop now (the disk is filling). */
    String housekeep();

    /** --probes' histograms, which the writer fills; null without. */
    default Probes probes() {
        return null;
    }

    /** Where the next write goes; 0 when unknown. Any thread. */
    default long writeAddress() {
        return 0;
    }

    /** Safe to call twice. */
    @Override
    void close();

    /** Returns the in-queue send time, read inside the write once the queue opened it. */
    interface MessageWriter {
        long write(long sequence, long intendedNs, long actualNs);
    }

    /** False when there was no message. */
    interface MessageReader {
        boolean poll(Receiver receiver);
    }

    /**
     * A send time the message had no room for is {@link #NO_ACTUAL}; {@code handledNs} is read once the workload
     * handled the message, {@code intact} is what its handling said.
     */
    interface Receiver {
        void onMessage(long receivedNs, long handledNs, long sequence, long intendedNs, long actualNs, long inQueueNs,
                boolean intact);
    }
}
