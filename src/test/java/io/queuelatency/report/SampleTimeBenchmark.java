package io.queuelatency.report;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The smallest latency benchmark JMH can run in its "sample" mode (SampleTime), with one parameter as jmh.json has
 * the JVM: JmhShapeTest runs it through JMH to hold jmh.json to the JSON JMH itself writes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SampleTimeBenchmark {
    @Param({"openjdk-17"})
    public String jvm;

    private long x;

    @Benchmark
    public long add() {
        return x += System.nanoTime() & 7;
    }
}
