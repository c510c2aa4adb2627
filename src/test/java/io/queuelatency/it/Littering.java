package io.queuelatency.it;

import io.queuelatency.workload.Body;
import io.queuelatency.workload.Workload;

/**
 * A workload that makes garbage on purpose and says so: a fresh array of {@link #BYTES} a message on each side, kept
 * until the next (so the JIT cannot leave it unallocated), and the sequence in the body, checked.
 */
public final class Littering implements Workload {
    static final int BYTES = 4096;
    private byte[] last;

    @Override
    public void fill(long sequence, long sendNs, Body body) {
        last = new byte[BYTES];
        last[0] = (byte) sequence;
        body.writeLong(sequence);
    }

    @Override
    public boolean handle(long sequence, Body body) {
        last = new byte[BYTES];
        last[0] = (byte) sequence;
        return body.readLong() == sequence;
    }

    @Override
    public boolean allocates() {
        return true;
    }
}
