package io.queuelatency.measure;

import com.sun.jna.Function;
import com.sun.jna.LastErrorException;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Pre-faults the queue's file ahead of the writer, from a thread on a third CPU, so that the producer's writes find
 * their pages mapped: {@code madvise(MADV_POPULATE_WRITE)} (Linux 5.14+) up to {@link #AHEAD_BYTES} past the writer,
 * writing no byte (Chronicle's own Pretoucher is Enterprise only). Records how far ahead it stayed; a failure ends the
 * pre-faulting, never the run. JNA's arguments cost a few hundred bytes of garbage a megabyte, on its own CPU.
 */
public final class Pretoucher {
    /** How far ahead of the writer the pages are populated: at 100,000 msg/s of 256 B about 0.6 s. */
    public static final long AHEAD_BYTES = 16L << 20;
    static final long CHUNK_BYTES = 1L << 20;
    static final long CHECK_NS = 100_000;
    private static final int MADV_POPULATE_WRITE = 23;
    private static final long PAGE = 4096;

    private final Channel channel;
    private final int cpu;
    private final Study.Pinning pinning;
    private volatile boolean stop;
    private Thread thread;
    private Function madvise;
    private long touchedFrom;
    private long touchedTo;
    private volatile long bytes;
    /** The lead over the writer each time it was checked, before populating more (new mappings left out). */
    private final Histogram lead = new Histogram(1L << 40, 2);
    private volatile String failure;

    public Pretoucher(Channel channel, int cpu, Study.Pinning pinning) {
        this.channel = channel;
        this.cpu = cpu;
        this.pinning = pinning;
    }

    /** Starts the thread, where there is a madvise to call; where not, {@link #facts} says why. */
    public Pretoucher start() {
        try {
            madvise = Function.getFunction("c", "madvise", Function.THROW_LAST_ERROR);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            failure = "pre-faulting is not possible here: libc's madvise could not be found (" + e.getMessage() + ")";
            return this;
        }
        thread = new Thread(this::loop, "queue-latency-pretouch");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    private void loop() {
        pinning.pin("pretouch", cpu);
        while (!stop && failure == null) {
            long at = channel.writeAddress();
            if (at != 0) {
                step(at);
            }
            LockSupport.parkNanos(CHECK_NS);
        }
    }

    void step(long at) {
        if (at < touchedFrom || at > touchedTo + AHEAD_BYTES) {
            touchedFrom = at & -PAGE; // somewhere new: a roll or a new block
            touchedTo = touchedFrom;
        } else {
            lead.recordValue(Math.max(0, touchedTo - at));
        }
        while (touchedTo - at < AHEAD_BYTES && !stop) {
            try {
                madvise.invokeInt(
                        new Object[] {new Pointer(touchedTo), new NativeLong(CHUNK_BYTES), MADV_POPULATE_WRITE});
                touchedTo += CHUNK_BYTES;
                bytes += CHUNK_BYTES;
            } catch (LastErrorException e) {
                if (e.getErrorCode() == 12) { // ENOMEM: past the end of the mapping; the next block starts elsewhere
                    return;
                }
                failure = "madvise(MADV_POPULATE_WRITE) failed with errno " + e.getErrorCode()
                        + (e.getErrorCode() == 22 ? " (EINVAL: the kernel is older than 5.14)" : "")
                        + "; pre-faulting stopped";
                return;
            }
        }
    }

    public void stop() {
        stop = true;
        if (thread != null) {
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** After {@link #stop}. */
    public io.queuelatency.result.Pretouch facts() {
        boolean none = lead.getTotalCount() == 0;
        return new io.queuelatency.result.Pretouch(cpu, AHEAD_BYTES, bytes, none ? -1 : lead.getMinValue(),
                none ? -1 : lead.getValueAtPercentile(50), failure);
    }
}
