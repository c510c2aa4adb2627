package io.queuelatency.measure;

import net.openhft.chronicle.bytes.Bytes;

/**
 * The bytes of one message, {@code size} bytes in all:
 * <pre>
 *   offset 0   sequence number       long   0, 1, 2, ... over warm-up and measurement
 *   offset 8   intended send time    long   the Pacer's schedule, ns
 *   offset 16  actual send time      long   System.nanoTime() inside the write, just before the payload
 *   offset 24  filler                size-24 bytes derived from the sequence, so a damaged or misplaced
 *                                           payload is caught by the consumer
 * </pre>
 * Messages of 16 to 23 bytes (the reference harness goes down to 16) have no room for the actual send time:
 * they carry the sequence and the intended time, then size-16 filler bytes, and only the intended latency is
 * measured; the sequence checks stay, the payload check covers what filler there is.
 */
public final class MessageLayout {
    public static final int HEADER_BYTES = 24;
    /** The smallest message: sequence and intended send time. */
    public static final int MIN_SIZE = 16;
    public static final int MAX_SIZE = 65_536;
    private static final long FILLER_SEED = 0x9E3779B97F4A7C15L;

    private final int size;
    private final boolean carriesActual;
    private final int header;
    private final int fillerLongs;
    private final int fillerTailBytes;

    public MessageLayout(int size) {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new IllegalArgumentException("message size must be " + MIN_SIZE + " to " + MAX_SIZE + " bytes: " + size);
        }
        this.size = size;
        this.carriesActual = size >= HEADER_BYTES;
        this.header = carriesActual ? HEADER_BYTES : MIN_SIZE;
        this.fillerLongs = (size - header) / 8;
        this.fillerTailBytes = (size - header) % 8;
    }

    /** False below 24 bytes: no room for the actual send time, so only the intended latency is measured. */
    public boolean carriesActual() {
        return carriesActual;
    }

    public int size() {
        return size;
    }

    public void writeHeader(Bytes<?> bytes, long sequence, long intendedNs, long actualNs) {
        bytes.writeLong(sequence);
        bytes.writeLong(intendedNs);
        if (carriesActual) {
            bytes.writeLong(actualNs);
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
