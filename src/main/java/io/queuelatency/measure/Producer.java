package io.queuelatency.measure;

/**
 * Writes messages 0 .. total-1 on the Pacer's schedule.
 * <pre>
 *   Producer (pinned CPU A)                                      Consumer (pinned CPU B)
 *     wait for intended_i ─┐
 *                          actual_i = nanoTime()
 *                          write [i, intended_i, actual_i, filler] ──► queue ──► read, received = nanoTime()
 * </pre>
 * The loop allocates nothing: the writer reuses the queue's document context, the rest is primitives.
 * It keeps just what the result needs about its own punctuality in the measured window: when the window
 * was due to start and when its last message really went (for the achieved rate), and how far behind
 * schedule it fell.
 */
public final class Producer implements Runnable {
    private final Channel.MessageWriter writer;
    private final Pacer pacer;
    private final long warmupMessages;
    private final long totalMessages;
    private final long intervalNs;
    private volatile boolean stopped;
    private volatile boolean finished;

    private long sent;
    private long lastMeasuredSendNs;
    private long maxLagNs;
    private long lateSends;

    public Producer(Channel.MessageWriter writer, Pacer pacer, long warmupMessages, long totalMessages) {
        this.writer = writer;
        this.pacer = pacer;
        this.warmupMessages = warmupMessages;
        this.totalMessages = totalMessages;
        this.intervalNs = Math.max(1, 1_000_000_000L / pacer.ratePerSecond());
    }

    @Override
    public void run() {
        try {
            for (long i = 0; i < totalMessages && !stopped; i++) {
                sendOne(i);
            }
        } finally {
            finished = true;
        }
    }

    /** One iteration of the loop: wait for message {@code i}'s slot, then send it. */
    void sendOne(long i) {
        long intendedNs = pacer.intendedTime(i);
        pacer.awaitTime(intendedNs);
        long actualNs = writer.write(i, intendedNs);
        sent++;
        if (i >= warmupMessages) {
            noteMeasuredSend(intendedNs, actualNs);
        }
    }

    private void noteMeasuredSend(long intendedNs, long actualNs) {
        long lagNs = actualNs - intendedNs;
        lastMeasuredSendNs = actualNs;
        if (lagNs > maxLagNs) {
            maxLagNs = lagNs;
        }
        if (lagNs > intervalNs) {
            lateSends++;
        }
    }

    public void stop() {
        stopped = true;
    }

    /** True once the loop has ended, normally or by an exception; its counters are then safe to read from another thread. */
    public boolean finished() {
        return finished;
    }

    // Read only once finished() is true (its volatile write publishes them).

    public long sent() {
        return sent;
    }

    /** The scheduled send time of the first measured message: the window's start. */
    public long windowStartNs() {
        return pacer.intendedTime(warmupMessages);
    }

    public long lastMeasuredSendNs() {
        return lastMeasuredSendNs;
    }

    /** The largest (actual - intended) send time in the measured window, ns. */
    public long maxLagNs() {
        return maxLagNs;
    }

    /** Measured messages sent more than one send interval after their slot. */
    public long lateSends() {
        return lateSends;
    }
}
