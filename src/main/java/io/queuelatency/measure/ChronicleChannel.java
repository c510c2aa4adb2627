package io.queuelatency.measure;

import io.queuelatency.result.StudyConfig;
import io.queuelatency.workload.Workload;
import io.queuelatency.workload.WorkloadFailure;
import io.queuelatency.workload.Workloads;
import java.io.File;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.StoreFileListener;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The queue under test: a Chronicle Queue (binary wire) in the run's own {@link QueueDirectory}. Once a second it
 * deletes the cycle files both threads are done with, samples the footprint, and watches the free space: a
 * memory-mapped write into a full tmpfs kills the JVM with SIGBUS, so the run stops cleanly first.
 */
public final class ChronicleChannel implements Channel {
    /** Seconds of writing at the run's rate that must fit in the free space. */
    static final long FREE_SPACE_SECONDS = 3;
    /** Room for the queue's own headers and index beside the messages (its blocks are sparse). */
    public static final long MARGIN_BYTES = 16L << 20;
    /** The newest queue events kept: a MINUTELY run of almost three days. */
    static final int EVENTS_KEPT = 4096;

    private final QueueEvents events = new QueueEvents();
    /** For the pre-toucher; {@link WriteMark#NONE} without one. */
    private final WriteMark mark;

    private final QueueDirectory dir;
    private final MessageLayout layout;
    private final NanoClock clock;
    private final SingleChronicleQueue queue;
    private final long neededFreeBytes;
    /** --probes; null without. */
    private final Probes probes;

    public ChronicleChannel(QueueDirectory dir, StudyConfig config, NanoClock clock) {
        this.dir = dir;
        this.layout = new MessageLayout(config.settings.size, Workloads.maker(config.settings.workload,
                config.settings.workloadJar, config.settings.size - MessageLayout.HEADER_BYTES));
        this.clock = clock;
        this.queue = SingleChronicleQueueBuilder.binary(dir.queuePath().toFile())
                .rollCycle(QueueSpace.byName(config.chosenRollCycle))
                .blockSize(config.settings.blockSize)
                .storeFileListener(new StoreFileListener() {
                    // called some time after the roll: to delete finished cycles, not to time the roll
                    @Override
                    public void onReleased(int cycle, File file) {
                        dir.onReleased(cycle, file);
                    }
                })
                .build();
        this.neededFreeBytes = neededFreeBytes(config);
        this.mark = config.pretouchCpu >= 0 ? new WriteAddress() : WriteMark.NONE;
        this.probes = config.settings.probes ? new Probes(config.warmupMessages()) : null;
    }

    /** Each message with its {@link QueueSpace#OVERHEAD_BYTES} of header and index. */
    static long neededFreeBytes(StudyConfig c) {
        return MARGIN_BYTES + FREE_SPACE_SECONDS * c.settings.rate * (c.settings.size + QueueSpace.OVERHEAD_BYTES);
    }

    @Override
    public MessageWriter openWriter() {
        return writer(queue.createAppender(), layout, clock, events, mark, probes);
    }

    @Override
    public MessageReader openReader() {
        return reader(queue.createTailer(), layout, clock);
    }

    /**
     * The producer's side, on its thread: the workload fills the body once the queue opened the document, then the
     * in-queue send time is read and the header written in front of the body; {@code events} told after each commit
     * (off the message's path) which cycle and block the message went to: two field reads and the few stores of
     * {@link QueueEvents#wrote}, no branch. With {@code probes} (else null) a clock read more, once the queue opened
     * the write, times the opening and the fill apart; they are recorded after the commit.
     */
    static MessageWriter writer(ExcerptAppender appender, MessageLayout layout, NanoClock clock, QueueEvents events,
            WriteMark mark, Probes probes) {
        Workload workload = layout.newWorkload();
        BytesBody body = new BytesBody();
        return (sequence, intendedNs, actualNs) -> {
            long inQueueNs;
            long openedNs = 0;
            Bytes<?> bytes;
            try (DocumentContext dc = appender.writingDocument()) {
                bytes = dc.wire().bytes();
                long start = layout.skipHeader(bytes);
                if (probes != null) {
                    openedNs = clock.nanoTime();
                }
                try {
                    workload.fill(sequence, actualNs, body.writing(bytes, layout.bodyBytes()));
                } catch (RuntimeException e) {
                    dc.rollbackOnClose(); // no half-written message reaches the consumer
                    throw new WorkloadFailure(workload.getClass().getName(), "fill", sequence, e);
                }
                inQueueNs = clock.nanoTime();
                layout.writeHeader(bytes, start, sequence, intendedNs, actualNs, inQueueNs);
                mark.wrote(bytes);
            }
            events.wrote(appender.cycle(), bytes.bytesStore().start(), inQueueNs);
            if (probes != null) {
                probes.sent(sequence, openedNs - actualNs, inQueueNs - openedNs);
            }
            return inQueueNs;
        };
    }

