package io.queuelatency.measure;

import io.queuelatency.result.Definition;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The bytes of one message: the sequence number, the intended, actual and in-queue send times (longs, ns), then
 * filler derived from the sequence, so a damaged or misplaced payload is caught. Smaller messages carry what fits
 * (24 to 31 bytes no in-queue time, 16 to 23 no actual time either); the latencies they have no room for are not
 * measured.
 */
public final class MessageLayout {
    public static final int HEADER_BYTES = Definition.IN_QUEUE.smallestMessageBytes;
    public static final int ACTUAL_SIZE = Definition.ACTUAL.smallestMessageBytes;
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

    public boolean carriesActual() {
        return carriesActual;
    }

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
