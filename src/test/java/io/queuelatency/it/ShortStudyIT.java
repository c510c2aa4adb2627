package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.queuelatency.Lines;
import io.queuelatency.decide.Comparer;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.report.RunScreen;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.text.Units;
import io.queuelatency.words.HostWords;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs of the jar through Chronicle Queue on /dev/shm, a few seconds each at 20,000 msg/s (a rate a slow 2-CPU
 * host holds; what these tests check does not depend on it), the rolling cycles' at the default 100,000.
 */
class ShortStudyIT {
    private static final long RATE = 20_000;
    @TempDir
    Path tmp;
    private Path queueDir;

    @BeforeEach
    void makeQueueDir() throws Exception {
        queueDir = Jar.shmDir("study");
    }

    @AfterEach
    void queueDirIsLeftEmpty() {
        String[] left = queueDir.toFile().list();
        File dir = queueDir.toFile();
        dir.delete(); // ours, made by this test
        assertEquals(0, left == null ? 0 : left.length,
                "the run left " + String.join(", ", left == null ? new String[0] : left));
    }

    @Test
    void aShortRunDeliversEveryMessageOnceAndInOrderAndWritesItsFiles() throws Exception {
        Path out = tmp.resolve("run");
        Jar run = Jar.run(tmp.resolve("logs"), "--rate", Long.toString(RATE), "--duration", "3s", "--warmup", "1s",
                "--floor", "1s", "--queue-dir", queueDir.toString(), "--output", out.toString());
        Jar.assertFinished(run);
        RunResult r = ResultFiles.read(out);
        String facts = run + "\nsent " + r.messages.sent + ", received " + r.messages.received + ", " + r.status()
                + " " + r.validity.invalidReasons + ", failure " + r.failure;
        assertEquals(4 * RATE, r.messages.expected);
        if (r.messages.sent < r.messages.expected) {
            // seen once on CI's busy host: 72,145 of 80,000 sent, the run finished all the same. A run that did not
            // send its schedule may end, but never as a valid one
            assertFalse(r.valid(), facts);
            Jar.skip("the run ended with " + r.messages.sent + " of " + r.messages.expected + " sent, not valid: "
                    + facts);
        }
        assertEquals(0, r.messages.duplicated + r.messages.outOfOrder + r.messages.corrupted, facts);
        // a consumer the host froze past the drain's 2 s counts the rest lost: never in a valid run
        assertTrue(r.messages.lost == 0 || !r.valid(), facts);
        if (r.messages.lost == 0) {
            assertEquals(r.messages.expected, r.messages.received, facts);
        }
        long measured = r.latency(Definition.INTENDED).count;
        assertTrue(Math.abs(measured - 3 * RATE) <= 3 * RATE / 100, "rate x duration within 1%: " + measured);
        assertEquals(measured, r.latency(Definition.ACTUAL).count);
        assertEquals(run.exitCode == 0, r.valid(), r.validity.invalidReasons.toString());
        assertTrue(r.window.gcCount == 0 || !r.valid(), "a GC in the window makes the run not valid: " + facts);
        assertTrue(r.jvm.commandLine.contains("-Dchronicle.analytics.disable=true"), r.jvm.commandLine.toString());
        for (String name : new String[] {"result.json", "latency.hlog", "intended.hgrm", "actual.hgrm", "table.txt"}) {
            assertTrue(Files.size(out.resolve(name)) > 0, name);
        }
        // valid, or not valid where the busy host made it miss its rate: the exit says which
        assertEquals(run.exitCode == 0 ? RunResult.RunStatus.VALID : RunResult.RunStatus.INVALID, r.status());
        assertEquals(r.status().name(),
                new ObjectMapper().readTree(out.resolve(ResultFiles.RESULT_JSON).toFile()).get("status").asText(),
                "the status result.json stores");
        // table.txt, the long form: a column pair per definition, and the rows hold the stored values
        String table = Jar.read(out.resolve(ResultFiles.TABLE_TXT));
        assertEquals(String.format(Locale.ROOT, "%-11s %14s %12s %14s %12s %14s %12s", "percentile", "intended",
                "beyond", "actual", "beyond", "in-queue", "beyond"), Lines.startingWith(table, "percentile "));
        for (Percentile p : new Percentile[] {Percentile.P99_999, Percentile.WORST}) {
            assertEquals(tableRow(r, p), Lines.startingWith(table, p.name() + " "));
        }
        // 1 s at the run's rate, each message measured or, where the host froze the consumer for longer than the
        // ring's 1,024 messages, counted as overwritten
        assertEquals(RATE, r.floor.actual.count + r.floor.overwritten, "the floor's messages");
        assertTrue(r.floor.actual.count > 0 && r.floor.actual.ns(Percentile.P50) > 0, "the floor was measured");
        assertTrue(r.floor.clockReadNs > 0 && r.floor.histogramRecordNs > 0);
        String floor = Lines.startingWith(table, "floor:    ");
        String intended = String.format(Locale.ROOT, " %,d ns ", r.floor.intended.ns(Percentile.P50));
        String actual = String.format(Locale.ROOT, " %,d ns ", r.floor.actual.ns(Percentile.P50));
        assertTrue(floor.contains(intended) && floor.indexOf(actual, floor.indexOf(intended) + 1) > 0,
                "the stored medians, intended then actual: " + floor);
        assertTrue(r.hostCheck != null && !r.hostCheck.findings.isEmpty());
        String check = Lines.startingWith(table, "# Check:    ");
        assertTrue(check.startsWith("# Check:    " + HostWords.headline(r.hostCheck) + " ")
                && check.contains("check-host"), "the host's headline, and the command that explains it: " + check);
        // the screen: at most 25 lines within 120 columns (but for a path), the stored values to three digits
        String[] screen = run.out.split("\n");
        assertTrue(screen.length <= 25, screen.length + " lines:\n" + run.out);
        for (String line : screen) {
            assertTrue(line.length() <= 120 || line.contains(out.toString()) || line.contains(r.jvm.javaHome), line);
        }
        for (Percentile p : new Percentile[] {Percentile.P50, Percentile.P99_999, Percentile.WORST}) {
            assertEquals(screenRow(r, p), Lines.startingWith(run.out, p.name() + " "));
        }
        String verdict = run.exitCode == 0 ? "VALID:    " : "NOT VALID: ";
        assertTrue(Lines.startingWith(run.out, verdict.trim()).startsWith(verdict), run.out);
        assertTrue(Lines.startingWith(run.out, "results:  ").startsWith("results:  " + out), run.out);
    }

