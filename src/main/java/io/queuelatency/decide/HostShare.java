package io.queuelatency.decide;

import io.queuelatency.result.Percentile;

/**
 * The host's share of one pair of JVMs at one tail percentile, context beside the pair's verdict. The host accounts
 * for the pair only where it accounts for both JVMs' latency ({@link #byFloor}, {@link #byTail}): where it reaches
 * only the faster's, the slower's excess is not the host's.
 */
public final class HostShare {
    public enum By { FLOOR, TAIL }

    public final Percentile percentile;
    /** The host's floor there, ns; NaN where none was measured. */
    public final double floorNs;
    /** The first and the second JVM's latency there (their estimates, intended), ns. */
    public final double firstNs;
    public final double secondNs;
    /** Of the first's and the second's samples beyond, the share the host or the queue alone explains; -1: unknown. */
    public final double firstTail;
    public final double secondTail;

    HostShare(Percentile percentile, double floorNs, double firstNs, double secondNs, double firstTail,
              double secondTail) {
        this.percentile = percentile;
        this.floorNs = floorNs;
        this.firstNs = firstNs;
        this.secondNs = secondNs;
        this.firstTail = firstTail;
        this.secondTail = secondTail;
    }

    /** The host's floor reaches {@link Analysis#HOST_SHARE} of both JVMs' latency. */
    public boolean byFloor() {
        return !Double.isNaN(floorNs) && floorNs >= Analysis.HOST_SHARE * firstNs
                && floorNs >= Analysis.HOST_SHARE * secondNs;
    }

    /** Both JVMs' samples beyond are at least {@link Analysis#HOST_SHARE} the host's or the queue's alone. */
    public boolean byTail() {
        return firstTail >= Analysis.HOST_SHARE && secondTail >= Analysis.HOST_SHARE;
    }

    /**
     * How the host accounts for this pair; null where it does not. Where both tails' causes are known, they decide
     * alone: the floor compares sizes, the tail says what took the time (a JVM whose own compiler thread explains its
     * tail is not the host's, however high the floor); elsewhere the floor.
     */
    public By by() {
        if (firstTail >= 0 && secondTail >= 0) {
            return byTail() ? By.TAIL : null;
        }
        return byFloor() ? By.FLOOR : null;
    }
}
