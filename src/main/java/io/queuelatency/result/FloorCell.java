package io.queuelatency.result;

/**
 * One floor cell of a matrix: the host's floor (the bare hand-off between the matrix's two pinned CPUs, no queue),
 * measured by a fresh JVM of the matrix's own java before the first round of cells and after each.
 */
public final class FloorCell {
    public static final int SCHEMA_VERSION = 2;

    public JvmFacts jvm;
    public String startedAt;
    public String finishedAt;
    public int producerCpu = -1;
    public int consumerCpu = -1;
    /** msg/s. */
    public long rate;
    public RunResult.Floor floor;
}
