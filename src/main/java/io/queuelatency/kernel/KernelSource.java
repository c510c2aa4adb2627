package io.queuelatency.kernel;

/**
 * The kernel's events on the measured CPUs as the tail's fold takes them: a ring filled as the run goes, the names of
 * the commands they mention, and how it ends. {@link KernelTrace} is the real one; tests hand in their own events.
 */
public interface KernelSource {
    KernelEvents events();

    Names names();

    /** Events lost before they reached the ring (the kernel's buffer overran) or at it (the ring was full). */
    long lost();

    /**
     * The kernel's id of the thread that reads the events (its time on a measured CPU is the tool's); -1 until known.
     */
    int readerTid();

    /** Why the events stopped coming before the end (the reader failed), or null. */
    String failure();

    /** Drains what is still on its way and stops; null, or what could not be cleaned up. */
    String stop();

    /**
     * Holds the reader ({@code true}: the events wait in the kernel's buffer, and nothing of the tool reads them) or
     * lets it read again.
     */
    default void hold(boolean held) {
    }

    /** How full the fullest traced CPU's buffer is with events not yet read, from 0 to 1; 0 where not known. */
    default double bufferFill() {
        return 0;
    }

    /**
     * Marks the end: every event from before this call reaches the ring, and the reader ends there ({@link #drained}).
     */
    default void endMark() {
    }

    /** Whether the reader has ended: every event up to the end mark is in the ring. True where there is no reader. */
    default boolean drained() {
        return true;
    }
}
