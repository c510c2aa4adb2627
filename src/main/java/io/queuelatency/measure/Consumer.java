package io.queuelatency.measure;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads every message, takes the receive time as soon as a message is visible, records both latencies,
 * then checks the sequence and the payload. The receive clock read comes before any check, so checking
 * costs the consumer time between messages, not latency.
 */
public final class Consumer implements Runnable {
    private final ExcerptTailer tailer;
    private final MessageLayout layout;
    private final NanoClock clock;
    private final LatencyRecorder recorder;
    private final SequenceChecker checker = new SequenceChecker();
    private final long totalMessages;
    private volatile boolean stopped;
    private volatile boolean finished;
    private long corrupted;

    public Consumer(ExcerptTailer tailer, MessageLayout layout, NanoClock clock, LatencyRecorder recorder,
                    long totalMessages) {
        this.tailer = tailer;
        this.layout = layout;
        this.clock = clock;
        this.recorder = recorder;
        this.totalMessages = totalMessages;
    }

    @Override
    public void run() {
        while (checker.nextExpected() < totalMessages && !stopped) {
            pollOnce();
        }
        finished = true;
    }

    /** One iteration of the loop: true when a message was read. */
    boolean pollOnce() {
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return false;
            }
            long receivedNs = clock.nanoTime();
            Bytes<?> bytes = dc.wire().bytes();
            long sequence = bytes.readLong();
            long intendedNs = bytes.readLong();
            long actualNs = bytes.readLong();
            recorder.record(sequence, receivedNs - intendedNs, receivedNs - actualNs);
            checker.accept(sequence);
            if (!layout.fillerIntact(bytes, sequence)) {
                corrupted++;
            }
            return true;
        }
    }

    public void stop() {
        stopped = true;
    }

    /** True once the loop has ended; its counters are then safe to read from another thread. */
    public boolean finished() {
        return finished;
    }

    // Read only once finished() is true (its volatile write publishes them).

    public SequenceChecker checker() {
        return checker;
    }

    public long corrupted() {
        return corrupted;
    }
}
