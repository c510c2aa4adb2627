package io.queuelatency.result;

/**
 * One floor cell of a matrix: the host's floor (the bare hand-off between the matrix's two pinned CPUs, no queue),
 * measured by a fresh JVM of the matrix's own java, not a JVM under test, before the first round of cells and after
 * each. What it ran on, when, between which CPUs at which rate, and what it measured ({@link RunResult.Floor}, as a
 * run stores its own floor).
 */
public final class FloorCell {
    public static final int SCHEMA_VERSION = 2;

    /** The JVM that measured it: the matrix's own java, the same for every floor cell. */
    public final JvmFacts jvm;
    public final String startedAt;
    public final String finishedAt;
    public final int producerCpu;
    public final int consumerCpu;
    /** The schedule's rate, msg/s. */
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

    public static Builder builder() {
        return new Builder();
    }

    /** By name; what is not given is none. */
    public static final class Builder {
        private JvmFacts jvm;
        private String startedAt;
        private String finishedAt;
        private int producerCpu = -1;
        private int consumerCpu = -1;
        private long rate;
        private RunResult.Floor floor;

        public Builder jvm(JvmFacts v) {
            jvm = v;
            return this;
        }

        public Builder startedAt(String v) {
            startedAt = v;
            return this;
        }

        public Builder finishedAt(String v) {
            finishedAt = v;
            return this;
        }

        public Builder cpus(int producer, int consumer) {
            producerCpu = producer;
            consumerCpu = consumer;
            return this;
        }

        public Builder rate(long v) {
            rate = v;
            return this;
        }

        public Builder floor(RunResult.Floor v) {
            floor = v;
            return this;
        }

        public FloorCell build() {
            return new FloorCell(this);
        }
    }
}