    /** Where the message ends, inside each write; without --pretouch {@link #NONE}, a call the JIT removes. */
    interface WriteMark {
        WriteMark NONE = written -> { };

        void wrote(Bytes<?> written);
    }

    /** --pretouch: where the next write goes (an ordered store). */
    static final class WriteAddress implements WriteMark {
        final AtomicLong address = new AtomicLong();

        @Override
        public void wrote(Bytes<?> written) {
            address.lazySet(written.addressForWritePosition());
        }
    }

    /**
     * Where the producer's writes went: each change of cycle (a roll) or of block (mapped inside that write), with the
     * in-queue send time of the first write there. A ring of the newest {@link #EVENTS_KEPT}, the first entry the
     * queue's opening; written like {@link StallRecorder}'s, with no branch a roll would take first, and published.
     */
    static final class QueueEvents {
        private final long[] blockStart = new long[EVENTS_KEPT];
        private final long[] firstWriteNs = new long[EVENTS_KEPT];
        private long lastPlace;
        private long unwritten = 1; // until the first write, which opens the queue: an event whatever its place
        private long seen;
        private final AtomicLong published = new AtomicLong();

        void wrote(int cycle, long blockStart, long inQueueNs) {
            // any roll or new block changes it (blocks start below 16 TiB)
            long place = ((long) cycle << 44) ^ blockStart;
            long d = (place ^ lastPlace) | unwritten;
            long changed = (d | -d) >>> 63; // 1 when this write went elsewhere than the last, else 0
            lastPlace = place;
            unwritten = 0;
            seen += changed;
            int slot = (int) (seen & (EVENTS_KEPT - 1));
            this.blockStart[slot] = blockStart;
            firstWriteNs[slot] = firstWriteNs[slot] * (1 - changed) + inQueueNs * changed;
            published.lazySet(seen);
        }

        long[] rolls() {
            return times(true);
        }

        long[] newBlocks() {
            return times(false);
        }

        /** A new cycle's first write lands in its file's first block (start 0); a new block starts past it. */
        private long[] times(boolean rolls) {
            long seen = published.get();
            // the first event, the queue's opening, is no roll; one slot in writing
            long first = Math.max(2, seen - (EVENTS_KEPT - 2));
            long[] out = new long[(int) Math.max(0, seen - first + 1)];
            int n = 0;
            for (long k = first; k <= seen; k++) {
                int slot = (int) (k & (EVENTS_KEPT - 1));
                if ((blockStart[slot] == 0) == rolls) {
                    out[n++] = firstWriteNs[slot];
                }
            }
            return Arrays.copyOf(out, n);
        }
    }

    /**
     * The consumer's side, on its thread: the receive time is read first, as soon as the document is present; the
     * workload handles the body, and the handled time is read once it has.
     */
    public static MessageReader reader(ExcerptTailer tailer, MessageLayout layout, NanoClock clock) {
        Workload workload = layout.newWorkload();
        BytesBody body = new BytesBody();
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
                long inQueueNs = layout.carriesInQueue() ? bytes.readLong() : Channel.NO_ACTUAL;
                boolean intact;
                try {
                    intact = workload.handle(sequence, body.reading(bytes));
                } catch (RuntimeException e) {
                    throw new WorkloadFailure(workload.getClass().getName(), "handle", sequence, e);
                }
                long handledNs = clock.nanoTime();
                receiver.onMessage(receivedNs, handledNs, sequence, intendedNs, actualNs, inQueueNs, intact);
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
            return String.format(Locale.ROOT, "the queue's filesystem is nearly full: %s has %.1f MiB free, and the "
                            + "run needs %.1f MiB (%d s of messages and %d MiB for the queue's own records) to go on "
                            + "safely; free space there or use another --queue-dir",
                    dir.root().getParent(), free / 1048576.0, neededFreeBytes / 1048576.0, FREE_SPACE_SECONDS,
                    MARGIN_BYTES >> 20);
        }
        return null;
    }

    @Override
    public Probes probes() {
        return probes;
    }

    @Override
    public long writeAddress() {
        return mark instanceof WriteAddress ? ((WriteAddress) mark).address.get() : 0;
    }

    @Override
    public long[] cycleStarts() {
        return events.rolls();
    }

    @Override
    public long[] newBlocks() {
        return events.newBlocks();
    }

    @Override
    public void close() {
        queue.close();
        dir.deleteReleasedCycles();
        dir.sampleFootprint();
    }
}
