package io.queuelatency.workload;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Definition;

/**
 * The built-in {@code garbage[=BYTES]}: a handler that allocates, so the collector works inside the measured window.
 * The producer writes the sequence (8 bytes of body); the consumer checks it, then allocates one {@code byte[]} of
 * {@code BYTES - 16} elements per message, writes its first and last byte and keeps it in a ring of {@value #KEPT}
 * (so escape analysis cannot remove the allocation; each array dies young, {@value #KEPT} messages later).
 *
 * <p>A {@code byte[n]} costs 16 bytes of header (an 8-byte mark word, a 4-byte compressed class pointer, the 4-byte
 * length) and n bytes, rounded up to a multiple of 8, on a 64-bit HotSpot with compressed class pointers (the
 * default, with compressed oops or without). So {@code BYTES}, a multiple of 8 from 16 to 1 MiB, is exactly what
 * each message allocates there. With {@code -XX:-UseCompressedClassPointers} each costs 8 more; with JDK 24's
 * {@code -XX:+UseCompactObjectHeaders} (a 12-byte header) the same, once rounded up to 8. The default is
 * {@value #DEFAULT_BYTES} bytes.
 */
final class Garbage implements Workload {
    static final int DEFAULT_BYTES = 1024;
    /** A byte[]'s header with compressed class pointers. */
    static final int ARRAY_HEADER = 16;
    static final int MAX_BYTES = 1 << 20;
    private static final int KEPT = 16;

    private final int elements;
    private final byte[][] ring = new byte[KEPT][];
    private int next;

    private Garbage(int elements) {
        this.elements = elements;
    }

    /** The maker of {@code garbage=BYTES} (null: the default), refusing a size it cannot allocate exactly. */
    static Workloads.Factory maker(int bodyBytes, String argument) {
        int bytes;
        try {
            bytes = argument == null ? DEFAULT_BYTES : Integer.parseInt(argument.trim());
        } catch (NumberFormatException e) {
            throw new BadInputException("--workload garbage=" + argument + ": BYTES is a whole number of bytes");
        }
        if (bytes < ARRAY_HEADER || bytes > MAX_BYTES || bytes % 8 != 0) {
            throw new BadInputException("--workload garbage=" + argument + ": BYTES must be a multiple of 8 from "
                    + ARRAY_HEADER + " to " + MAX_BYTES + " (an array's header and its elements, rounded to 8)");
        }
        if (bodyBytes < Long.BYTES) {
            throw new BadInputException("--workload garbage needs --size "
                    + (Definition.IN_QUEUE.smallestMessageBytes + Long.BYTES) + " or more: " + Long.BYTES
                    + " bytes of body after the tool's " + Definition.IN_QUEUE.smallestMessageBytes + " of header");
        }
        int elements = bytes - ARRAY_HEADER;
        return () -> new Garbage(elements);
    }

    @Override
    public void fill(long sequence, long sendNs, Body body) {
        body.writeLong(sequence);
    }

    @Override
    public boolean handle(long sequence, Body body) {
        boolean intact = body.remaining() == Long.BYTES && body.readLong() == sequence;
        byte[] garbage = new byte[elements];
        if (elements > 0) {
            garbage[0] = (byte) sequence;
            garbage[elements - 1] = (byte) (sequence >>> 8);
        }
        ring[next] = garbage;
        next = (next + 1) & (KEPT - 1);
        return intact;
    }

    @Override
    public boolean allocates() {
        return true;
    }
}
