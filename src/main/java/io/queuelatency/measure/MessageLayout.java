package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import io.queuelatency.workload.Workload;
import io.queuelatency.workload.Workloads;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The bytes of one message, {@code size} bytes at most: the tool's header, then the workload's body.
 * <pre>
 *   offset 0   sequence number       long   0, 1, 2, ... over warm-up and measurement
 *   offset 8   intended send time    long   the Pacer's schedule, ns
 *   offset 16  actual send time      long   the producer's System.nanoTime() immediately before the queue's write
 *                                           call (the reference study's startTime)
 *   offset 24  in-queue send time    long   the producer's System.nanoTime() inside the write, once the queue
 *                                           opened it and the workload filled the body
 *   offset 32  body                  what the workload writes: by default ({@code copy}) size-32 bytes derived from
 *                                           the sequence, so a damaged or misplaced payload is caught by the consumer
 * </pre>
 * The body is written first and the header after it, in place, so that the in-queue send time is read once the body
 * is filled. Smaller messages carry what fits (the reference harness goes down to 16 bytes): 24 to 31 bytes the
 * sequence, the intended and the actual send time; 16 to 23 bytes the sequence and the intended time. Each then has
 * size minus its header of body; the latencies it has no room for are not measured.
 */
public final class MessageLayout {
    /** Room for all three send times. */
    public static final int HEADER_BYTES = Definition.IN_QUEUE.smallestMessageBytes;
    /** The smallest message with the actual send time (the article's definition). */
    public static final int ACTUAL_SIZE = Definition.ACTUAL.smallestMessageBytes;
    /** The smallest message: sequence and intended send time. */
    public static final int MIN_SIZE = Definition.INTENDED.smallestMessageBytes;
    public static final int MAX_SIZE = 65_536;

    private final int size;
    private final boolean carriesActual;
    private final boolean carriesInQueue;
    private final int header;
    private final Workloads.Factory workload;

    /** {@code workload} null for the copy. */
    public MessageLayout(int size, Workloads.Factory workload) {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new IllegalArgumentException("message size must be " + MIN_SIZE + " to " + MAX_SIZE + " bytes: "
                    + size);
        }
        this.size = size;
        this.carriesActual = size >= ACTUAL_SIZE;
        this.carriesInQueue = size >= HEADER_BYTES;
        this.header = carriesInQueue ? HEADER_BYTES : carriesActual ? ACTUAL_SIZE : MIN_SIZE;
        this.workload = workload != null ? workload : Workloads.maker(null, null, size - header);
    }

    /** False below 24 bytes: no room for the actual send time, so only the intended latency is measured. */
    public boolean carriesActual() {
        return carriesActual;
    }

    /** False below 32 bytes: no room for the in-queue send time. */
    public boolean carriesInQueue() {
        return carriesInQueue;
    }

    public int size() {
        return size;
    }

    /** The room the body has. */
    public int bodyBytes() {
        return size - header;
    }

    /** One side's workload, made on the calling thread. */
    Workload newWorkload() {
        return workload.make();
    }

    /** Moves past the header, to be written by {@link #writeHeader} once the body is; returns where it starts. */
    long skipHeader(Bytes<?> bytes) {
        long start = bytes.writePosition();
        bytes.writeSkip(header);
        return start;
    }

    /** The header, in place at {@code start}. */
    void writeHeader(Bytes<?> bytes, long start, long sequence, long intendedNs, long actualNs, long inQueueNs) {
        bytes.writeLong(start, sequence);
        bytes.writeLong(start + 8, intendedNs);
        if (carriesActual) {
            bytes.writeLong(start + 16, actualNs);
        }
        if (carriesInQueue) {
            bytes.writeLong(start + 24, inQueueNs);
        }
    }
}
