package io.queuelatency.measure;

/** The one clock both threads read: System.nanoTime() (CLOCK_MONOTONIC) is comparable across CPUs in one JVM. */
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