    @Test
    void threeRunsAreFreshJvmsShownSideBySideWithTheFirstSkipped() throws Exception {
        Path out = tmp.resolve("runs");
        Jar run = Jar.run(tmp.resolve("logs"), "--runs", "3", "--skip-first", "--rate", Long.toString(RATE),
                "--duration", "2s", "--warmup", "1s", "--floor", "0s", "--queue-dir", queueDir.toString(), "--output",
                out.toString(), "--quiet");
        Jar.assertFinished(run);
        java.util.Set<Long> pids = new java.util.HashSet<>();
        boolean allValid = true;
        String[] marks = new String[4];
        for (int k = 1; k <= 3; k++) {
            RunResult r = ResultFiles.read(out.resolve("run-" + k));
            allValid &= r.valid();
            marks[k] = k == 1 ? "*" : r.valid() ? "" : "!"; // left out by --skip-first; not valid (a busy host)
            assertTrue(r.floor == null, "--floor 0s skips the floor");
            pids.add(Long.parseLong(r.queue.path.replaceAll(".*queue-latency-(\\d+)-.*", "$1")));
        }
        assertEquals(3, pids.size(), "each run in its own JVM");
        assertEquals(run.exitCode == 0, allValid, "exit 3 where a run is not valid");
        // the runs side by side: run 1 marked as left out, then the estimate over the two counted
        String header = String.format(Locale.ROOT, "%-11s %12s %12s %12s %34s %8s", "percentile", "run 1" + marks[1],
                "run 2" + marks[2], "run 3" + marks[3], "estimate [interval]", "spread");
        assertEquals(header, Lines.startingWith(run.out, String.format(Locale.ROOT, "%-11s %12s", "percentile",
                "run 1*")));
        long counted = java.util.stream.Stream.of(marks[2], marks[3]).filter(String::isEmpty).count();
        String runs = Lines.startingWith(run.out, "3 run(s), ");
        assertEquals(Arrays.asList(3, (int) counted, 1), Lines.numbers(runs),
                "runs, counted, the one left out: " + runs);
        assertTrue(runs.contains("--skip-first") && runs.contains("'!'"), "the option and the mark: " + runs);
        assertTrue(Files.isRegularFile(out.resolve("runs.txt")));
    }

