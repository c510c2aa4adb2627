package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;

/**
 * Whether a percentile's tail is the host's by what explains it: the JVM whose samples beyond are most the host's or
 * the queue's.
 */
public final class TailHost {
    public final Percentile percentile;
    public final MatrixPlan.PlannedJvm jvm;
    public final double share;

    public TailHost(Percentile percentile, MatrixPlan.PlannedJvm jvm, double share) {
        this.percentile = percentile;
        this.jvm = jvm;
        this.share = share;
    }

    /** At least {@link Analysis#HOST_SHARE} of those samples are explained by the host or the queue alone. */
    public boolean hosts() {
        return share >= Analysis.HOST_SHARE;
    }
}
