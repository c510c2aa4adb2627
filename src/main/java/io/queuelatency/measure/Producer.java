package io.queuelatency.measure;

/**
 * Writes messages 0 .. total-1 on the Pacer's schedule. The actual send time is the clock read that ended the wait,
 * just before the write call, as the reference study reads its startTime before {@code writingDocument()}. The loop
 * allocates nothing. It keeps the window's punctuality: its last send (for the achieved rate) and how late it fell.
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
    private volatile boolean finished;

    private long sent;
    // By phase, 0 warm-up and 1 window (LatencyRecorder.phase): indexed, never branched on.
    private final long[] lastSendNs = new long[2];
    private final long[] maxLagNs = new long[2];
    private final long[] lateSends = new long[2];

    public Producer(Channel.MessageWriter writer, Pacer pacer, long warmupMessages, long totalMessages) {
        this(writer, pacer, warmupMessages, totalMessages, null);
    }

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
        try {
            if (stalls != null) {
                stalls.begin(pacer.now());
            }
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

    /** Once true (normally or by an exception), the counters below are safe to read from another thread. */
    public boolean finished() {
        return finished;
    }

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

    /** The window's largest (actual - intended) send time. */
    public long maxLagNs() {
        return maxLagNs[1];
    }

    /** Measured messages sent more than one send interval after their slot. */
    public long lateSends() {
        return lateSends[1];
    }
}
