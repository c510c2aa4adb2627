package io.queuelatency.measure;

import io.queuelatency.result.Settings;
import io.queuelatency.result.Warning;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * The floor, measured after the study's window: the same pinned CPUs, the same schedule and clock, but a bare one-way
 * hand-off through shared memory instead of a queue, so the report can say what the queue adds over what the two CPUs
 * can physically do.
 * <pre>
 *   producer (CPU A)                        ring of 1024 slots, one cache line each    consumer (CPU B)
 *   wait for slot i's time; sent = nanoTime
 *   slot[i % 1024] = sent  ────────────────────────────────────────────────────►   sees a time >= due(i),
 *                                                                                    received = nanoTime
 * </pre>
 * A single-producer single-consumer ring (the Disruptor's idea, reduced to one long per slot): a slot holds
 * message i once its value is at or after i's due time on the schedule, which both threads know, because a
 * message is never sent before its slot; a value at or after message i+1024's due time means the producer
 * lapped the consumer. One aligned 8-byte store is one cache line: objects are only 8-byte aligned, so any
 * wider slot would straddle two lines now and then, and such a hand-off moves both. A consumer more than 1024 messages
 * behind would find slots overwritten; those are counted, not measured. Also timed on the producer's CPU: one
 * System.nanoTime() and one histogram record, the harness's own per-message costs.
 */
public final class HandoffFloor {
    private static final int SLOTS = 1024;
    private static final int STRIDE = 16; // longs per slot: 128 bytes, so adjacent-line prefetch never pairs two slots
    private static final int COST_LOOPS = 5_000_000;

    public final Histogram intended = LatencyRecorder.newHistogram();
    public final Histogram actual = LatencyRecorder.newHistogram();
    public long overwritten;
    public double clockReadNs;
    public double histogramRecordNs;
    /** A pin of the floor's threads that did not take; null when both did. */
    public Warning failure;

    private final AtomicLongArray ring = new AtomicLongArray(SLOTS * STRIDE + 2 * STRIDE);
    private final NanoClock clock;
    private final Study.Pinning pinning;
    private volatile long startNs;
    private volatile long sink;
    /** Whether the producer first times a clock read and a histogram record (a run's floor does; a map's pair not). */
    private boolean timeCosts = true;

    /** On {@code clock}, pinning each thread with {@code pinning}: injected, so tests drive it with fakes. */
    HandoffFloor(NanoClock clock, Study.Pinning pinning) {
        this.clock = clock;
        this.pinning = pinning;
    }

    /**
     * Runs {@code durationNs} of hand-offs at {@code rate} between the two CPUs, after a warm-up of the same length.
     */
    public static HandoffFloor measure(long rate, long durationNs, int producerCpu,
            int consumerCpu) throws InterruptedException {
        HandoffFloor floor = new HandoffFloor(NanoClock.SYSTEM, ThreadPinning::pinCurrentThread);
        long perPhase = Math.max(2, Settings.messagesIn(durationNs, rate));
        floor.run(rate, perPhase, perPhase, producerCpu, consumerCpu);
        return floor;
    }

    /**
     * One pair of a host's map: {@code durationNs} of hand-offs at {@code rate} after {@code warmupNs} of them, the
     * same code as the floor's but without timing the harness's costs (half a second a pair; a map of 2016 pairs has
     * about 0.15 s for each).
     */
    public static HandoffFloor measurePair(long rate, long warmupNs, long durationNs, int producerCpu, int consumerCpu)
            throws InterruptedException {
        HandoffFloor floor = new HandoffFloor(NanoClock.SYSTEM, ThreadPinning::pinCurrentThread);
        floor.timeCosts = false;
        floor.run(rate, Math.max(1, Settings.messagesIn(warmupNs, rate)),
                Math.max(2, Settings.messagesIn(durationNs, rate)), producerCpu, consumerCpu);
        return floor;
    }

    void run(long rate, long warmup, long measured, int producerCpu, int consumerCpu) throws InterruptedException {
        CountDownLatch ready = new CountDownLatch(2);
        CountDownLatch go = new CountDownLatch(1);
        Thread producer = new Thread(() -> {
            Warning pin = pinning.pin("floor producer", producerCpu);
            if (timeCosts) {
                measureCosts();
            }
            ready.countDown();
            if (Study.await(go)) {
                failure = pin != null ? pin : failure;
                send(rate, warmup + measured);
            }
        }, "floor-producer");
        Thread consumer = new Thread(() -> {
            Warning pin = pinning.pin("floor consumer", consumerCpu);
            ready.countDown();
            if (Study.await(go)) {
                failure = pin != null ? pin : failure;
                receive(rate, warmup, warmup + measured);
            }
        }, "floor-consumer");
        producer.start();
        consumer.start();
        ready.await();
        startNs = clock.nanoTime() + 1_000_000;
        go.countDown(); // publishes startNs to both threads
        producer.join();
        consumer.join();
    }

    /** Message i goes at its slot on the schedule: its send time into its ring slot. */
    private void send(long rate, long total) {
        Pacer pacer = new Pacer(clock, startNs, rate);
        for (long i = 0; i < total; i++) {
            long intendedNs = pacer.intendedTime(i);
            pacer.awaitTime(intendedNs);
            ring.lazySet((int) (i % SLOTS) * STRIDE + STRIDE, clock.nanoTime());
        }
    }

    /**
     * Message i is there once its slot holds a time at or after i's due time; one at or after i+1024's due time lapped
     * it.
     */
    private void receive(long rate, long warmup, long total) {
        Pacer schedule = new Pacer(clock, startNs, rate);
        for (long next = 0; next < total; next++) {
            int slot = (int) (next % SLOTS) * STRIDE + STRIDE;
            long due = schedule.intendedTime(next);
            long lapped = schedule.intendedTime(next + SLOTS);
            long sent;
            while ((sent = ring.get(slot)) < due) {
                // spin: the slot still holds an older message
            }
            long received = clock.nanoTime();
            if (next < warmup) {
                continue; // the warm-up's hand-offs, lapped or not, are not counted
            }
            if (sent >= lapped) {
                overwritten++; // the producer reused this slot before it was read
            } else {
                intended.recordValue(Math.max(0, received - due));
                actual.recordValue(Math.max(0, received - sent));
            }
        }
    }

    /** The harness's own costs on this CPU, each the mean over millions of calls after a first pass to compile them. */
    private void measureCosts() {
        Histogram h = LatencyRecorder.newHistogram();
        for (int pass = 0; pass < 2; pass++) {
            long t0 = System.nanoTime();
            long x = 0;
            for (int i = 0; i < COST_LOOPS; i++) {
                x += System.nanoTime();
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < COST_LOOPS; i++) {
                h.recordValue(300 + (i & 0xFFF));
            }
            long t2 = System.nanoTime();
            sink = x;
            clockReadNs = (t1 - t0) / (double) COST_LOOPS;
            histogramRecordNs = (t2 - t1) / (double) COST_LOOPS;
        }
    }
}
