package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Comparer;
import io.queuelatency.decide.MatrixFixture;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.wings.beside.BesideJson;
import io.queuelatency.wings.beside.PublishedComparison;
import io.queuelatency.wings.beside.PublishedFixture;
import io.queuelatency.wings.beside.PublishedTable;
import io.queuelatency.wings.beside.PublishedTableReader;
import io.queuelatency.wings.fleet.FleetJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every JSON file the tool writes, stored or exported, validates against its schema in
 * src/main/resources/schemas/ and holds no number in exponent form; nanoseconds are integers.
 */
public class SchemasTest {
    @TempDir
    Path tmp;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The schema of a file, by its name; null for a JSON file no schema covers (none may be). */
    static String schemaOf(Path file) {
        String name = file.getFileName().toString();
        switch (name) {
            case "result.json":
                return "run";
            case "cell.json":
                return "cell";
            case "matrix.json":
                return "matrix";
            case "floor.json":
                return "floor";
            case "summary.json":
                return capacitySummary(file) ? "capacity" : fleetSummary(file) ? "fleet" : "summary";
            case "fingerprint.json":
                return "fingerprint";
            case "results.json":
                return "results";
            case "environment.json":
                return "environment";
            case "compare.json":
                return "compare";
            case "beside.json":
                return "beside";
            case "jmh.json":
                return "jmh";
            case "bencher.json":
                return "bencher";
            case "map.json":
                return "map";
            default:
                return null;
        }
    }

    /** A capacity search's summary.json has its own schema, named in it. */
    private static boolean capacitySummary(Path file) {
        try {
            return MAPPER.readTree(file.toFile()).path("schema").asText().startsWith("queue-latency/capacity/");
        } catch (IOException e) {
            return false;
        }
    }

    /** A fleet's summary.json (run-matrix.sh report --fleet) has its own schema, named in it. */
    private static boolean fleetSummary(Path file) {
        try {
            return MAPPER.readTree(file.toFile()).path("schema").asText().startsWith("queue-latency/fleet/");
        } catch (IOException e) {
            return false;
        }
    }

    static JsonSchema schema(String name) throws IOException {
        try (InputStream in = SchemasTest.class.getResourceAsStream("/schemas/" + name + ".schema.json")) {
            assertTrue(in != null, "no schema " + name);
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(MAPPER.readTree(in));
        }
    }

