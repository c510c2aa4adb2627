package io.queuelatency.result;

/**
 * One floor cell of a matrix: the host's floor (the bare hand-off between the matrix's two pinned CPUs, no queue),
 * measured by a fresh JVM of the matrix's own java before the first round of cells and after each.
 */
public final class FloorCell {
    public static final int SCHEMA_VERSION = 2;

    public final JvmFacts jvm;
    public final String startedAt;
    public final String finishedAt;
    public final int producerCpu;
    public final int consumerCpu;
    /** msg/s. */
    public final long rate;
    public final RunResult.Floor floor;

    private FloorCell(Builder b) {
        jvm = b.jvm;
        startedAt = b.startedAt;
        finishedAt = b.finishedAt;
        producerCpu = b.producerCpu;
        consumerCpu = b.consumerCpu;
        rate = b.rate;
        floor = b.floor;
    }

    public static final class Builder {
        public JvmFacts jvm;
        public String startedAt;
        public String finishedAt;
        public int producerCpu = -1;
        public int consumerCpu = -1;
        public long rate;
        public RunResult.Floor floor;

        public FloorCell build() {
            return new FloorCell(this);
        }
    }
}
