package io.queuelatency.measure;

import io.queuelatency.workload.Body;
import net.openhft.chronicle.bytes.Bytes;

/**
 * A message's body over the queue's own bytes, one per side, pointed at each message in turn: no copy, no allocation.
 * Writes stop at the message's room ({@code --size}); reads at what the message holds (Chronicle's own bound).
 */
final class BytesBody implements Body {
    private Bytes<?> bytes;
    private long limit;
    private boolean reading;

    /** Points this body at a message being written, from the write position, with {@code room} bytes. */
    BytesBody writing(Bytes<?> b, long room) {
        bytes = b;
        limit = b.writePosition() + room;
        reading = false;
        return this;
    }

    /** Points this body at a message being read, from the read position to its end (Chronicle's read limit). */
    BytesBody reading(Bytes<?> b) {
        bytes = b;
        reading = true;
        return this;
    }

    private void room(int n) {
        if (bytes.writePosition() + n > limit) {
            throw new IllegalStateException("the body is full: a message has " + MessageLayout.HEADER_BYTES
                    + " bytes of header and the rest of --size for its body");
        }
    }

    @Override
    public long remaining() {
        return reading ? bytes.readRemaining() : limit - bytes.writePosition();
    }

    @Override
    public void writeLong(long v) {
        room(8);
        bytes.writeLong(v);
    }

    @Override
    public void writeInt(int v) {
        room(4);
        bytes.writeInt(v);
    }

    @Override
    public void writeDouble(double v) {
        room(8);
        bytes.writeDouble(v);
    }

    @Override
    public void writeByte(byte v) {
        room(1);
        bytes.writeByte(v);
    }

    @Override
    public void write(byte[] source, int offset, int length) {
        room(length);
        bytes.write(source, offset, length);
    }

    @Override
    public long readLong() {
        return bytes.readLong();
    }

    @Override
    public int readInt() {
        return bytes.readInt();
    }

    @Override
    public double readDouble() {
        return bytes.readDouble();
    }

    @Override
    public byte readByte() {
        return bytes.readByte();
    }

    @Override
    public void read(byte[] target, int offset, int length) {
        if (length > bytes.readRemaining()) {
            throw new IllegalStateException("the body holds " + bytes.readRemaining() + " bytes, not " + length);
        }
        bytes.read(target, offset, length);
    }
}
