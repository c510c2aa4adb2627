package io.queuelatency.tail;

import io.queuelatency.kernel.KernelEvents;
import io.queuelatency.kernel.KernelSource;
import io.queuelatency.measure.Watcher;

/**
 * The kernel's events as the fold takes them: from the trace's ring into each measured CPU's {@link KernelWindow}, in
 * time order (trace_pipe merges the CPUs' buffers so), up to a time; and whether the reader has got that far.
 */
final class KernelFeed {
    final KernelSource source;
    final KernelWindow producerCpu;
    final KernelWindow consumerCpu;
    private final OwnThreads own;
    private long read;
    /** Every event before this is taken. */
    long latestNs = Long.MIN_VALUE;
    private boolean readerKnown;

    KernelFeed(KernelSource source, Watcher.Sources s, OwnThreads own) {
        this.source = source;
        this.own = own;
        producerCpu = new KernelWindow(s.producerCpu);
        consumerCpu = s.consumerCpu == s.producerCpu ? producerCpu : new KernelWindow(s.consumerCpu);
        producerCpu.watch(s.producerTid);
        consumerCpu.watch(s.consumerTid);
    }

    /**
     * The kernel's buffer per CPU that holds the window's events, twice what they take: ticks, interrupts and switches
     * about 100 KB/s, page faults 48 B a 4 KiB page the queue's file grows by.
     */
    static int heldBufferKb(Watcher.Sources s) {
        long bytesPerSecond = (128 << 10) + s.messageBytesPerSecond / 4096 * 48;
        long seconds = s.durationNs / 1_000_000_000L + 10;
        return (int) Math.min(Integer.MAX_VALUE, 2 * bytesPerSecond * seconds / 1024);
    }

    /** Takes the events before {@code upTo}: one at or after it says every earlier one is in. */
    void take(long upTo) {
        if (!readerKnown && source.readerTid() > 0) {
            own.tool(source.readerTid());
            readerKnown = true;
        }
        KernelEvents e = source.events();
        long written = e.written();
        for (; read < written; read++) {
            if (e.ts(read) >= upTo) {
                latestNs = Math.max(latestNs, upTo);
                break;
            }
            latestNs = Math.max(latestNs, e.ts(read));
            int cpu = e.cpu(read);
            if (cpu == producerCpu.cpu) {
                producerCpu.add(e, read);
            }
            if (cpu == consumerCpu.cpu && consumerCpu != producerCpu) {
                consumerCpu.add(e, read);
            }
        }
        e.takenUpTo(read);
    }

    /** Takes the events before {@code t}; whether every one is in. With {@code wait}, waits up to {@code waitNs}. */
    boolean reached(long t, boolean wait, long waitNs) {
        long giveUp = System.nanoTime() + waitNs;
        while (true) {
            boolean drained = source.drained(); // before taking: a reader that ended has put everything in
            take(t);
            if (latestNs >= t || drained && read == source.events().written()) {
                return true;
            }
            if (!wait || System.nanoTime() - giveUp > 0) {
                return wait;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }
    }

    void trim(long beforeNs) {
        producerCpu.trim(beforeNs);
        consumerCpu.trim(beforeNs);
    }

    /** By the kernel (a full buffer), at the ring, and those the windows had to let go. */
    long lost() {
        return source.lost() + producerCpu.overflowed + (consumerCpu == producerCpu ? 0 : consumerCpu.overflowed);
    }
}
