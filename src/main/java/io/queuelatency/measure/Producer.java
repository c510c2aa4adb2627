package io.queuelatency.measure;

/**
 * Writes messages 0 .. total-1 on the Pacer's schedule.
 * <pre>
 *   Producer (pinned CPU A)                                          Consumer (pinned CPU B)
 *     wait for intended_i: actual_i = the nanoTime() that ended the wait
 *     write ─┐ the queue opens the write
 *            in-queue_i = nanoTime()
 *            [i, intended_i, actual_i, in-queue_i, filler] ──► queue ──► read, received = nanoTime()
 * </pre>
 * The actual send time is the clock read that ended the wait, taken immediately before the write call, as the
 * reference study reads its startTime before {@code writingDocument()}: the message path has no clock read of its
 * own for it. Between that read and the call there is only the stall check of that read (a few ns).
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
    /** Null when stalls are not recorded (--no-attribution). */
    private final StallRecorder stalls;
    private volatile boolean stopped;

    private long sent;
    // By phase, 0 warm-up and 1 window (LatencyRecorder.phase): indexed, never branched on.
    private final long[] lastSendNs = new long[2];
    private final long[] maxLagNs = new long[2];
    private final long[] lateSends = new long[2];

    public Producer(Channel.MessageWriter writer, Pacer pacer, long warmupMessages, long totalMessages,
            StallRecorder stalls) {
        this.stalls = stalls;
        this.writer = writer;
        this.pacer = pacer;
        this.warmupMessages = warmupMessages;
        this.totalMessages = totalMessages;
        this.intervalNs = Math.max(1, 1_000_000_000L / pacer.ratePerSecond());
    }

    @Override
    public void run() {
        if (stalls != null) {
            stalls.begin(pacer.now());
        }
        for (long i = 0; i < totalMessages && !stopped; i++) {
            sendOne(i);
        }
    }

    /** One iteration of the loop: wait for message {@code i}'s slot, then send it. */
    void sendOne(long i) {
        long intendedNs = pacer.intendedTime(i);
        long actualNs = stalls == null ? pacer.awaitTime(intendedNs) : pacer.awaitTime(intendedNs, stalls);
        long inQueueNs = writer.write(i, intendedNs, actualNs);
        if (stalls != null) {
            // the write's own clock read, once the queue gave it room: a stall there shows too
            stalls.readAfterWrite(inQueueNs);
        }
        sent++;
        noteSend(LatencyRecorder.phase(i, warmupMessages), intendedNs, actualNs);
    }

    /** Branch-free: a late send, rare in a quiet warm-up, must not be the branch the window takes first. */
    private void noteSend(int phase, long intendedNs, long actualNs) {
        long lagNs = actualNs - intendedNs;
        lastSendNs[phase] = actualNs;
        maxLagNs[phase] = Math.max(maxLagNs[phase], lagNs);
        lateSends[phase] += (intervalNs - lagNs) >>> 63; // 1 when more than one interval late
    }

    public void stop() {
        stopped = true;
    }

    // Read only once the loop has ended: its thread's ending publishes them (ThreadPair, ProducerSide).

    public long sent() {
        return sent;
    }

    /** The scheduled send time of the first measured message: the window's start. */
    public long windowStartNs() {
        return pacer.intendedTime(warmupMessages);
    }

    public long lastMeasuredSendNs() {
        return lastSendNs[1];
    }

    /** The largest (actual - intended) send time in the measured window, ns: how late a send began at worst. */
    public long maxLagNs() {
        return maxLagNs[1];
    }

    /** Measured messages sent more than one send interval after their slot. */
    public long lateSends() {
        return lateSends[1];
    }
}
