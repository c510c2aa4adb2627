package io.queuelatency.measure;

import java.io.File;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
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
    /** Cycle openings kept (the appender's and the tailer's, so two a roll): a MINUTELY day's worth. */
    static final int CYCLE_STARTS_KEPT = 4096;

    private final long[] cycleStartsNs = new long[CYCLE_STARTS_KEPT];
    private final AtomicInteger cyclesOpened = new AtomicInteger();

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
                    @Override
                    public void onAcquired(int cycle, File file) {
                        // on the thread that opens the cycle, at a roll the producer: no allocation, a clock read
                        int i = cyclesOpened.getAndIncrement();
                        if (i < cycleStartsNs.length) {
                            cycleStartsNs[i] = clock.nanoTime();
                        }
                    }

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
        return writer(queue.createAppender(), layout, clock);
    }

    @Override
    public MessageReader openReader() {
        return reader(queue.createTailer(), layout, clock);
    }

    /** The producer's side of one write: the actual send time is read inside the document, just before the payload. */
    public static MessageWriter writer(ExcerptAppender appender, MessageLayout layout, NanoClock clock) {
        return (sequence, intendedNs) -> {
            long actualNs;
            try (DocumentContext dc = appender.writingDocument()) {
                Bytes<?> bytes = dc.wire().bytes();
                actualNs = clock.nanoTime();
                layout.writeHeader(bytes, sequence, intendedNs, actualNs);
                layout.writeFiller(bytes, sequence);
            }
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
        return Arrays.copyOf(cycleStartsNs, Math.min(cyclesOpened.get(), cycleStartsNs.length));
    }

    @Override
    public void close() {
        queue.close();
        dir.deleteReleasedCycles();
        dir.sampleFootprint();
    }
}
