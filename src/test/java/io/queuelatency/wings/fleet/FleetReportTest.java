package io.queuelatency.wings.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.json.FingerprintJson;
import io.queuelatency.report.Charts;
import io.queuelatency.report.FigureData;
import io.queuelatency.report.Markers;
import io.queuelatency.report.SchemasTest;
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
 * (reports/example: matrix/5, run/5) and a 16-vCPU Xeon VM (Firecracker; src/test/resources/xeon16-matrix: matrix/2,
 * run/3):
 * two host types, what each fingerprint knows and does not, the answer per type, the ranking across them; hosts of
 * one fingerprint pooled where their floors cannot be told apart and not where they can, whatever the hosts' order;
 * hosts the playbook skipped or did not finish; bad input as one line.
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
        int answer = summary.indexOf("## The answer, per host type");
        int evidence = summary.indexOf("## Hosts");
        assertTrue(answer > 0 && evidence > answer, "the answer comes first, the evidence after");
        assertTrue(summary.indexOf("### A: vm") > answer && summary.indexOf("### B: xeon16") < evidence, summary);
        assertTrue(summary.indexOf("| openjdk-17 |", answer) < evidence, "xeon16's rows in the answer");
        assertTrue(summary.substring(0, evidence).split("\n").length < 60, "the answer within a screen or so");

        JsonNode json = MAPPER.readTree(tmp.resolve("summary.json").toFile());
        SchemasTest.check(tmp.resolve("summary.json"));
        assertEquals("queue-latency/fleet/2", json.path("schema").asText());
        assertEquals(2, json.path("hosts").size(), "a fleet of 2 hosts");
        assertEquals(2, json.path("types").size(), "2 host types");
        assertEquals("A", json.path("types").get(0).path("name").asText());
        assertEquals("B", json.path("types").get(1).path("name").asText());
        JsonNode p50 = json.path("across").get(0);
        assertEquals("p50", p50.path("percentile").asText(), "the 1 pair of JVMs measured on A and B, at p50");
        assertEquals("p99", json.path("across").get(1).path("percentile").asText());
        assertEquals("p99.9", json.path("across").get(2).path("percentile").asText());
        assertEquals("p99.99", json.path("across").get(3).path("percentile").asText());
        assertEquals("openjdk-17", p50.path("first").asText());
        assertEquals("openjdk-25", p50.path("second").asText());
        assertEquals("A", p50.path("types").get(0).path("type").asText());
        assertEquals("B", p50.path("types").get(1).path("type").asText());
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
        assertEquals(4, json.path("across").size(), "openjdk-17 / openjdk-25 at p50, p99, p99.9 and p99.99");
        for (String png : new String[] {"fleet-p50.png", "fleet-p99.png"}) {
            assertTrue(ImageIO.read(tmp.resolve(png).toFile()) != null, png);
        }
        String html = new String(Files.readAllBytes(tmp.resolve("report.html")), StandardCharsets.UTF_8);
        assertTrue(html.contains("<details class=\"evidence\">"), "the evidence folded");
        // A's ratio is the VM example's, B's the stored xeon16 matrix's: 4 runs a JVM there cannot reach the
        // level of a family of 4 (2 / 70 at best), so B, once "slower by 12%" by a normal interval, is undecided
        assertEquals("undetermined", p50.path("agreement").asText(), "undecided on A and on B");
        assertEquals("undecided", p50.path("types").get(0).path("verdict").asText());
        assertTrue(p50.path("types").get(0).path("ratio").asDouble() > 0, p50.toString());
        assertEquals("undecided", p50.path("types").get(1).path("verdict").asText());
        FleetReport.Facts facts = FleetReport.facts(tmp, null);
        assertEquals(FleetRanking.Agreement.UNDETERMINED, facts.pairs.get(0).agreement);
        assertEquals(FleetRanking.PairSide.UNDECIDED, facts.pairs.get(0).places.get(0).side);
        assertEquals(FleetRanking.PairSide.UNDECIDED, facts.pairs.get(0).places.get(1).side);
        JsonNode p9999 = json.path("across").get(3);
        assertEquals("undetermined", p9999.path("agreement").asText(),
                "p99.99: no verdict on either type, so no order is claimed");
        assertEquals(FleetRanking.Agreement.UNDETERMINED, facts.pairs.get(3).agreement);
        for (FleetRanking.PoolPlace place : facts.pairs.get(3).places) {
            assertTrue(place.side == FleetRanking.PairSide.UNDECIDED || place.side == FleetRanking.PairSide.NO_VERDICT,
                    "no type decides: " + place.side);
        }
        assertEquals(8, json.path("hosts").get(1).path("floorsCounted").asInt(), "xeon16: 8 floors inside its JVMs");
        assertEquals("each JVM", json.path("hosts").get(1).path("floorsMeasuredIn").asText());
        assertFalse(Files.exists(EXAMPLE.resolve("fleet-p50.png")), "a host's report is never written to");
    }

    /**
     * The figures put each host type's JVMs side by side with no line to the next type (types are categories), and
     * no two JVMs whose colours are alike share a shape (openjdk-17's green diamond and graalvm-ce-21's dark green
     * were alike in the 11-JVM example).
     */
    @Test
    void theFleetFiguresJoinNoTypesAndTellEveryJvmApart() throws Exception {
        host(tmp, "vm", EXAMPLE);
        host(tmp, "xeon16", XEON16);
        FleetReport.Facts f = FleetReport.facts(tmp, null);
        List<io.queuelatency.decide.Analysis> each = new java.util.ArrayList<>();
        for (HostGroup.Pooled p : f.pools()) {
            each.add(p.analyses().get(0));
        }
        FigureData d = FigureData.acrossTypes(io.queuelatency.result.Percentile.P50, java.util.Arrays.asList("A", "B"),
                each, "t", null);
        assertEquals(FigureData.Layout.GROUPS, d.kind);
        assertEquals(2, d.series.indexOf("openjdk-17"));
        assertEquals(9, d.series.indexOf("graalvm-ce-21"));
        int[][] alike = {{0, 8}, {5, 8}, {2, 9}, {2, 11}, {5, 11}, {9, 11}, {3, 10}, {4, 12}, {7, 12}, {3, 13},
            {10, 13}, {1, 14}, {3, 14}, {10, 14}, {13, 14}, {1, 15}, {10, 15}};
        for (int[] pair : alike) {
            assertTrue(Markers.shape(pair[0]) != Markers.shape(pair[1]), "JVMs " + pair[0] + " and " + pair[1]
                    + " have like colours and must differ in shape");
        }
        java.util.Set<String> styles = new java.util.HashSet<>();
        for (int i = 0; i < 32; i++) {
            assertTrue(styles.add(Charts.colour(i).getRGB() + "/" + Markers.shape(i)), "style " + i + " is unique");
        }
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

    /**
     * xeon-a, xeon-b whose floors are xeon-a's within 2% either way (one host type measured twice), and xeon-c whose
     * floors are 3 times xeon-a's: a and b cannot be told apart and are pooled; c is told apart by the rank test
     * (8 and 8 floors all one side: p 2 / C(16, 8) = 0.016%, below 5% / 6 at p50).
     */
    @Test
    void alikeHostsArePooledAndAHostWithAThreeTimesSlowerFloorIsKeptApart() throws Exception {
        host(tmp, "xeon-a", XEON16);
        scaledFloors(tmp, "xeon-b", 0.98, 1.02);
        scaledFloors(tmp, "xeon-c", 3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.OK.code, write(tmp, out));
        FleetReport.Facts f = FleetReport.facts(tmp, null);
        assertEquals(1, f.groups.size(), "one fingerprint");
        HostGroup g = f.groups.get(0);
        assertEquals(0.05 / 6, g.level, 1e-12, "5% over 3 host pairs times 2 percentiles");
        List<HostGroup.Pooled> pools = g.pools;
        assertEquals(2, pools.size(), "a and b pooled, c apart");
        assertEquals(java.util.Arrays.asList("xeon-a", "xeon-b"), names(pools.get(0)));
        assertEquals(8, pools.get(0).analyses().get(0).data.statisticRuns(pools.get(0).analyses().get(0).jvms.get(0))
                .size(), "each host's 4 runs, numbered apart");
        HostPair ab = g.pairs.get(0);
        assertTrue(ab.alike(), FleetWords.pair(ab));
        assertEquals(1.0, ab.tests.get(0).p, 1e-9, "b's floors rank among a's as a's do");
        HostPair ac = g.pairs.get(1);
        assertEquals(HostPair.Apart.RANK_TEST, ac.apart);
        assertEquals(io.queuelatency.result.Percentile.P50, ac.toldApartAt);
        assertEquals(2.0 / 12870, ac.tests.get(0).p, 1e-12);
        assertEquals(3.0, ac.medianRatio, 0.01);
        assertEquals(java.util.Arrays.asList("xeon-c"), names(pools.get(1)));
        assertEquals(2, pools.get(1).against.size(), "c against a and against b");
        String summary = new String(Files.readAllBytes(tmp.resolve("summary.md")), StandardCharsets.UTF_8);
        JsonNode json = MAPPER.readTree(tmp.resolve("summary.json").toFile());
        SchemasTest.check(tmp.resolve("summary.json"));
        JsonNode jsonPools = json.path("types").get(0).path("pools");
        assertEquals(2, jsonPools.size());
        assertEquals("A", jsonPools.get(0).path("name").asText());
        assertEquals("[\"xeon-a\",\"xeon-b\"]", jsonPools.get(0).path("hosts").toString(), "pooled");
        assertEquals("A (xeon-c)", jsonPools.get(1).path("name").asText());
        assertEquals("[\"xeon-c\"]", jsonPools.get(1).path("hosts").toString());
        JsonNode xeonA = json.path("hosts").get(0);
        assertEquals("xeon-a", xeonA.path("name").asText());
        assertEquals("A", xeonA.path("type").asText());
        assertEquals(8, xeonA.path("floorsCounted").asInt(), "each host's floors counted");
        assertEquals("each JVM", xeonA.path("floorsMeasuredIn").asText(), "8 floors inside its JVMs");
        assertEquals(3, json.path("pooling").path("pairs").size());
        assertEquals("rank test", json.path("pooling").path("pairs").get(1).path("apart").asText());
    }

    /**
     * Floors 1.00, 1.06 and 1.12 times xeon16's: each like the next (rank test p 8% and 10%, medians under 6% apart),
     * the two ends told apart (p 0.30%): a chain, so none is pooled, whatever the hosts' names. The earlier rule took
     * the hosts in name order and pooled the first two it met.
     */
    @Test
    void aChainOfHostsIsNotPooledWhateverTheOrderOfTheirNames() throws Exception {
        double[] factors = {1.00, 1.06, 1.12};
        for (int[] order : new int[][] {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}) {
            Path fleet = Files.createDirectory(tmp.resolve("fleet-" + order[0] + order[1] + order[2]));
            for (int k = 0; k < 3; k++) {
                scaledFloors(fleet, "h" + k, factors[order[k]]);
            }
            HostGroup g = FleetReport.facts(fleet, null).groups.get(0);
            assertEquals(3, g.pools.size(), "each alone: " + java.util.Arrays.toString(order));
            for (HostGroup.Pooled p : g.pools) {
                assertEquals(1, p.hosts.size());
                assertTrue(p.chain != null, "alone because of the chain");
                double low = factors[order[Integer.parseInt(p.chain.first.name.substring(1))]];
                double high = factors[order[Integer.parseInt(p.chain.second.name.substring(1))]];
                assertEquals(0.12, Math.abs(high - low), 1e-9, "the chain's ends are the ones told apart");
            }
        }
    }

    @Test
    void hostsOfAnotherBuildOfTheToolAreNotPooled() throws Exception {
        host(tmp, "a", XEON16);
        Path b = Files.createDirectories(tmp.resolve("b"));
        copy(XEON16, b.resolve(FleetData.MATRIX_DIR));
        ObjectNode plan = (ObjectNode) MAPPER.readTree(b.resolve("matrix/matrix.json").toFile());
        plan.put("tool", "queue-latency 0.1.0-SNAPSHOT (build 0123abc)");
        MAPPER.writeValue(b.resolve("matrix/matrix.json").toFile(), plan);
        HostGroup g = FleetReport.facts(tmp, null).groups.get(0);
        assertEquals(2, g.pools.size(), "same floors, another build");
        assertEquals(HostPair.Apart.TOOL, g.pairs.get(0).apart);
        assertEquals("queue-latency 0.1.0-SNAPSHOT (build 0123abc)", g.pairs.get(0).detail.get(1));
    }

    /** A host the playbook began but did not finish (no matrix, no failed.txt) has no report: exit 3; skipped: 0. */
    @Test
    void aHostThePlaybookDidNotFinishIsCountedAndOneSkippedByDesignIsNot() throws Exception {
        host(tmp, "good", XEON16);
        Path skipped = Files.createDirectories(tmp.resolve("extra"));
        String skippedWhy = "more hosts than rounds";
        Files.write(skipped.resolve(FleetData.SKIPPED_TXT), (skippedWhy + "\n").getBytes("UTF-8"));
        assertEquals(ExitCode.OK.code, write(tmp, new ByteArrayOutputStream()));
        JsonNode json = MAPPER.readTree(tmp.resolve("summary.json").toFile());
        assertEquals("skipped", json.path("hosts").get(0).path("status").asText());

        Path lost = Files.createDirectories(tmp.resolve("lost"));
        Files.write(lost.resolve("check-host.txt"), "check-host: ...\n".getBytes("UTF-8"));
        Files.write(lost.resolve("job.txt"), "j123.456\n".getBytes("UTF-8"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ExitCode.NOT_VALID.code, write(tmp, out));
        json = MAPPER.readTree(tmp.resolve("summary.json").toFile());
        SchemasTest.check(tmp.resolve("summary.json"));
        assertEquals(3, json.path("hosts").size(), "a fleet of 3 hosts");
        assertEquals(1, json.path("types").size(), "1 host type");
        assertEquals("extra", json.path("hosts").get(0).path("name").asText());
        assertEquals("skipped", json.path("hosts").get(0).path("status").asText(), "1 skipped by design");
        assertEquals(skippedWhy, json.path("hosts").get(0).path("why").asText(), "its skipped.txt, as written");
        assertEquals("good", json.path("hosts").get(1).path("name").asText());
        assertEquals("reported", json.path("hosts").get(1).path("status").asText(), "1 of 3 hosts reported");
        assertEquals("lost", json.path("hosts").get(2).path("name").asText());
        assertEquals("unfinished", json.path("hosts").get(2).path("status").asText(), "1 without a report");
        assertTrue(json.path("hosts").get(2).path("report").isNull(), "lost has no report");
    }

    private static List<String> names(HostGroup.Pooled p) {
        List<String> names = new java.util.ArrayList<>();
        for (FleetData.HostDir h : p.hosts) {
            names.add(h.name);
        }
        return names;
    }

    /** A host {@code name} whose matrix is xeon16's with each cell's floor times the next of {@code factors}. */
    private static void scaledFloors(Path fleet, String name, double... factors) throws IOException {
        Path h = Files.createDirectories(fleet.resolve(name));
        copy(XEON16, h.resolve(FleetData.MATRIX_DIR));
        int k = 0;
        try (Stream<Path> files = Files.walk(h)) {
            for (Path result : (Iterable<Path>) files.filter(f -> f.endsWith("result.json")).sorted()::iterator) {
                slowerFloor(result, factors[k++ % factors.length]);
            }
        }
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
        assertTrue(none.getMessage().startsWith(tmp + ": ") && !none.getMessage().contains("\n"), none.getMessage());
        Path failed = Files.createDirectories(tmp.resolve("h1"));
        Files.write(failed.resolve(FleetData.FAILED_TXT), "not reached: ssh: connect refused\n".getBytes("UTF-8"));
        BadInputException onlyFailed = assertThrows(BadInputException.class, () -> FleetReport.facts(tmp, null));
        String m = onlyFailed.getMessage();
        assertTrue(m.startsWith(tmp + ": ") && !m.contains("\n") && m.contains(" h1: ")
                && m.contains(": not reached: ssh: connect refused)"), "the fleet, the host, its failed.txt: " + m);
    }

    @Test
    void aCorruptHostIsNamedAfterTheOthersAreReportedAndAFailedOneIsExitThree() throws Exception {
        host(tmp, "good", XEON16);
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        copy(XEON16, bad.resolve(FleetData.MATRIX_DIR));
        Path broken = bad.resolve("matrix/cells/openjdk-25-run2/result.json");
        Files.write(broken, "{ \"schema\": ".getBytes("UTF-8"));
        BadInputException e = assertThrows(BadInputException.class, () -> write(tmp, new ByteArrayOutputStream()));
        assertTrue(e.getMessage().contains(broken.toString()), "the corrupt file named: " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        JsonNode json = MAPPER.readTree(tmp.resolve("summary.json").toFile());
        assertEquals("bad", json.path("hosts").get(0).path("name").asText());
        assertEquals("corrupt", json.path("hosts").get(0).path("status").asText());
        assertTrue(json.path("hosts").get(0).path("why").asText().contains(broken.toString()),
                "the corrupt file named: " + json.path("hosts").get(0));
        assertTrue(json.path("hosts").get(0).path("type").isNull(), "in no type");
        assertEquals("[\"good\"]", json.path("types").get(0).path("pools").get(0).path("hosts").toString(),
                "the rest still reported");

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
