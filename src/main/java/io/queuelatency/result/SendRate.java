package io.queuelatency.result;

/**
 * The producer's rate against its target over the measured window, how late it fell behind its schedule, and the rate
 * the consumer handled the window's messages at.
 */
public final class SendRate {
    public final long targetPerSecond;
    public final double achievedPerSecond;
    public final double achievedDeviationPercent;
    public final long maxSendLagNs;
    /** Measured messages sent more than one send interval after their slot. */
    public final long lateSends;
    /**
     * The window's messages the consumer handled a second, from the window's scheduled start to the end of its last
     * handling; null where not recorded (results stored before run/7).
     */
    public final Double handledPerSecond;

    public SendRate(long targetPerSecond, double achievedPerSecond, double achievedDeviationPercent, long maxSendLagNs,
            long lateSends) {
        this(targetPerSecond, achievedPerSecond, achievedDeviationPercent, maxSendLagNs, lateSends, null);
    }

    public SendRate(long targetPerSecond, double achievedPerSecond, double achievedDeviationPercent, long maxSendLagNs,
            long lateSends, Double handledPerSecond) {
        this.targetPerSecond = targetPerSecond;
        this.achievedPerSecond = achievedPerSecond;
        this.achievedDeviationPercent = achievedDeviationPercent;
        this.maxSendLagNs = maxSendLagNs;
        this.lateSends = lateSends;
        this.handledPerSecond = handledPerSecond;
    }
}
