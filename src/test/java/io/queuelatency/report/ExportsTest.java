package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Estimate;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.Definition;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jmh.json and bencher.json: the documented shapes of JMH's and Bencher's formats, holding the report's own estimates.
 */
class ExportsTest {
    @TempDir
    Path tmp;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void jmhJsonHasOneSampleBenchmarkPerDefinitionWithTheJvmAsParameterTheRunsAsForksAndTable3sEstimates()
            throws Exception {
        Analysis a =
                new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 2.0, 2.1, 1.9).analyse(tmp);
        MatrixReport.write(tmp, null, System.err, null);
        JsonNode jmh = MAPPER.readTree(tmp.resolve(Exports.JMH_JSON).toFile());
        assertEquals(2 * Definition.of(false).size(), jmh.size(), "JVMs x definitions");
        JsonNode found = null;
        for (JsonNode b : jmh) {
            assertTrue(b.path("benchmark").asText().matches("queuelatency\\.Latency\\.(intended|actual|inQueue)"),
                    b.path("benchmark").asText());
            assertEquals("sample", b.path("mode").asText());
            if (b.path("benchmark").asText().equals("queuelatency.Latency.intended")
                    && b.path("params").path("jvm").asText().equals("openjdk-21")) {
                found = b;
            }
        }
        assertTrue(found != null, "queuelatency.Latency.intended with jvm=openjdk-21");
        MatrixPlan.PlannedJvm j21 = a.jvms.get(1);
        assertEquals(3, found.path("forks").asInt());
        JsonNode m = found.path("primaryMetric");
        assertEquals(3, m.path("rawDataHistogram").size(), "each run a fork of one iteration");
        long samples = 0;
        for (JsonNode bucket : m.path("rawDataHistogram").get(0).get(0)) {
            samples += bucket.get(1).asLong();
        }
        assertEquals(a.data.statisticRuns(j21).get(0).samples(Definition.INTENDED), samples,
                "the first fork's histogram holds its run's window");
        Estimate p999 = a.estimate(j21, Definition.INTENDED, Percentile.P99_9);
        assertEquals(Math.round(p999.value), m.path("scorePercentiles").path("99.9").asLong(),
                "a score percentile is Table 3's estimate");
        Estimate worst = a.estimate(j21, Definition.INTENDED, Percentile.WORST);
        assertEquals(Math.round(worst.value), m.path("scorePercentiles").path("100.0").asLong());
        JsonNode p999Metric = found.path("secondaryMetrics").path("p0.999");
        assertEquals(Math.round(p999.value), p999Metric.path("score").asLong());
        assertEquals(Math.round(p999.low), p999Metric.path("scoreConfidence").get(0).asLong());
        assertEquals(Math.round(p999.high), p999Metric.path("scoreConfidence").get(1).asLong());
        assertTrue(p999Metric.path("scoreError").asLong() >= Math.max(p999.high - p999.value, p999.value - p999.low),
                "score ± error covers the interval");
        for (int r = 0; r < 3; r++) {
            assertEquals(Math.round(p999.runValues[r]), p999Metric.path("rawData").get(r).get(0).asLong());
        }
        assertEquals("NaN", found.path("secondaryMetrics").path("p1.00").path("scoreError").asText(),
                "the worst has no interval: NaN, as JMH writes it");
    }

    @Test
    void bencherJsonHasOneBenchmarkPerJvmDefinitionAndPercentileWithTheIntervalAsBounds() throws Exception {
        Analysis a =
                new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 2.0, 2.1, 1.9).analyse(tmp);
        MatrixReport.write(tmp, null, System.err, null);
        JsonNode bmf = MAPPER.readTree(tmp.resolve(Exports.BENCHER_JSON).toFile());
        assertEquals(2 * Definition.of(false).size() * Percentile.REPORTED.size(), bmf.size());
        JsonNode latency = bmf.path("openjdk-17/intended/p50").path("latency");
        Estimate e = a.estimate(a.jvms.get(0), Definition.INTENDED, Percentile.P50);
        assertEquals(Math.round(e.value), latency.path("value").asLong());
        assertEquals(Math.round(e.low), latency.path("lower_value").asLong());
        assertEquals(Math.round(e.high), latency.path("upper_value").asLong());
        assertTrue(latency.path("value").isIntegralNumber(), "integer nanoseconds");
        JsonNode worst = bmf.path("openjdk-17/intended/worst").path("latency");
        assertTrue(worst.has("value"));
        assertFalse(worst.has("lower_value"), "the worst has no interval");
    }

    @Test
    void aSweepNamesSizeAndRateInEachBenchmark() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0, 1.03);
        f.sizes = new int[] {64, 1024};
        f.write(tmp);
        MatrixReport.write(tmp, null, System.err, null);
        JsonNode bmf = MAPPER.readTree(tmp.resolve(Exports.BENCHER_JSON).toFile());
        assertTrue(bmf.has("openjdk-17/intended/p50/64B/100000msg-s"), bmf.fieldNames().next());
        JsonNode jmh = MAPPER.readTree(tmp.resolve(Exports.JMH_JSON).toFile());
        assertEquals("64", jmh.get(0).path("params").path("size").asText());
    }
}
