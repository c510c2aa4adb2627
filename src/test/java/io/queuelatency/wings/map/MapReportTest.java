package io.queuelatency.wings.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.SysfsTopology;
import io.queuelatency.measure.LatencyRecorder;
import io.queuelatency.report.Figures;
import io.queuelatency.report.RunBrief;
import io.queuelatency.report.SchemasTest;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Host;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Platform;
import io.queuelatency.result.Warning;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map of the Ryzen 9 5950X's tree with the hand-offs its published map shows (17 ns in a CCD, 85 ns across, 6 ns
 * between siblings): map.json against its schema and read back the same, the relations' summary, the figure's
 * halves, the page, and the screen within 120 columns.
 */
class MapReportTest {
    @TempDir
    Path tmp;

    private static HostMap ryzen() {
        CpuTopology t = new SysfsTopology(Paths.get("src/test/resources/sysfs/ryzen-5950x")).read();
        List<Integer> cpus = new ArrayList<>();
        for (int c = 0; c < 8; c++) {
            cpus.add(c * 2);
        }
        cpus.add(18);
        List<HostMap.Pair> pairs = new ArrayList<>();
        for (int a : cpus) {
            for (int b : cpus) {
                if (a < b) {
                    CpuPair.Relation r = t.relation(a, b);
                    long ns = r == CpuPair.Relation.SHARED_L3 ? 17 : r == CpuPair.Relation.ACROSS_L3 ? 85 : 6;
                    Warning pin = a == 0 && b == 2
                            ? new Warning.PinFailed("floor producer", 0, "its affinity is {0, 1}") : null;
                    pairs.add(new HostMap.Pair(new int[] {a, b}, r, latency(ns), 0, pin));
                }
            }
        }
        CpuChoice auto = CpuChoice.auto(t, cpus);
        Host host = new Host();
        host.hostname = "ryzen";
        host.cpuModel = "AMD Ryzen 9 5950X 16-Core Processor";
        host.kernel = "6.8.0";
        host.onlineCpuList = "0-31";
        host.allowedCpuList = "0-31";
        host.isolatedCpuList = "";
        host.platform = new Platform("bare metal (no hypervisor flag)", null, null, -1, null, null);
        return new HostMap("queue-latency test", host, new HostMap.Plan(cpus, "0,2,4,6,8,10,12,14,18", 64, 100_000,
                new long[] {100_000_000L, 20_000_000L, 1_000_000_000L, 5_500_000_000L, 10_000_000L, 200_000_000L},
                pairs.size()), t, t.pair(auto.producer, auto.consumer, auto.chosenBy, auto.reason))
                .measured(pairs, "2026-01-01T00:00:00Z", "2026-01-01T00:00:05Z", 4_500_000_000L);
    }

    /** 10,000 hand-offs around {@code ns}, a tail to 20 times it. */
    private static Latency latency(long ns) {
        Histogram h = LatencyRecorder.newHistogram();
        for (int i = 0; i < 10_000; i++) {
            h.recordValue(i % 1000 == 0 ? ns * 20 : ns + i % 3);
        }
        return Latency.of(Definition.ACTUAL, h);
    }

    @Test
    void mapJsonValidatesAndReadsBackTheSame() throws Exception {
        HostMap m = ryzen();
        Path file = tmp.resolve("map.json");
        HostMapJson.write(file, m);
        SchemasTest.check(file);
        HostMap back = HostMapJson.read(file);
        assertEquals(m.pairs.size(), back.pairs.size());
        for (int i = 0; i < m.pairs.size(); i++) {
            HostMap.Pair a = m.pairs.get(i);
            HostMap.Pair b = back.pairs.get(i);
            assertEquals(a.producerCpu, b.producerCpu);
            assertEquals(a.relation, b.relation);
            assertEquals(a.oneWay.ns(Percentile.P99), b.oneWay.ns(Percentile.P99));
            assertEquals(a.pinFailure, b.pinFailure);
        }
        assertEquals(m.topology.cpu(20).l3, back.topology.cpu(20).l3);
        assertEquals(m.auto.relation, back.auto.relation);
        assertEquals(m.auto.why, back.auto.why);
        assertEquals(m.plan.estimatedNs, back.plan.estimatedNs);
        assertEquals(m.elapsedNs, back.elapsedNs);
    }

