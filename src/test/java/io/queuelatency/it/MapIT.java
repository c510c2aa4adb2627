package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.HostFacts;
import io.queuelatency.report.SchemasTest;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Percentile;
import io.queuelatency.wings.map.HostMap;
import io.queuelatency.wings.map.HostMapJson;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code map} on this machine, end to end through the jar; and its bad input, one line and exit 2. */
class MapIT {
    private static final long PAIR_NS = 300_000_000L;

    @TempDir
    Path tmp;

    /** The tool's entries in /dev/shm (the map makes its own directory there for JNA's files, and removes it). */
    private static Set<String> shm() {
        String[] names = new File("/dev/shm").list((d, n) -> n.startsWith("queue-latency-"));
        return new TreeSet<>(Arrays.asList(names == null ? new String[0] : names));
    }

    @FullSuite
    @Test
    void theMapOfThisHostMeasuresEveryPairAndNamesAutosPair() throws Exception {
        Set<String> before = shm();
        Path out = tmp.resolve("map");
        Jar run = Jar.run(tmp.resolve("logs"), "map", "--pair-time", "300ms", "--output", out.toString());
        if (run.exitCode == 1 && Files.isRegularFile(out.resolve("map.json"))
                && HostMapJson.read(out.resolve("map.json")).pairs.stream().allMatch(p -> p.oneWay.count == 0)) {
            // exit 1 where a pair received nothing: in 300 ms, on a VM whose host froze it for longer
            String why = "the host froze the map's 300 ms pairs: none received a hand-off";
            Jar.skip(why);
        }
        Jar.assertFinished(run);
        SchemasTest.check(out.resolve("map.json"));
        HostMap m = HostMapJson.read(out.resolve("map.json"));
        HostFacts facts = HostFacts.system();
        List<Integer> allowed = facts.pinnableCpus().cpus;
        CpuTopology topology = facts.topology();
        assertEquals(allowed, m.plan.cpus);
        int n = allowed.size();
        assertEquals(n <= 64 ? n * (n - 1) / 2 : m.plan.pairCount, m.pairs.size());
        for (HostMap.Pair p : m.pairs) {
            String pair = p.producerCpu + "-" + p.consumerCpu;
            assertEquals(topology.relation(p.producerCpu, p.consumerCpu), p.relation, pair);
            assertTrue(p.producerCpu < p.consumerCpu, pair);
            assertEquals(PAIR_NS / 10_000, p.oneWay.count + p.overwritten, pair + ": 100,000 hand-offs a second");
            long p50 = p.oneWay.ns(Percentile.P50);
            assertTrue(p50 > 0, pair + ": p50 " + p50 + " ns");
            assertEquals(null, p.pinFailure, pair);
        }
        CpuChoice auto = CpuChoice.auto(topology, allowed);
        assertEquals(Arrays.asList(auto.producer, auto.consumer), Arrays.asList(m.auto.producerCpu,
                m.auto.consumerCpu));
        assertTrue(m.elapsedNs > m.pairs.size() * PAIR_NS, m.elapsedNs + " ns");
        int planned = run.out.indexOf("\ntime:     ");
        int results = run.out.indexOf("\nresults:  " + out);
        assertTrue(planned > 0 && results > planned, "the time it will take, before it measures:\n" + run.out);
        String page = new String(Files.readAllBytes(out.resolve("map.html")), StandardCharsets.UTF_8);
        HostMap.Pair first = m.pairs.get(0);
        assertTrue(page.contains("title=\"CPU " + first.producerCpu + " to " + first.consumerCpu + ": "
                + first.relation.id), "map.html holds the pair");
        assertTrue(Files.isRegularFile(out.resolve("map.png"))
                || !io.queuelatency.Lines.all(run.err, "queue-latency: warning: ").isEmpty(),
                "drawn, or a warning says why not: " + run);
        assertEquals(before, shm(), "the map removes what it made in /dev/shm");
    }

    @Test
    void badInputIsOneLineAndExitCodeTwoAndMeasuresNothing() throws Exception {
        Path exists = Files.createDirectory(tmp.resolve("exists"));
        String[][] cases = {
            {"map", "--cpus", "0,4095"},
            {"map", "--cpus", "0"},
            {"map", "--cpus", "zero"},
            {"map", "--pair-time", "0s"},
            {"map", "--every-pair-up-to", "1"},
            {"map", "--rate", "0"},
            {"map", "--output", exists.toString()},
            {"map", "--pairs-time", "1s"},
            {"map", "--time-budget", "1s"},
        };
        String[] names = {"4095", "0", "zero", "0s", "1", "0", exists.toString(), "--pairs-time", "--time-budget 1s"};
        for (int i = 0; i < cases.length; i++) {
            Jar run = Jar.run(tmp.resolve("logs-bad-" + i), cases[i]);
            assertEquals(2, run.exitCode, run.toString());
            assertEquals(1, run.err.trim().split("\n").length, "one line: " + run.err);
            assertTrue(run.err.contains(names[i]), names[i] + " named in: " + run.err);
            assertEquals("", run.out, "nothing measured, nothing planned: " + run.out);
        }
    }
}
