package io.queuelatency.tail;

/** One stop-the-world event of the measured JVM, on the samples' clock (System.nanoTime()). */
public final class JvmEvent {
    public final String operation;
    public final long startNs;
    public final long endNs;
    /** Time to reach the safepoint; -1 when unknown. */
    public final long reachingNs;
    /** From {@link #startNs}: the event less the time the JVM took to leave the safepoint after releasing them. */
    public final long stoppedNs;

    public JvmEvent(String operation, long startNs, long endNs, long reachingNs) {
        this(operation, startNs, endNs, reachingNs, endNs - startNs);
    }

    public JvmEvent(String operation, long startNs, long endNs, long reachingNs, long stoppedNs) {
        this.operation = operation;
        this.startNs = startNs;
        this.endNs = endNs;
        this.reachingNs = reachingNs;
        this.stoppedNs = Math.max(0, Math.min(stoppedNs, endNs - startNs));
    }

    public long stoppedEndNs() {
        return startNs + stoppedNs;
    }

    /** A collector's pause: G1, Parallel, Serial, ZGC and Shenandoah name their VM operations so. */
    public boolean isGc() {
        return isGc(operation);
    }

    static boolean isGc(String operation) {
        return operation.matches("(?i).*(GC|Collect|^Z(Mark|Relocate|Verify)|Shenandoah|G1Pause|G1TryInitiate).*");
    }

    @Override
    public String toString() {
        return operation + " [" + startNs + ", " + endNs + "]";
    }
}
