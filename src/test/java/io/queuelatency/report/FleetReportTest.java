package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.decide.FleetData;
import io.queuelatency.decide.HostGroup;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.json.FingerprintJson;
import io.queuelatency.result.Fingerprint;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's report (run-matrix.sh report --fleet), from real hosts' stored matrices: this project's 2-CPU VM
 * (reports/example, the current schema) and the 16-core Xeon server (src/test/resources/xeon16-matrix, schema 3):
 * two host types, what each fingerprint knows and does not, the answer per type, the ranking across them; hosts of
 * one fingerprint pooled where their floors agree and not where they differ; bad input as one line.
 */
class FleetReportTest {
    private static final Path EXAMPLE = Paths.get("reports/example").toAbsolutePath();
    private static final Path XEON16 = Paths.get("src/test/resources/xeon16-matrix").toAbsolutePath();
    /** The committed fleet example: its hosts are links to the two matrices above. */
    private static final Path FLEET_EXAMPLE = Paths.get("reports/fleet-example");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    private static Path host(Path fleet, String name, Path matrix) throws IOException {
        Path dir = Files.createDirectories(fleet.resolve(name));
        Files.createSymbolicLink(dir.resolve(FleetData.MATRIX_DIR), matrix);
        return dir;
    }

    private static int write(Path fleet, ByteArrayOutputStream out) throws IOException {
        return FleetReport.write(fleet, null, new PrintStream(out, true, "UTF-8"), System.err);
    }