    /**
     * Fails naming the file and what is wrong with it; with -Dschemas.samples=DIR the file is also kept there (to
     * review a schema against).
     */
    public static void check(Path file) throws IOException {
        String samples = System.getProperty("schemas.samples");
        if (samples != null) {
            Path to = Paths.get(samples).resolve(Integer.toHexString(file.toAbsolutePath().toString().hashCode()))
                    .resolve(file.getFileName());
            Files.createDirectories(to.getParent());
            Files.copy(file, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        String name = schemaOf(file);
        assertTrue(name != null, file + ": a JSON file without a schema");
        JsonNode json = MAPPER.readTree(file.toFile());
        Set<ValidationMessage> problems = schema(name).validate(json);
        assertTrue(problems.isEmpty(), file + " against " + name + ".schema.json: " + problems);
        try (JsonParser p = new JsonFactory().createParser(file.toFile())) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
                    String text = p.getText();
                    assertFalse(text.contains("e") || text.contains("E"),
                            file + ": " + p.currentName() + " = " + text + " is in exponent form");
                    if (inNanos(p.getParsingContext())) {
                        assertEquals(JsonToken.VALUE_NUMBER_INT, t,
                                file + ": " + p.currentName() + " = " + text + ": nanoseconds are whole");
                    }
                }
            }
        }
    }

    /**
     * Within a field whose name ends in "Ns" (at any depth: an array of them, an object of them), but not a mean cost.
     */
    private static boolean inNanos(com.fasterxml.jackson.core.JsonStreamContext context) {
        for (com.fasterxml.jackson.core.JsonStreamContext c = context; c != null; c = c.getParent()) {
            String name = c.getCurrentName();
            if (name != null && (name.equals("clockReadNs") || name.equals("histogramRecordNs"))) {
                return false;
            }
            if (name != null && name.endsWith("Ns")) {
                return true;
            }
        }
        return false;
    }

    public static List<Path> jsonFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(f -> f.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void everyFileOfAMatrixReportWithTailsAndAComparisonValidates() throws Exception {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        MatrixFixture fa = new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 1.1, 1.2, 1.05);
        fa.withTail = true;
        fa.notJvmShare = 0.4;
        fa.floorCells = new double[] {0.06, 0.07, 0.05, 0.06};
        fa.relation = io.queuelatency.result.CpuPair.Relation.SHARED_L3; // result.json run/6's and environment's pair
        fa.relationOf.put("openjdk-21-run2", io.queuelatency.result.CpuPair.Relation.ACROSS_SOCKETS);
        fa.write(a);
        MatrixReport.write(a, null, System.err, null);
        new MatrixFixture().jvm("openjdk-17", 2.0, 2.06, 1.94).jvm("openjdk-21", 1.0, 1.1, 0.9).write(b);
        MatrixReport.write(b, null, System.err, null);
        io.queuelatency.files.Format.writeAll(Comparer.of(a, b, Analysis.DEFAULT_MARGIN),
                Files.createDirectory(tmp.resolve("compare")), Formats.COMPARE);
        List<Path> files = jsonFiles(tmp);
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            check(f);
            assertOneSpelling(f, MAPPER.readTree(f.toFile()));
            names.add(f.getFileName().toString());
        }
        for (String expected : new String[] {"result.json", "cell.json", "matrix.json", "summary.json", "results.json",
                "environment.json", "compare.json", "jmh.json", "bencher.json", "floor.json"}) {
            assertTrue(names.contains(expected), "the fixture wrote no " + expected + " to check: " + names);
        }
    }

    /** Every percentile a file of ours names is spelled p50 ... p99.999 or worst (jmh.json keeps JMH's own). */
    private static void assertOneSpelling(Path file, JsonNode n) {
        if (file.getFileName().toString().equals("jmh.json")) {
            return;
        }
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (e.getKey().equals("percentile")) {
                    assertTrue(e.getValue().asText().matches("p[0-9.]+|worst"), file + ": percentile " + e.getValue());
                }
                if (e.getKey().matches("(intended|actual|inQueue)Ns") && e.getValue().isObject()) {
                    e.getValue().fieldNames().forEachRemaining(k -> assertTrue(k.matches("p[0-9.]+|worst"),
                            file + ": " + e.getKey() + "." + k));
                }
                assertOneSpelling(file, e.getValue());
            });
        } else if (n.isArray()) {
            n.forEach(v -> assertOneSpelling(file, v));
        }
    }

    /** The shipped published table beside a run, a set of runs (with a stored CPU pair) and a matrix report. */
    @Test
    void aPublishedTableBesideOursValidates() throws Exception {
        Path run = PublishedFixture.run(tmp.resolve("run"), PublishedFixture.actual(1.0));
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        for (int k = 1; k <= 3; k++) {
            PublishedFixture.cpuPair(PublishedFixture.run(runs.resolve("run-" + k), PublishedFixture.actual(k)),
                    "shared-l3", true);
        }
        Path few = PublishedFixture.run(tmp.resolve("few"), PublishedFixture.few(1_000));
        Path matrix = Files.createDirectory(tmp.resolve("matrix"));
        new MatrixFixture().jvm("openjdk-17", 1.0, 1.03, 0.97).jvm("openjdk-21", 1.1, 1.2, 1.05).write(matrix);
        PublishedTable table = PublishedTableReader.read(PublishedFixture.SHIPPED);
        int written = 0;
        for (Path ours : new Path[] {run, runs, few, matrix}) {
            Path out = Files.createDirectory(tmp.resolve("beside-" + ours.getFileName()));
            io.queuelatency.files.Format.writeAll(PublishedComparison.of(table, ours, null), out,
                    io.queuelatency.wings.beside.Beside.FORMATS);
            check(out.resolve("beside.json"));
            assertOneSpelling(out.resolve("beside.json"), MAPPER.readTree(out.resolve("beside.json").toFile()));
            written++;
        }
        assertEquals(4, written);
    }

    @Test
    void aSweepsReportValidates() throws Exception {
        MatrixFixture f = new MatrixFixture().jvm("openjdk-17", 1.0, 1.03).jvm("openjdk-21", 1.1, 1.2);
        f.sizes = new int[] {64, 1024};
        f.write(tmp);
        MatrixReport.write(tmp, null, System.err, null);
        for (Path file : jsonFiles(tmp)) {
            check(file);
        }
    }

    @Test
    void theCommittedExampleReportsValidate() throws Exception {
        for (String example : new String[] {"reports/example", "reports/capacity-example",
            "reports/published-example", "reports/fleet-example"}) {
            List<Path> files = jsonFiles(Paths.get(example));
            // the fleet's example has its summary.json; its hosts' directories link to the matrices above
            assertTrue(files.size() > (example.endsWith("fleet-example") ? 0 : 3), example + " is committed");
            for (Path f : files) {
                check(f);
            }
        }
    }

    @Test
    void eachStoredSchemaNamesTheVersionTheCodeWrites() throws Exception {
        assertEquals("queue-latency/run/" + RunResult.SCHEMA_VERSION, schemaVersion("run"));
        assertEquals("queue-latency/cell/" + CellOutcome.SCHEMA_VERSION, schemaVersion("cell"));
        assertEquals("queue-latency/matrix/" + MatrixPlan.SCHEMA_VERSION, schemaVersion("matrix"),
                "the newest a matrix.json may name");
        assertEquals(SummaryJson.SCHEMA, schemaVersion("summary"));
        assertEquals("queue-latency/floor/" + io.queuelatency.result.FloorCell.SCHEMA_VERSION, schemaVersion("floor"));
        assertEquals(CompareJson.SCHEMA, schemaVersion("compare"));
        assertEquals(BesideJson.SCHEMA, schemaVersion("beside"));
        assertEquals(FleetJson.SCHEMA, schemaVersion("fleet"));
        assertEquals("queue-latency/fingerprint/" + io.queuelatency.result.Fingerprint.SCHEMA_VERSION,
                schemaVersion("fingerprint"));
    }

    /** The value the schema requires of the file's "schema" field. */
    private static String schemaVersion(String name) throws IOException {
        try (InputStream in = SchemasTest.class.getResourceAsStream("/schemas/" + name + ".schema.json")) {
            com.fasterxml.jackson.databind.JsonNode schema = MAPPER.readTree(in).path("properties").path("schema");
            return schema.has("enum") ? schema.path("enum").get(schema.path("enum").size() - 1).asText()
                    : schema.path("const").asText();
        }
    }
}
