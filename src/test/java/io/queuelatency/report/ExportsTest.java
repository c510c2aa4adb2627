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
    void jmhJsonHasOneBenchmarkPerPercentileAndDefinitionWithTheJvmAsParameterAndTheRunsAsForks() throws Exception {
        Analysis a =
                new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 2.0, 2.1, 1.9).analyse(tmp);
        MatrixReport.write(tmp, null, System.err);
        JsonNode jmh = MAPPER.readTree(tmp.resolve(Exports.JMH_JSON).toFile());
        assertTrue(jmh.isArray());
        assertEquals(2 * Definition.values().length * Percentile.REPORTED.size(), jmh.size(),
                "JVMs x definitions x percentiles");
        JsonNode found = null;
        for (JsonNode b : jmh) {
            assertTrue(b.path("benchmark").asText().matches(
                    "queuelatency\\.(p[0-9_]+|worst)\\.(intended|actual|inQueue)"), b.path("benchmark").asText());
            assertEquals("sample", b.path("mode").asText());
            assertEquals("ns/op", b.path("primaryMetric").path("scoreUnit").asText());
            if (b.path("benchmark").asText().equals("queuelatency.p99_9.intended")
                    && b.path("params").path("jvm").asText().equals("openjdk-21")) {
                found = b;
            }
        }
        assertTrue(found != null, "queuelatency.p99_9.intended with jvm=openjdk-21");
        MatrixPlan.PlannedJvm j21 = a.jvms.get(1);
        Estimate e = a.estimate(j21, Definition.INTENDED, Percentile.P99_9);
        JsonNode m = found.path("primaryMetric");
        assertEquals(Math.round(e.value), m.path("score").asLong(), "the score is Table 3's estimate");
        assertEquals(Math.round(e.low), m.path("scoreConfidence").get(0).asLong());
        assertEquals(Math.round(e.high), m.path("scoreConfidence").get(1).asLong());
        assertEquals(3, found.path("forks").asInt());
        assertEquals(3, m.path("rawData").size(), "each run a fork of one iteration");
        for (int r = 0; r < 3; r++) {
            assertEquals(Math.round(e.runValues[r]), m.path("rawData").get(r).get(0).asLong());
        }
        JsonNode worst = null;
        for (JsonNode b : jmh) {
            if (b.path("benchmark").asText().equals("queuelatency.worst.intended")) {
                worst = b;
            }
        }
        assertEquals("NaN", worst.path("primaryMetric").path("scoreError").asText(),
                "no interval: NaN, as JMH writes it");
    }

    @Test
    void bencherJsonHasOneBenchmarkPerJvmDefinitionAndPercentileWithTheIntervalAsBounds() throws Exception {
        Analysis a =
                new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 2.0, 2.1, 1.9).analyse(tmp);
        MatrixReport.write(tmp, null, System.err);
        JsonNode bmf = MAPPER.readTree(tmp.resolve(Exports.BENCHER_JSON).toFile());
        assertEquals(2 * Definition.values().length * Percentile.REPORTED.size(), bmf.size());
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
        MatrixReport.write(tmp, null, System.err);
        JsonNode bmf = MAPPER.readTree(tmp.resolve(Exports.BENCHER_JSON).toFile());
        assertTrue(bmf.has("openjdk-17/intended/p50/64B/100000msg-s"), bmf.fieldNames().next());
        JsonNode jmh = MAPPER.readTree(tmp.resolve(Exports.JMH_JSON).toFile());
        assertEquals("64", jmh.get(0).path("params").path("size").asText());
    }
}
