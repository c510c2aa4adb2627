package io.queuelatency.measure;

/**
 * The one clock both threads read. Both ends of every latency are taken from it in the same JVM, so
 * System.nanoTime() (CLOCK_MONOTONIC on Linux, an invariant TSC underneath on modern x86) is comparable
 * across the producer's and the consumer's CPUs. Tests inject a deterministic clock.
 */
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
