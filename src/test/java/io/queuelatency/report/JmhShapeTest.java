package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.decide.MatrixFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * jmh.json against the JSON JMH itself writes: JMH 1.37 runs {@link SampleTimeBenchmark} for 100 ms (in this JVM, no
 * warm-up) and writes its result; ours has the same keys at every level, the same kinds of value, the same
 * percentile keys and the same unit, so what reads JMH's reads ours.
 */
class JmhShapeTest {
    @TempDir
    Path tmp;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void jmhJsonHasTheShapeJmhWritesForASampleTimeBenchmark() throws Exception {
        Path theirs = tmp.resolve("jmh-own.json");
        new Runner(new OptionsBuilder().include(SampleTimeBenchmark.class.getName()).forks(0).warmupIterations(0)
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(100)).threads(1)
                .resultFormat(ResultFormatType.JSON).result(theirs.toString()).build()).run();
        JsonNode jmh = MAPPER.readTree(theirs.toFile());
        assertEquals(1, jmh.size(), jmh.toString());
        Path dir = java.nio.file.Files.createDirectory(tmp.resolve("matrix"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 2.0, 2.1, 1.9).write(dir);
        MatrixReport.write(dir, null, System.err, null);
        JsonNode ours = MAPPER.readTree(dir.resolve(Exports.JMH_JSON).toFile());
        assertTrue(ours.size() > 1);
        for (JsonNode b : ours) {
            List<String> differences = new ArrayList<>();
            sameShape("", jmh.get(0), b, differences);
            assertEquals(new ArrayList<String>(), differences, "jmh.json's " + b.path("benchmark") + " against JMH's");
        }
    }

    /**
     * Where {@code ours} differs from {@code theirs}: a key one has and the other lacks, a value of another kind (a
     * number, a string, an array, an object; JMH's "NaN" stands for a number), at every level. Arrays are held to
     * their first element's shape (JMH's one fork, our several).
     */
    private static void sameShape(String at, JsonNode theirs, JsonNode ours, List<String> differences) {
        if (!kind(theirs).equals(kind(ours))) {
            differences.add(at + ": JMH's " + kind(theirs) + " " + theirs + ", ours " + kind(ours) + " " + ours);
            return;
        }
        if (theirs.isObject()) {
            List<String> theirKeys = new ArrayList<>();
            theirs.fieldNames().forEachRemaining(theirKeys::add);
            List<String> ourKeys = new ArrayList<>();
            ours.fieldNames().forEachRemaining(ourKeys::add);
            if (!theirKeys.equals(ourKeys)) {
                differences.add(at + ": JMH's keys " + theirKeys + ", ours " + ourKeys);
                return;
            }
            for (String k : theirKeys) {
                sameShape(at + "." + k, theirs.get(k), ours.get(k), differences);
            }
        } else if (theirs.isArray() && theirs.size() > 0 && ours.size() > 0) {
            sameShape(at + "[0]", theirs.get(0), ours.get(0), differences);
        }
    }

    private static String kind(JsonNode n) {
        if (n.isNumber() || n.isTextual() && n.asText().equals("NaN")) {
            return "number";
        }
        return n.isTextual() ? "string" : n.isArray() ? "array" : n.isObject() ? "object" : n.getNodeType().toString();
    }
}
