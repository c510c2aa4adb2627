package io.queuelatency.measure;

import java.io.File;
import java.util.Arrays;
import java.util.Locale;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.StoreFileListener;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The queue under test: a Chronicle Queue (binary wire) in the run's own {@link QueueDirectory}. The producer
 * writes through an appender, the consumer reads through a tailer; each is created on its own pinned thread.
 * Once a second it deletes the cycle files both threads are done with, samples the footprint, and watches
 * the free space of the queue's filesystem: a memory-mapped write into a full tmpfs kills the JVM with
 * SIGBUS, so the run stops cleanly first.
 */
public final class ChronicleChannel implements Channel {
    /** Seconds of writing at the run's rate that must fit in the free space; the check runs once a second. */
    static final long FREE_SPACE_SECONDS = 3;
    /** Room for the queue's own headers and index beside the messages; its blocks are sparse and cost only what is written. */
    public static final long MARGIN_BYTES = 16L << 20;
    /** Cycles whose first write is kept, by cycle number modulo this: a MINUTELY run of almost three days. */
    static final int CYCLE_SLOTS = 4096;

    /**
     * Per cycle (number modulo {@link #CYCLE_SLOTS}), the actual send time of the producer's first write into it:
     * the moment the roll into that cycle had completed, on the samples' clock. Written by the producer only.
     */
    private final long[] firstWriteNs = noWritesYet();

    private final QueueDirectory dir;
    private final MessageLayout layout;
    private final NanoClock clock;
    private final SingleChronicleQueue queue;
    private final long neededFreeBytes;

    public ChronicleChannel(QueueDirectory dir, StudyConfig config, NanoClock clock) {
        this.dir = dir;
        this.layout = new MessageLayout(config.messageSize);
        this.clock = clock;
        this.queue = SingleChronicleQueueBuilder.binary(dir.queuePath().toFile())
                .rollCycle(RollCycleNames.byName(config.rollCycle))
                .blockSize(config.blockSize)
                .storeFileListener(new StoreFileListener() {
                    // Chronicle calls it on its background~resource~releaser thread, some time after the cycle was
                    // opened: it serves to delete finished cycles, not to time the roll (the producer does that).
                    @Override
                    public void onReleased(int cycle, File file) {
                        dir.onReleased(cycle, file);
                    }
                })
                .build();
        this.neededFreeBytes = neededFreeBytes(config);
    }

    /** {@link #FREE_SPACE_SECONDS} of messages (each with ~12 bytes of header and index) and {@link #MARGIN_BYTES}. */
    static long neededFreeBytes(StudyConfig config) {
        return MARGIN_BYTES + FREE_SPACE_SECONDS * config.ratePerSecond * (config.messageSize + 12L);
    }

    @Override
    public MessageWriter openWriter() {
        return writer(queue.createAppender(), layout, clock, firstWriteNs);
    }

    static long[] noWritesYet() {
        long[] firstWriteNs = new long[CYCLE_SLOTS];
        Arrays.fill(firstWriteNs, Long.MAX_VALUE);
        return firstWriteNs;
    }

    @Override
    public MessageReader openReader() {
        return reader(queue.createTailer(), layout, clock);
    }

    /** The producer's side of one write: the actual send time is read inside the document, just before the payload. */
    public static MessageWriter writer(ExcerptAppender appender, MessageLayout layout, NanoClock clock) {
        return writer(appender, layout, clock, noWritesYet());
    }

    /**
     * The same, keeping in {@code firstWriteNs} each cycle's first actual send time: once the message is committed
     * (off its path), a field read and a min into a fixed array, with no branch (a branch first taken at a roll in
     * the window would make the JIT discard this code there).
     */
    static MessageWriter writer(ExcerptAppender appender, MessageLayout layout, NanoClock clock, long[] firstWriteNs) {
        int mask = firstWriteNs.length - 1;
        return (sequence, intendedNs) -> {
            long actualNs;
            try (DocumentContext dc = appender.writingDocument()) {
                Bytes<?> bytes = dc.wire().bytes();
                actualNs = clock.nanoTime();
                layout.writeHeader(bytes, sequence, intendedNs, actualNs);
                layout.writeFiller(bytes, sequence);
            }
            int slot = appender.cycle() & mask;
            firstWriteNs[slot] = Math.min(firstWriteNs[slot], actualNs);
            return actualNs;
        };
    }

    /** The consumer's side: the receive time is read as soon as the document is present, before anything else. */
    public static MessageReader reader(ExcerptTailer tailer, MessageLayout layout, NanoClock clock) {
        return receiver -> {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    return false;
                }
                long receivedNs = clock.nanoTime();
                Bytes<?> bytes = dc.wire().bytes();
                long sequence = bytes.readLong();
                long intendedNs = bytes.readLong();
                long actualNs = layout.carriesActual() ? bytes.readLong() : Channel.NO_ACTUAL;
                receiver.onMessage(receivedNs, sequence, intendedNs, actualNs, layout.fillerIntact(bytes, sequence));
                return true;
            }
        };
    }

    @Override
    public String housekeep() {
        dir.deleteReleasedCycles();
        dir.sampleFootprint();
        long free = dir.usableBytes(); // a statfs on the store found once: no mount table read every second
        if (free < 0) {
            return null; // unknown this second; the next tick asks again
        }
        if (free < neededFreeBytes) {
            return String.format(Locale.ROOT, "the queue's filesystem is nearly full: %s has %.1f MiB free, and the run needs %.1f MiB "
                            + "(%d s of messages and %d MiB for the queue's own records) to go on safely; free space there or use another --queue-dir",
                    dir.root().getParent(), free / 1048576.0, neededFreeBytes / 1048576.0, FREE_SPACE_SECONDS, MARGIN_BYTES >> 20);
        }
        return null;
    }

    @Override
    public long[] cycleStarts() {
        return rolls(firstWriteNs);
    }

    /** Each cycle's first write but the run's first (which opened the queue, no roll), in time order. */
    static long[] rolls(long[] firstWriteNs) {
        long[] written = Arrays.stream(firstWriteNs).filter(t -> t != Long.MAX_VALUE).sorted().toArray();
        return written.length == 0 ? written : Arrays.copyOfRange(written, 1, written.length);
    }

    @Override
    public void close() {
        queue.close();
        dir.deleteReleasedCycles();
        dir.sampleFootprint();
    }
}
