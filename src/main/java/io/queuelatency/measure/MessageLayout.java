package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The bytes of one message, {@code size} bytes in all:
 * <pre>
 *   offset 0   sequence number       long   0, 1, 2, ... over warm-up and measurement
 *   offset 8   intended send time    long   the Pacer's schedule, ns
 *   offset 16  actual send time      long   the producer's System.nanoTime() immediately before the queue's write
 *                                           call (the reference study's startTime)
 *   offset 24  in-queue send time    long   the producer's System.nanoTime() inside the write, once the queue
 *                                           opened it, just before the payload
 *   offset 32  filler                size-32 bytes derived from the sequence, so a damaged or misplaced
 *                                           payload is caught by the consumer
 * </pre>
 * Smaller messages carry what fits (the reference harness goes down to 16 bytes): 24 to 31 bytes the sequence,
 * the intended and the actual send time; 16 to 23 bytes the sequence and the intended time. Each then has
 * size minus its header of filler; the latencies it has no room for are not measured. The sequence checks stay,
 * the payload check covers what filler there is.
 */
public final class MessageLayout {
    /** Room for all three send times. */
    public static final int HEADER_BYTES = Definition.IN_QUEUE.smallestMessageBytes;
    /** The smallest message with the actual send time (the article's definition). */
    public static final int ACTUAL_SIZE = Definition.ACTUAL.smallestMessageBytes;
    /** The smallest message: sequence and intended send time. */
    public static final int MIN_SIZE = Definition.INTENDED.smallestMessageBytes;
    public static final int MAX_SIZE = 65_536;
    private static final long FILLER_SEED = 0x9E3779B97F4A7C15L;

    private final int size;
    private final boolean carriesActual;
    private final boolean carriesInQueue;
    private final int header;
    private final int fillerLongs;
    private final int fillerTailBytes;

    public MessageLayout(int size) {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new IllegalArgumentException("message size must be " + MIN_SIZE + " to " + MAX_SIZE + " bytes: "
                    + size);
        }
        this.size = size;
        this.carriesActual = size >= ACTUAL_SIZE;
        this.carriesInQueue = size >= HEADER_BYTES;
        this.header = carriesInQueue ? HEADER_BYTES : carriesActual ? ACTUAL_SIZE : MIN_SIZE;
        this.fillerLongs = (size - header) / 8;
        this.fillerTailBytes = (size - header) % 8;
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

    public void writeHeader(Bytes<?> bytes, long sequence, long intendedNs, long actualNs, long inQueueNs) {
        bytes.writeLong(sequence);
        bytes.writeLong(intendedNs);
        if (carriesActual) {
            bytes.writeLong(actualNs);
        }
        if (carriesInQueue) {
            bytes.writeLong(inQueueNs);
        }
    }

    public void writeFiller(Bytes<?> bytes, long sequence) {
        long word = sequence * FILLER_SEED;
        for (int i = 0; i < fillerLongs; i++) {
            bytes.writeLong(word + i);
        }
        for (int i = 0; i < fillerTailBytes; i++) {
            bytes.writeByte((byte) (word + i));
        }
    }

    /** Reads the filler that follows a header just read; true when it is the one {@code sequence} was sent with. */
    public boolean fillerIntact(Bytes<?> bytes, long sequence) {
        if (bytes.readRemaining() != size - header) {
            return false;
        }
        long word = sequence * FILLER_SEED;
        for (int i = 0; i < fillerLongs; i++) {
            if (bytes.readLong() != word + i) {
                return false;
            }
        }
        for (int i = 0; i < fillerTailBytes; i++) {
            if (bytes.readByte() != (byte) (word + i)) {
                return false;
            }
        }
        return true;
    }
}
