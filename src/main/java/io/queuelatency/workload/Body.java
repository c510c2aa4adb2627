package io.queuelatency.workload;

/**
 * A message's body as a {@link Workload} sees it: written on the producer's thread by {@link Workload#fill}, read on
 * the consumer's by {@link Workload#handle}, in the same order, little-endian. Nothing here allocates. Writing past
 * the message's room, or reading past what it holds, throws.
 */
public interface Body {
    /** Bytes left: to write, the room the message still has; to read, what the message still holds. */
    long remaining();

    void writeLong(long v);

    void writeInt(int v);

    void writeDouble(double v);

    void writeByte(byte v);

    void write(byte[] source, int offset, int length);

    long readLong();

    int readInt();

    double readDouble();

    byte readByte();

    void read(byte[] target, int offset, int length);
}