    @Test
    void checkHostExplainsItsVerdictAndCompareTellsTheSameHost() throws Exception {
        Jar check = Jar.run(tmp.resolve("logs1"), "check-host");
        // a finding per line, severity first: a BAD one makes the host indicative only
        boolean publishable = Lines.all(check.out, String.format(Locale.ROOT, "%-5s ", HostFindings.Severity.BAD))
                .isEmpty();
        assertEquals(publishable ? 0 : 3, check.exitCode, "a CI job can gate on the host: " + check);
        assertEquals(0, Jar.run(tmp.resolve("logs1b"), "check-host", "--exit-zero").exitCode);
        String[] lines = check.out.split("\n");
        String verdict = lines[lines.length - 1];
        assertTrue(publishable ? verdict.equals("verdict: " + HostWords.grade(HostFindings.Grade.PUBLISHABLE))
                : verdict.startsWith("verdict: " + HostWords.grade(HostFindings.Grade.INDICATIVE) + " ("), check.out);
        int isolation = 0;
        for (HostFindings.Severity severity : HostFindings.Severity.values()) {
            isolation += Lines.all(check.out, String.format(Locale.ROOT, "%-5s %-22s ", severity, "isolation")).size();
        }
        assertEquals(1, isolation, "the isolation finding: " + check.out);
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        boolean bothValid = true;
        for (Path out : new Path[] {a, b}) {
            Jar run = Jar.run(tmp.resolve("logs-" + out.getFileName()), "--rate", Long.toString(RATE), "--duration",
                    "2s", "--warmup", "1s", "--floor", "0s",
                    "--queue-dir", queueDir.toString(), "--output", out.toString(), "--quiet", "--verbose");
            Jar.assertFinished(run);
            bothValid &= run.exitCode == 0;
            // --verbose prints the long form: table.txt's header, the configuration, then the rest of table.txt
            String table = Jar.read(out.resolve(ResultFiles.TABLE_TXT));
            int headerEnds = table.indexOf("\n\n") + 1;
            assertTrue(run.out.startsWith(table.substring(0, headerEnds) + RunScreen.CONFIGURATION), run.toString());
            assertTrue(run.out.contains(table.substring(headerEnds) + "results:  " + out), run.toString());
        }
        if (!bothValid) {
            // compare refuses a run that is not valid (exit 2, one line): what it says of two runs needs both valid
            String why = "compare needs both runs valid; the busy host made one miss its rate";
            Jar.skip(why);
        }
        Path compared = tmp.resolve("compared");
        Jar compare = Jar.run(tmp.resolve("logs2"), "compare", a.toString(), b.toString(), "--output",
                compared.toString());
        assertEquals(0, compare.exitCode, "one run each: no verdict, so no regression: " + compare);
        JsonNode c = new ObjectMapper().readTree(compared.resolve("compare.json").toFile());
        assertTrue(c.path("sameHostAndSettings").asBoolean(false), "same host and settings: " + c.path("differences"));
        assertEquals(Percentile.belowWorst().size(), c.path("rows").size(), "a row per percentile: " + c);
        for (JsonNode row : c.path("rows")) {
            assertEquals("jdk" + JvmIdentity.currentMajorVersion(), row.path("jvm").asText(), row.toString());
            assertEquals(Comparer.Change.TOO_FEW_RUNS.name(), row.path("verdict").asText(), row.toString());
        }
        assertEquals(Jar.read(compared.resolve("compare.md")), compare.out, "the console shows the comparison");
    }