    @Test
    void theVmAndTheXeonServerAreTwoHostTypesEachWithItsAnswerAndTheirPairRanked() throws Exception {
        host(tmp, "vm", EXAMPLE);
        host(tmp, "xeon16", XEON16);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK.code, write(tmp, out));
        String summary = new String(Files.readAllBytes(tmp.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(summary.startsWith("# Which JVM on which host type? A fleet of 2 hosts, 2 host types\n"), summary);
        int answer = summary.indexOf("## The answer, per host type");
        int evidence = summary.indexOf("## Hosts");
        assertTrue(answer > 0 && evidence > answer, "the answer comes first, the evidence after");
        assertTrue(summary.indexOf("### A: vm") > answer && summary.indexOf("### B: xeon16") < evidence, summary);
        assertTrue(summary.indexOf("| openjdk-17 |", answer) < evidence, "xeon16's rows in the answer");
        assertTrue(summary.substring(answer, evidence).contains("at p50, of the 1 pair of JVMs measured on A and B"),
                summary);
        assertTrue(summary.substring(0, evidence).split("\n").length < 60, "the answer within a screen or so");

        JsonNode json = MAPPER.readTree(tmp.resolve("summary.json").toFile());
        SchemasTest.check(tmp.resolve("summary.json"));
        assertEquals("queue-latency/fleet/1", json.path("schema").asText());
        assertEquals(2, json.path("types").size());
        JsonNode xeon = json.path("types").get(1).path("fingerprint");
        assertEquals(16, xeon.path("cpus").asInt());
        for (String unknown : new String[] {"sockets", "cores", "virtualisation", "clockSource"}) {
            assertTrue(xeon.path(unknown).isNull(), unknown + " is not in a schema-3 matrix: unknown, never guessed");
        }
        assertEquals("unknown", xeon.path("pair").path("relation").asText(), "no host.cpuPair before run/6");
        assertEquals(2, xeon.path("pair").path("producerCpu").asInt());
        assertEquals(4, xeon.path("pair").path("consumerCpu").asInt());
        assertFalse(xeon.path("isolation").path("pairIsolated").asBoolean(), "no isolated CPUs there");
        assertEquals("tsc", json.path("types").get(0).path("fingerprint").path("clockSource").asText());
        assertEquals(2, json.path("types").get(1).path("pools").get(0).path("answer").size());
        assertEquals(3, json.path("across").size(), "openjdk-17 / openjdk-25 at p50, p99 and p99.99");
        for (String png : new String[] {"fleet-p50.png", "fleet-p99.png"}) {
            assertTrue(ImageIO.read(tmp.resolve(png).toFile()) != null, png);
        }
        String html = new String(Files.readAllBytes(tmp.resolve("report.html")), StandardCharsets.UTF_8);
        assertTrue(html.contains("<details class=\"evidence\">"), "the evidence folded");
        assertTrue(out.toString("UTF-8").contains("\n  p50:    1 of 1 pair differs\n    openjdk-17/openjdk-25 by "
                + "estimate only: 0.98 on A (undecided), 1.12 on B (slower)\n"), out.toString("UTF-8"));
        assertFalse(Files.exists(EXAMPLE.resolve("fleet-p50.png")), "a host's report is never written to");
    }

    /**
     * reports/fleet-example is what this build writes from the two matrices; -Dgolden.update=true rewrites it (its
     * summary.md, summary.json, report.html and figures) for review.
     */
    @Test
    void theCommittedFleetExampleIsWhatTheBuildWrites() throws Exception {
        Path fleet = Files.createDirectory(tmp.resolve("fleet-example"));
        host(fleet, "vm", EXAMPLE);
        host(fleet, "xeon16", XEON16);
        assertEquals(ExitCode.OK.code, write(fleet, new ByteArrayOutputStream()));
        String[] files = {"summary.md", "summary.json"};
        if (Boolean.getBoolean("golden.update")) {
            for (String f : new String[] {"summary.md", "summary.json", "report.html", "fleet-p50.png",
                "fleet-p99.png"}) {
                Files.copy(fleet.resolve(f), FLEET_EXAMPLE.resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (String f : files) {
            assertEquals(new String(Files.readAllBytes(FLEET_EXAMPLE.resolve(f)), StandardCharsets.UTF_8),
                    new String(Files.readAllBytes(fleet.resolve(f)), StandardCharsets.UTF_8),
                    FLEET_EXAMPLE.resolve(f) + " (-Dgolden.update=true rewrites it)");
        }
        for (Path f : SchemasTest.jsonFiles(FLEET_EXAMPLE)) {
            SchemasTest.check(f);
        }
    }

    @Test
    void hostsOfOneFingerprintArePooledWhereTheirFloorsAgreeAndApartWhereTheyDiffer() throws Exception {
        host(tmp, "xeon-a", XEON16);
        host(tmp, "xeon-b", XEON16);
        Path c = Files.createDirectories(tmp.resolve("xeon-c"));
        copy(XEON16, c.resolve(FleetData.MATRIX_DIR));
        try (Stream<Path> files = Files.walk(c)) {
            for (Path result : (Iterable<Path>) files.filter(f -> f.endsWith("result.json"))::iterator) {
                slowerFloor(result, 3);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK.code, write(tmp, out));
        FleetReport.Facts f = FleetReport.facts(tmp, null);
        assertEquals(1, f.groups.size(), "one fingerprint");
        List<HostGroup.Pooled> pools = f.groups.get(0).pools;
        assertEquals(2, pools.size(), "a and b pooled, c apart");
        assertEquals(2, pools.get(0).hosts.size());
        assertEquals(8, pools.get(0).analyses().get(0).data.statisticRuns(pools.get(0).analyses().get(0).jvms.get(0))
                .size(), "each host's 4 runs, numbered apart");
        assertTrue(pools.get(1).apart.startsWith("its floor at p50 differs from xeon-a's"), pools.get(1).apart);
        String summary = new String(Files.readAllBytes(tmp.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("### A: xeon-a, xeon-b pooled"), summary);
        assertTrue(summary.contains("### A (xeon-c): xeon-c"), summary);
    }

    @Test
    void aHostSplittingTheRunsWithAnotherIsPooledUnderTheRunNumbersItRan() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        copy(XEON16, a.resolve(FleetData.MATRIX_DIR));
        copy(XEON16, b.resolve(FleetData.MATRIX_DIR));
        share(a.resolve(FleetData.MATRIX_DIR), 1);
        share(b.resolve(FleetData.MATRIX_DIR), 2);
        FleetReport.Facts f = FleetReport.facts(tmp, null);
        HostGroup.Pooled pool = f.groups.get(0).pools.get(0);
        assertEquals(2, pool.hosts.size());
        io.queuelatency.decide.Analysis an = pool.analyses().get(0);
        assertEquals(4, an.data.statisticRuns(an.jvms.get(0)).size(), "runs 1, 3 from a and 2, 4 from b");
        assertEquals("runs 1, 3 (--share 1/2)", FleetReport.runsOf(pool.hosts.get(0)));
    }

    @Test
    void aFingerprintFileFillsOnlyWhatTheStoredMatrixDoesNotSay() throws Exception {
        Path h = host(tmp, "xeon16", XEON16);
        Fingerprint extra = new Fingerprint();
        extra.sockets = 1;
        extra.cores = 16;
        extra.kernel = "not this one";
        FingerprintJson.write(extra, h.resolve(FingerprintJson.FILE_NAME));
        FleetData fleet = FleetData.load(tmp, null);
        Fingerprint f = fleet.hosts.get(0).fingerprint;
        assertEquals(Integer.valueOf(16), f.cores);
        assertEquals(Integer.valueOf(1), f.sockets);
        assertEquals("6.18.44-fc-v657-gpu", f.kernel, "what the matrix stored stands");
    }

    @Test
    void aFleetWithoutReportsIsOneLine() throws Exception {
        BadInputException none = assertThrows(BadInputException.class, () -> FleetReport.facts(tmp, null));
        assertTrue(none.getMessage().startsWith(tmp + ": no host's report there"), none.getMessage());
        Path failed = Files.createDirectories(tmp.resolve("h1"));
        Files.write(failed.resolve(FleetData.FAILED_TXT), "not reached: ssh: connect refused\n".getBytes("UTF-8"));
        BadInputException onlyFailed = assertThrows(BadInputException.class, () -> FleetReport.facts(tmp, null));
        assertEquals(tmp + ": no host has a report (1 failed: h1: not reached: ssh: connect refused)",
                onlyFailed.getMessage());
    }

    @Test
    void aCorruptHostIsNamedAfterTheOthersAreReportedAndAFailedOneIsExitThree() throws Exception {
        host(tmp, "good", XEON16);
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        copy(XEON16, bad.resolve(FleetData.MATRIX_DIR));
        Path broken = bad.resolve("matrix/cells/openjdk-25-run2/result.json");
        Files.write(broken, "{ \"schema\": ".getBytes("UTF-8"));
        BadInputException e = assertThrows(BadInputException.class, () -> write(tmp, new ByteArrayOutputStream()));
        assertTrue(e.getMessage().startsWith("bad's report is corrupt: " + broken), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        String summary = new String(Files.readAllBytes(tmp.resolve("summary.md")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("| bad | - | - | - | - | corrupt: " + broken), summary);
        assertTrue(summary.contains("### A: good"), "the rest still reported");

        Files.delete(bad.resolve("matrix/cells/openjdk-25-run2/result.json"));
        deleteTree(bad.resolve(FleetData.MATRIX_DIR));
        Files.write(bad.resolve(FleetData.FAILED_TXT), "Run the matrix: exit 1: failed\n".getBytes("UTF-8"));
        assertEquals(ExitCode.NOT_VALID.code, write(tmp, new ByteArrayOutputStream()));
    }

    /** Keeps only the runs of share k of 2 in a copied matrix's plan and cells. */
    private static void share(Path matrix, int k) throws IOException {
        ObjectNode plan = (ObjectNode) MAPPER.readTree(matrix.resolve("matrix.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode cells = plan.putArray("cells");
        for (String jvm : new String[] {"openjdk-17", "openjdk-25"}) {
            for (int run = 1; run <= 4; run++) {
                if ((run - 1) % 2 == k - 1) {
                    cells.add(jvm + "-run" + run);
                } else {
                    deleteTree(matrix.resolve("cells/" + jvm + "-run" + run));
                }
            }
        }
        ObjectNode share = plan.putObject("share");
        share.put("part", k);
        share.put("of", 2);
        MAPPER.writeValue(matrix.resolve("matrix.json").toFile(), plan);
    }

    /** The floor a result.json stores (measured inside its JVM), made {@code factor} times slower. */
    private static void slowerFloor(Path result, double factor) throws IOException {
        ObjectNode r = (ObjectNode) MAPPER.readTree(result.toFile());
        for (JsonNode p : r.path("floor").path("intended").path("percentiles")) {
            ((ObjectNode) p).put("valueNs", (long) (p.path("valueNs").asLong() * factor));
        }
        MAPPER.writeValue(result.toFile(), r);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(f);
            }
        }
    }
}
