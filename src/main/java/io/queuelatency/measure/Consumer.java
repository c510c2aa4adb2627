package io.queuelatency.measure;

/**
 * Reads every message; the reader takes the receive time as soon as a message is visible and the handled time once
 * the workload handled it, then this records the latencies (those the message has room for, and the handled one) and
 * checks the sequence (the workload has checked the body). The receive clock read comes before any handling, so only
 * the handled latency holds it; the checks cost the consumer time between messages, not latency.
 */
public final class Consumer implements Runnable, Channel.Receiver {
    private final Channel.MessageReader reader;
    private final LatencyRecorder recorder;
    private final SequenceChecker checker = new SequenceChecker();
    private final long totalMessages;
    // Tail attribution (null when off): this thread's stalls from its poll loop, and the slow messages.
    private NanoClock clock;
    private StallRecorder stalls;
    private SlowMessages slow;
    /** --probes; null without. */
    private Probes probes;
    private volatile boolean stopped;
    private long corrupted;
    private long lastHandledNs;

    public Consumer(Channel.MessageReader reader, LatencyRecorder recorder, long totalMessages) {
        this.reader = reader;
        this.recorder = recorder;
        this.totalMessages = totalMessages;
    }

    /**
     * Records this thread's stalls (every empty poll then reads the clock: only idle spinning pays) and keeps the
     * slow messages. Called before {@link #run}.
     */
    public void attribute(NanoClock clock, StallRecorder stalls, SlowMessages slow) {
        this.clock = clock;
        this.stalls = stalls;
        this.slow = slow;
    }

    /** --probes: the handling timed on its own. Called before {@link #run}. */
    public void probe(Probes p) {
        this.probes = p;
    }

    @Override
    public void run() {
        if (stalls == null) {
            while (checker.nextExpected() < totalMessages && !stopped) {
                pollOnce();
            }
        } else {
            stalls.begin(clock.nanoTime());
            while (checker.nextExpected() < totalMessages && !stopped) {
                if (!pollOnce()) {
                    stalls.read(clock.nanoTime());
                }
            }
        }
    }

    /** One iteration of the loop: true when a message was read. */
    boolean pollOnce() {
        return reader.poll(this);
    }

    @Override
    public void onMessage(long receivedNs, long handledNs, long sequence, long intendedNs, long actualNs,
            long inQueueNs, boolean intact) {
        if (stalls != null) {
            stalls.read(receivedNs);
            slow.offer(intendedNs, inQueueNs != Channel.NO_ACTUAL ? inQueueNs : actualNs, receivedNs);
        }
        recorder.recordHandled(sequence, handledNs - intendedNs);
        if (probes != null) {
            probes.handled(sequence, handledNs - receivedNs);
        }
        // The message size fixes which branch every message takes: none is first taken in the window.
        if (inQueueNs != Channel.NO_ACTUAL) {
            recorder.record(sequence, receivedNs - intendedNs, receivedNs - actualNs, receivedNs - inQueueNs);
        } else if (actualNs != Channel.NO_ACTUAL) {
            recorder.record(sequence, receivedNs - intendedNs, receivedNs - actualNs);
        } else {
            recorder.recordIntended(sequence, receivedNs - intendedNs);
        }
        checker.accept(sequence);
        lastHandledNs = handledNs;
        if (!intact) {
            corrupted++;
        }
    }

    public void stop() {
        stopped = true;
    }

    // Read only once the loop has ended: its thread's ending publishes them (ThreadPair).

    public SequenceChecker checker() {
        return checker;
    }

    public long corrupted() {
        return corrupted;
    }

    /** When the workload finished handling the last message read. */
    public long lastHandledNs() {
        return lastHandledNs;
    }
}