    @Test
    void rollingCyclesAreDeletedAsTheRunGoesSoTheFootprintStaysBounded() throws Exception {
        Path out = tmp.resolve("run");
        Jar run = Jar.run(tmp.resolve("logs"), "--duration", "6s", "--warmup", "1s", "--queue-dir", queueDir.toString(),
                "--roll-cycle", "TEST_SECONDLY", "--block-size", "4m", "--output", out.toString(), "--quiet");
        Jar.assertFinished(run);
        RunResult r = ResultFiles.read(out);
        String facts = run + "\nsent " + r.messages.sent + " of " + r.messages.expected + ", " + r.status() + " "
                + r.validity.invalidReasons + ", producer's longest stall " + r.tail.producer.maxNs + " ns";
        // on any host that finished: cycles rolled and were deleted as the run went, and the rolls and new blocks are
        // the tail's queue events (at 100,000 msg/s a one-second cycle's file takes ~26 MB, six 4 MiB blocks; a busy
        // host that lets the producer write less into each cycle makes fewer: 5 and 6 were seen here in a 6 s run)
        assertTrue(r.queue.deletedCycles >= 1, "deleted " + r.queue.deletedCycles + " one-second cycles: " + facts);
        assertTrue(r.tail.cycleStartsNs.length >= 1, "the rolls of the window are queue events in the tail: " + facts);
        assertTrue(r.tail.newBlocksNs.length >= 1, "the window's new blocks are queue events too: " + facts);
        for (String line : run.err.split("\n")) {
            assertFalse(line.startsWith("queue-latency: ") || line.contains("Exception"), "--quiet: " + run.err);
        }
        // how many, how far apart and how much was kept at once need a run that kept to its schedule and a consumer
        // that kept up: a host that freezes either for seconds keeps cycles alive and skips rolls
        Jar.assumeHeld(r, facts);
        long frozen = Math.max(r.tail.producer.maxNs, r.tail.consumer.maxNs);
        if (frozen > 1_000_000_000L) {
            Jar.skip("the host froze a measured thread for " + frozen / 1_000_000 + " ms, a one-second cycle's length: "
                    + facts);
        }
        assertEquals(r.messages.expected, r.messages.received, facts);
        assertTrue(r.queue.deletedCycles >= 4, "deleted " + r.queue.deletedCycles + " of ~7 one-second cycles");
        long written = r.messages.expected * (r.config.settings.size + 4);
        assertTrue(r.queue.peakFootprintBytes < written / 2,
                "peak " + r.queue.peakFootprintBytes + " B of " + written + " B written");
        assertTrue(r.tail.cycleStartsNs.length >= 4, "the rolls of the window: " + facts);
        for (int i = 1; i < r.tail.cycleStartsNs.length; i++) {
            // each timed by the producer's first write into its cycle: in order, none skipped (a second apart, give or
            // take what a stall of the producer below a second adds)
            long gap = r.tail.cycleStartsNs[i] - r.tail.cycleStartsNs[i - 1];
            assertTrue(gap > 0 && gap < 2_000_000_000L,
                    "one-second cycles roll about a second apart: " + java.util.Arrays.toString(r.tail.cycleStartsNs));
        }
    }

    /** The screen's row at {@code p}: each definition's stored value to three significant digits, in order. */
    private static String screenRow(RunResult r, Percentile p) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-10s", p.name()));
        for (Definition d : r.measured()) {
            row.append(String.format(Locale.ROOT, " %10s", Units.ns(r.latency(d).ns(p))));
        }
        return row.toString();
    }

    /** table.txt's row at {@code p}: the stored value and count beyond of each definition, in order. */
    private static String tableRow(RunResult r, Percentile p) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-11s", p.name()));
        for (Definition d : r.measured()) {
            Latency.Value v = r.latency(d).at(p);
            row.append(String.format(Locale.ROOT, " %14s %12s", io.queuelatency.text.Units.ns(v.valueNs),
                    String.format(Locale.ROOT, "%,d", v.beyond)));
        }
        return row.toString();
    }
}
