package io.queuelatency.result;

/** The producer's rate against its target over the measured window, and how late it fell behind its schedule. */
public final class SendRate {
    public final long targetPerSecond;
    public final double achievedPerSecond;
    public final double achievedDeviationPercent;
    public final long maxSendLagNs;
    /** Measured messages sent more than one send interval after their slot. */
    public final long lateSends;

    public SendRate(long targetPerSecond, double achievedPerSecond, double achievedDeviationPercent, long maxSendLagNs,
            long lateSends) {
        this.targetPerSecond = targetPerSecond;
        this.achievedPerSecond = achievedPerSecond;
        this.achievedDeviationPercent = achievedDeviationPercent;
        this.maxSendLagNs = maxSendLagNs;
        this.lateSends = lateSends;
    }
}
