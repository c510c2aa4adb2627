package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;

/**
 * What the report can conclude at one headline percentile ("Which JVM on this host?"), as facts; the writers put it
 * in words. Exactly one of: no JVM to judge; only one; the host's percentile (by the tail's causes, or by the floor);
 * one JVM faster than every other; too few runs for any verdict; or no JVM distinguishable with these runs.
 */
public final class Conclusion {
    public enum Kind { NO_JVM, ONE_JVM, HOST_BY_TAIL, HOST_BY_FLOOR, FASTEST, TOO_FEW_RUNS, UNDECIDED }

    public final Kind kind;
    /** Null for NO_JVM and ONE_JVM, which speak of the whole report. */
    public final Percentile percentile;
    /** The only JVM (ONE_JVM), the fastest (FASTEST), the lowest measured (TOO_FEW_RUNS, UNDECIDED). */
    public final MatrixPlan.PlannedJvm jvm;
    /** That JVM's estimate, ns (at the median for ONE_JVM). */
    public final double valueNs;
    /** FASTEST: by how much at least, as a share, over the nearest other JVM. */
    public final double least;
    public final TailHost tail;
    public final HostShare floor;
    /** UNDECIDED: the pairs tested, how many differ, how many are equivalent, and the runs that would tell the lowest apart (0: unknown). */
    public final int tested;
    public final int differ;
    public final int equivalent;
    public final int runsNeeded;

    Conclusion(Kind kind, Percentile percentile, MatrixPlan.PlannedJvm jvm, double valueNs, double least, TailHost tail, HostShare floor,
               int tested, int differ, int equivalent, int runsNeeded) {
        this.kind = kind;
        this.percentile = percentile;
        this.jvm = jvm;
        this.valueNs = valueNs;
        this.least = least;
        this.tail = tail;
        this.floor = floor;
        this.tested = tested;
        this.differ = differ;
        this.equivalent = equivalent;
        this.runsNeeded = runsNeeded;
    }

    static Conclusion of(Kind kind, Percentile percentile, MatrixPlan.PlannedJvm jvm, double valueNs) {
        return new Conclusion(kind, percentile, jvm, valueNs, 0, null, null, 0, 0, 0, 0);
    }
}
