package io.queuelatency.kernel;

/** The kernel's events on the measured CPUs as the fold takes them; {@link KernelTrace} is the real one. */
public interface KernelSource {
    KernelEvents events();

    Names names();

    /** Before the ring (the kernel's buffer overran) or at it (the ring was full). */
    long lost();

    /** The kernel's id of the reader thread (its time on a measured CPU is the tool's); -1 until known. */
    int readerTid();

    /** Why the events stopped coming before the end, or null. */
    String failure();

    /** Drains what is still on its way and stops; null, or what could not be cleaned up. */
    String stop();

    /** {@code true}: the events wait in the kernel's buffer, and nothing of the tool reads them. */
    default void hold(boolean held) {
    }

    /** The fullest traced CPU's buffer's unread share; 0 where not known. */
    default double bufferFill() {
        return 0;
    }

    /** Every event from before this call reaches the ring, and the reader ends there ({@link #drained}). */
    default void endMark() {
    }

    /** Every event up to the end mark is in the ring; true where there is no reader. */
    default boolean drained() {
        return true;
    }
}