    @Test
    void eachRelationsSummaryIsItsPairsMedians() {
        List<HostMap.RelationSummary> byRelation = ryzen().byRelation();
        assertEquals(3, byRelation.size());
        assertEquals(CpuPair.Relation.SMT_SIBLINGS, byRelation.get(0).relation);
        assertEquals(1, byRelation.get(0).pairs); // 2 and 18
        assertEquals(CpuPair.Relation.SHARED_L3, byRelation.get(1).relation);
        assertEquals(10 - 1 + 6, byRelation.get(1).pairs); // 0, 2, 4, 6, 18 but 2-18; 8, 10, 12, 14
        assertEquals(latency(17).ns(Percentile.P50), byRelation.get(1).medianP50Ns);
        assertEquals(latency(85).ns(Percentile.P50), byRelation.get(2).medianP50Ns);
        assertEquals(5 * 4, byRelation.get(2).pairs);
        assertEquals(latency(85).ns(Percentile.P99), byRelation.get(2).medianP99Ns);
    }

    @Test
    void theFiguresUpperHalfIsTheMeasureAndTheLowerTheRelation() throws Exception {
        HostMap m = ryzen();
        Path png = tmp.resolve(MapFigure.FILE_NAME);
        if (!new Figures(System.err).png(tmp, MapFigure.FILE_NAME, () -> MapFigure.draw(m))) {
            return; // this JVM cannot draw: the map says so in one line, tested in MapIT
        }
        BufferedImage image = ImageIO.read(png.toFile());
        int cell = Math.max(6, Math.min(44, 760 / m.plan.cpus.size()));
        // row 0 (CPU 0), column 4 (CPU 8): measured across the CCDs, the slowest; row 4, column 0: across-l3's colour
        int upper = image.getRGB(80 + 4 * cell + 3, 100 + 3);
        int lower = image.getRGB(80 + 3, 100 + 4 * cell + 3);
        assertEquals(MapScale.of(m).colour(m.pair(0, 8).p50Ns()).getRGB(), upper);
        assertEquals(MapScale.colour(CpuPair.Relation.ACROSS_L3).getRGB(), lower);
    }

    @Test
    void thePageHoldsEveryMeasuredPairAndNeedsNothingBesideIt() throws Exception {
        HostMap m = ryzen();
        String page = MapPage.render(m);
        for (HostMap.Pair p : m.pairs) {
            assertTrue(page.contains("title=\"CPU " + p.producerCpu + " to " + p.consumerCpu + ": " + p.relation.id),
                    p.producerCpu + "-" + p.consumerCpu);
        }
        assertTrue(!page.contains("<script") && !page.contains("src=") && !page.contains("href="));
    }

    @Test
    void theScreenIsWithin120ColumnsAndNamesAutosPair() {
        HostMap m = ryzen();
        String screen = MapScreen.plan(m) + MapScreen.result(m, "/tmp/x", true);
        for (String line : screen.split("\n")) {
            assertTrue(line.length() <= RunBrief.WIDTH, line.length() + ": " + line);
        }
        assertEquals(2, m.auto.producerCpu);
        assertEquals(4, m.auto.consumerCpu);
        assertEquals(CpuPair.Relation.SHARED_L3, m.auto.relation);
        assertTrue(screen.replaceAll("\n {10}", " ").contains(MapScreen.autoLine(m)),
                "auto's pair on the screen: " + screen);
        assertNull(m.pair(1, 3));
    }
}
