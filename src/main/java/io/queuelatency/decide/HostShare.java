package io.queuelatency.decide;

import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;

/**
 * Whether a percentile is the host's by the floor: the JVM whose bare hand-off comes nearest its queue latency there.
 */
public final class HostShare {
    public final Percentile percentile;
    public final MatrixPlan.PlannedJvm jvm;
    public final double floorNs;
    public final double queueNs;

    public HostShare(Percentile percentile, MatrixPlan.PlannedJvm jvm, double floorNs, double queueNs) {
        this.percentile = percentile;
        this.jvm = jvm;
        this.floorNs = floorNs;
        this.queueNs = queueNs;
    }

    /** The floor reaches {@link Analysis#HOST_SHARE} of the queue's latency: the percentile measures the host. */
    public boolean hosts() {
        return floorNs >= Analysis.HOST_SHARE * queueNs;
    }
}
