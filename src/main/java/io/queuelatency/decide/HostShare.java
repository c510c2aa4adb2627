package io.queuelatency.decide;

import io.queuelatency.result.Percentile;

/**
 * The host's share of one pair of JVMs at one tail percentile, from which the pair's verdict is withheld or not; the
 * host accounts for the pair only where it accounts for both JVMs' latency, never because of a third JVM:
 * <ul>
 *   <li>by the floor: the host's floor reaches {@link Analysis#HOST_SHARE} of both JVMs' latency there. Where it
 *       reaches only the faster's, the slower's excess is not the host's, and the pair is tested;</li>
 *   <li>by the tail: of both JVMs' samples beyond the percentile, at least {@link Analysis#HOST_SHARE} are explained
 *       by the host or the queue alone.</li>
 * </ul>
 */
public final class HostShare {
    /** How the host accounts for a pair. */
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

    /** How the host accounts for this pair (the floor first); null where it does not: the pair is tested. */
    public By by() {
        return byFloor() ? By.FLOOR : byTail() ? By.TAIL : null;
    }
}
