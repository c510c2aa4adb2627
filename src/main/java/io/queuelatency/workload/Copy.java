package io.queuelatency.workload;

/**
 * The default workload, the reference study's: a body of filler derived from the sequence, written and checked, so a
 * damaged or misplaced payload is caught. Nothing is allocated. Its handling is the check; its fill the copy.
 */
final class Copy implements Workload {
    private static final long FILLER_SEED = 0x9E3779B97F4A7C15L;

    private final int bytes;
    private final int longs;
    private final int tailBytes;

    Copy(int bytes) {
        this.bytes = bytes;
        this.longs = bytes / 8;
        this.tailBytes = bytes % 8;
    }

    @Override
    public void fill(long sequence, long sendNs, Body body) {
        long word = sequence * FILLER_SEED;
        for (int i = 0; i < longs; i++) {
            body.writeLong(word + i);
        }
        for (int i = 0; i < tailBytes; i++) {
            body.writeByte((byte) (word + i));
        }
    }

    @Override
    public boolean handle(long sequence, Body body) {
        if (body.remaining() != bytes) {
            return false;
        }
        long word = sequence * FILLER_SEED;
        for (int i = 0; i < longs; i++) {
            if (body.readLong() != word + i) {
                return false;
            }
        }
        for (int i = 0; i < tailBytes; i++) {
            if (body.readByte() != (byte) (word + i)) {
                return false;
            }
        }
        return true;
    }
}
