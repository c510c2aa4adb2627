package io.queuelatency.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.queuelatency.Lines;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.json.ResultJson;
import io.queuelatency.measure.LatencyRecorder;
import io.queuelatency.report.RunScreen;
import io.queuelatency.report.TailScreen;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.Latency;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Pretouch;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.StallLengths;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Warning;
import io.queuelatency.result.Why;
import io.queuelatency.text.Units;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.HostWords;
import io.queuelatency.words.RunWords;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    /** Results of schema 1: the example report's cells as the first release wrote them. */
    static final Path EXAMPLE_CELLS = Paths.get("src/test/resources/release-1/cells");
    /** Results of schema 2: the example report's cells in that schema. */
    static final Path SCHEMA_2_CELLS = Paths.get("src/test/resources/release-2/cells");

    @TempDir
    Path tmp;

    @Test
    void theHlogReadBackWithHdrHistogramsReaderGivesTheSamePercentilesAsResultJson() throws Exception {
        Path finalDir = tmp.resolve("run");
        Path staging = Files.createDirectory(ResultFiles.stagingFor(finalDir));
        java.util.Map<Definition, Histogram> totals = new java.util.EnumMap<>(Definition.class);
        Random random = new Random(42);
        long startMs = 1_700_000_000_000L;
        try (IntervalLog log = new IntervalLog(staging.resolve(IntervalLog.FILE_NAME), startMs, "test")) {
            for (int second = 0; second < 5; second++) {
                log.append(Definition.INTENDED.warmupTag(), interval(startMs, second, random, 5_000));
                int mean = 1_000;
                for (Definition d : Definition.values()) {
                    Histogram h = interval(startMs, second + 5, random, mean);
                    mean -= 200;
                    log.append(d.tag(), h);
                    totals.computeIfAbsent(d, k -> LatencyRecorder.newHistogram()).add(h);
                }
            }
        }
        RunResultBuilder built = new RunResultBuilder().latency(totals);
        built.stages.put(io.queuelatency.result.Stage.FILL, Latency.of(null, totals.get(Definition.ACTUAL)));
        RunResult result = built.build();
        ResultFiles.complete(staging, finalDir, result, totals, RunScreen.full(result));

        assertFalse(Files.exists(staging), "staging renamed away");
        for (String name : new String[] {"result.json", "latency.hlog", "intended.hgrm", "actual.hgrm", "inQueue.hgrm",
                "table.txt"}) {
            assertTrue(Files.isRegularFile(finalDir.resolve(name)), name);
        }
        RunResult stored = ResultFiles.read(finalDir);
        for (Definition d : Definition.values()) {
            Latency recomputed =
                    Latency.of(d, IntervalLog.sum(finalDir.resolve(IntervalLog.FILE_NAME), stored.hlogTag(d)));
            Latency inJson = stored.latency(d);
            assertEquals(inJson.count, recomputed.count, d.id);
            for (Percentile p : Percentile.REPORTED) {
                assertEquals(inJson.at(p).valueNs, recomputed.at(p).valueNs, d.id + " " + p);
                assertEquals(inJson.at(p).beyond, recomputed.at(p).beyond, d.id + " " + p);
            }
        }
        Latency fill = stored.stages.get(io.queuelatency.result.Stage.FILL);
        assertEquals(stored.latency(Definition.ACTUAL).ns(Percentile.P99), fill.ns(Percentile.P99),
                "a stage reads back");
        assertEquals(1, stored.stages.size());
        String hgrm = new String(Files.readAllBytes(finalDir.resolve("intended.hgrm")), StandardCharsets.UTF_8);
        assertTrue(hgrm.contains("#[Mean") && hgrm.contains("#[Max"), "an HdrHistogram percentile distribution");
    }

    @Test
    void aResultIsReadBackAsItWasWrittenAndJudgedTheSameWay() throws Exception {
        RunResultBuilder b = new RunResultBuilder().latency(histogram(1_000), histogram(800));
        b.gcCount = 2;
        b.gcTimeMs = 9;
        b.maxSendLagNs = 3_000_000;
        b.lateSends = 250;
        b.setupWarnings.add(new Warning.PinFailed("producer", 2, "test"));
        b.hostCheck = new HostFindings(java.util.Arrays.asList(
                new HostFindings.Finding(HostFindings.Severity.BAD, "isolation", "none", "isolate")));
        b.floor = RunResultBuilder.floor(histogram(90), 21.0, 6.0);
        RunResult written = b.build();
        Path file = tmp.resolve("result.json");
        ResultJson.write(file, written);
        RunResult read = ResultJson.read(file);
        assertEquals(RunResult.SCHEMA_VERSION, read.schemaVersion);
        assertEquals(RunResult.RunStatus.INVALID, read.status());
        assertEquals(written.validity.invalidReasons, read.validity.invalidReasons);
        assertEquals(written.validity.warnings, read.validity.warnings);
        assertEquals(HostFindings.Grade.INDICATIVE, read.hostCheck.grade);
        assertEquals(written.floor.intended.ns(Percentile.P50), read.floor.intended.ns(Percentile.P50));
        assertEquals(RunScreen.full(written), RunScreen.full(read),
                "one number, one value: the table from the file is the table printed");
    }

    @Test
    void anAllocatingWorkloadsFactAndTheCollectorsPausesAreStoredAndJudgedAgainTheSame() throws Exception {
        RunResultBuilder b = new RunResultBuilder().latency(histogram(1_000), histogram(800));
        b.workload = "com.example.Garbage";
        b.workloadAllocates = true;
        b.gcCount = 4;
        b.gcTimeMs = 17;
        b.gcPauses.add(new io.queuelatency.result.WindowFacts.Pauses("G1 Young Generation", 3, 15, 7));
        b.gcPauses.add(new io.queuelatency.result.WindowFacts.Pauses("G1 Concurrent GC", 1, 2, -1));
        RunResult written = b.build();
        Path file = tmp.resolve("result.json");
        ResultJson.write(file, written);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertTrue(json.get("config").get("workloadAllocates").asBoolean());
        assertEquals(2, json.get("window").get("gcPauses").size());
        RunResult read = ResultJson.read(file);
        assertEquals(Boolean.TRUE, read.config.workloadAllocates);
        assertEquals(written.window.gcPauses, read.window.gcPauses);
        assertTrue(read.valid(), read.validity.invalidReasons.toString());
        assertEquals(io.queuelatency.result.WindowGc.Applied.DECLARED, read.validity.gc.rule);
        assertEquals(written.validity.warnings, read.validity.warnings);
        Path again = tmp.resolve("again.json");
        ResultJson.write(again, read);
        assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(again), "written back byte for byte");
        assertEquals(RunScreen.full(written), RunScreen.full(read));

        ResultJson.write(file, new RunResultBuilder().latency(histogram(1_000), histogram(800)).build());
        JsonNode none = new ObjectMapper().readTree(file.toFile());
        assertFalse(none.get("config").has("workloadAllocates"), "without a workload: as before");
        assertFalse(none.get("window").has("gcPauses"), "without a pause: as before");
    }

    @Test
    void aCollectorsPausesWithoutTheirLongestAreRefusedInOneLine() throws Exception {
        RunResultBuilder b = new RunResultBuilder().latency(histogram(1_000), histogram(800));
        b.gcCount = 1;
        b.gcPauses.add(new io.queuelatency.result.WindowFacts.Pauses("PS Scavenge", 1, 3, 3));
        Path file = tmp.resolve("result.json");
        ResultJson.write(file, b.build());
        ObjectNode json = (ObjectNode) new ObjectMapper().readTree(file.toFile());
        ((ObjectNode) json.get("window").get("gcPauses").get(0)).remove("longestMs");
        Files.write(file, new ObjectMapper().writeValueAsBytes(json));
        String refused = assertThrows(StoredFileException.class, () -> ResultJson.read(file)).getMessage();
        assertTrue(refused.startsWith(file + ": "), refused);
        assertEquals(1, refused.split("\n").length, refused);
    }

    @Test
    void everyResultOfTheFirstTwoSchemasIsRefusedInOneLineNamingItsVersion() throws Exception {
        for (Path cells : java.util.Arrays.asList(EXAMPLE_CELLS, SCHEMA_2_CELLS)) {
            List<Path> runs = new ArrayList<>();
            try (Stream<Path> dirs = Files.list(cells)) {
                dirs.filter(ResultFiles::isRun).forEach(runs::add);
            }
            assertTrue(runs.size() >= 20, "the example report's cells: " + runs.size());
            for (Path cell : runs) {
                Path file = cell.resolve(ResultFiles.RESULT_JSON);
                int version = cells == EXAMPLE_CELLS ? 1 : 2;
                String refused = assertThrows(StoredFileException.class, () -> ResultFiles.read(cell)).getMessage();
                assertRefused(refused, file + ": schema: ");
                assertEquals(java.util.Arrays.asList(version, RunResult.OLDEST_SCHEMA_READ, RunResult.SCHEMA_VERSION),
                        io.queuelatency.Lines.numbers(refused.substring(file.toString().length())), refused);
            }
        }
    }

    @Test
    void theTailsCausesEvidenceAndPretouchAreWrittenAndReadBack() throws Exception {
        Map<Why, ThreadStalls.Tally> byWhy = new java.util.EnumMap<>(Why.class);
        byWhy.put(Why.PREEMPTED, new ThreadStalls.Tally(4, 9_000_000));
        byWhy.put(Why.QUEUE_FAULT, new ThreadStalls.Tally(30, 300_000));
        Map<Why, Long> why = new java.util.EnumMap<>(Why.class);
        why.put(Why.PREEMPTED, 60L);
        why.put(Why.NOT_SEEN, 40L);
        Map<String, Long> by = new java.util.LinkedHashMap<>();
        by.put("stress", 60L);
        TailEvidence e = new TailEvidence();
        e.level = TailEvidence.KERNEL_TRACE;
        e.detail = "traced";
        e.lostEvents = 3;
        e.preemptors = Arrays.asList(new TailEvidence.Preemptor("stress", false, false, 4, 9_000_000));
        e.producer = new TailEvidence.ThreadCounters(new long[] {6_000, 6_100}, new long[] {0, 0},
                new long[] {3, 4}, new long[] {250, 260});
        TailEvidence evidence = e;
        ThreadStalls producer = stalls(34, 9_300_000, 3_000_000);
        producer.byWhy = byWhy;
        producer.perSecondMaxNs = new long[] {3_000_000, 0};
        producer.perSecondMaxWhy = new Why[] {Why.PREEMPTED, null};
        Tail.Beyond beyond = beyond(Percentile.P99_9, 123_456, 100, 100);
        beyond.notJvm = 100;
        beyond.why = why;
        beyond.preemptedBy = by;
        Tail t = new Tail();
        t.producer = producer;
        t.consumer = stalls(0, 0, 0);
        t.jvmEventSource = "unified logging";
        t.jvmEventsRecorded = true;
        t.keptFloorNs = 2_000;
        t.kept = 100;
        t.beyond = Arrays.asList(beyond);
        t.evidence = evidence;
        RunResultBuilder b = new RunResultBuilder();
        b.tail = t;
        b.pretouch = new Pretouch(1, 16 << 20, 64 << 20, 3 << 20, 15 << 20, null);
        Path file = tmp.resolve("result.json");
        ResultJson.write(file, b.build());
        RunResult r = ResultJson.read(file);
        Tail back = r.tail;
        assertEquals(4, back.producer.byWhy.get(Why.PREEMPTED).count);
        assertEquals(300_000, back.producer.byWhy.get(Why.QUEUE_FAULT).totalNs);
        assertArrayEquals(new Why[] {Why.PREEMPTED, null}, back.producer.perSecondMaxWhy);
        assertEquals(60, back.beyond(Percentile.P99_9).count(Why.PREEMPTED));
        assertEquals(40, back.beyond(Percentile.P99_9).count(Why.NOT_SEEN));
        assertEquals(Long.valueOf(60), back.beyond(Percentile.P99_9).preemptedBy.get("stress"));
        assertTrue(back.evidence.traced());
        assertEquals(3, back.evidence.lostEvents);
        assertEquals("stress", back.evidence.preemptors.get(0).command);
        assertArrayEquals(new long[] {6_000, 6_100}, back.evidence.producer.minorFaults);
        assertEquals(0, back.evidence.consumer.interrupts.length);
        assertEquals(1, r.queue.pretouch.cpu);
        assertEquals(15 << 20, r.queue.pretouch.medianLeadBytes);
        String block = TailScreen.block(back, -1);
        assertEquals("                                     | " + CauseWords.words(Why.PREEMPTED.group) + " | "
                + CauseWords.words(Why.NOT_SEEN.group),
                Lines.startingWith(block, "                                     |"), "each group heads its columns");
        String took = Lines.startingWith(block, "  took the CPU:");
        assertTrue(took.contains(": stress 4 ") && took.endsWith(" " + Units.exact(9_000_000L)), took);
    }

    @Test
    void aTailWithNothingMatchedStillSaysWhatTheRunKnew() {
        // CI's host: the fold ran out of time before it matched a slow message, and table.txt lost its evidence line
        TailEvidence e = new TailEvidence();
        e.level = TailEvidence.COUNTERS;
        e.detail = "not root";
        TailEvidence evidence = e;
        Tail tail = new Tail();
        tail.producer = stalls(0, 0, 0);
        tail.consumer = stalls(0, 0, 0);
        tail.beyond = Arrays.asList(beyond(Percentile.P99, 7_000_000, 1_874, 0));
        tail.evidence = evidence;
        assertEquals("  evidence: " + TailEvidence.COUNTERS + ": not root",
                Lines.startingWith(TailScreen.block(tail, -1), "  evidence: "));
    }

    @Test
    void aJvmEventStoredWithoutItsStoppedPartReadsAsStoppedThroughout() throws Exception {
        // stored before the time the threads were stopped was kept apart from the whole event
        RunResult r = ResultJson.read(Paths.get("src/test/resources/xeon16-matrix/cells/openjdk-17-run1/result.json"));
        Tail.Event first = r.tail.events.get(0);
        assertEquals(9_843_543, first.startAfterWindowStartNs);
        assertEquals(100_135, first.lengthNs);
        assertEquals(100_135, first.stoppedNs);
        for (Tail.Event e : r.tail.events) {
            assertEquals(e.lengthNs, e.stoppedNs, e.operation);
        }
    }

    @Test
    void theTailIsWrittenAndReadBackWhole() throws Exception {
        Map<Tail.Cause, Long> causes = new java.util.EnumMap<>(Tail.Cause.class);
        causes.put(Tail.Cause.CONSUMER_STALL, 70L);
        causes.put(Tail.Cause.WRITE_STALL, 20L);
        causes.put(Tail.Cause.NONE, 10L);
        ThreadStalls producer = stalls(12, 900_000, 400_000);
        producer.reads = 1_000_000;
        producer.writeCount = 3;
        producer.writeNs = 30_000;
        producer.largest = Arrays.asList(new ThreadStalls.Stall(1_000, 400_000));
        producer.perSecondMaxNs = new long[] {400_000, 0, 7_000};
        producer.clockReadP50Ns = 30;
        producer.clockReadP99Ns = 45;
        producer.byLength = io.queuelatency.result.StallLengths.byLength(
                new long[] {6_000, 7_000, 400_000, 12_000_000_000L});
        ThreadStalls consumer = stalls(2, 80_000, 50_000);
        consumer.reads = 2_000_000;
        consumer.complete = false;
        consumer.perSecondMaxNs = new long[3];
        Tail.Operation gc = new Tail.Operation("G1CollectForAllocation", true, 1, 3_000_000, 3_000_000, 20_000);
        Tail.Beyond p999 = beyond(Percentile.P99_9, 123_456, 100, 100);
        p999.byCause = causes;
        Tail t = new Tail();
        t.producer = producer;
        t.consumer = consumer;
        t.jvmEventSource = "unified logging";
        t.jvmEventsRecorded = true;
        t.operations = Arrays.asList(gc);
        t.events = Arrays.asList(new Tail.Event(1_500_000_000L, 3_000_000, 2_900_000, "G1CollectForAllocation", true));
        t.cycleStartsNs = new long[] {2_000_000_000L};
        t.newBlocksNs = new long[] {700_000_000L, 3_200_000_000L};
        t.jit = new Tail.Jit(3, 1, Arrays.asList("io.queuelatency.measure.Producer::sendOne (tier 4)"), -1,
                new ArrayList<>());
        t.keptFloorNs = 2_000;
        t.kept = 500;
        t.overwritten = 800;
        t.beyond = Arrays.asList(p999);
        RunResultBuilder b = new RunResultBuilder();
        b.tail = t;
        Path file = tmp.resolve("result.json");
        ResultJson.write(file, b.build());
        Tail back = ResultJson.read(file).tail;
        assertEquals(3, back.producer.writeCount);
        assertEquals(400_000, back.producer.largest.get(0).lengthNs);
        assertEquals(2_000_000, back.consumer.reads);
        assertEquals("G1CollectForAllocation", back.operations.get(0).name);
        assertTrue(back.operations.get(0).gc);
        Tail.Beyond beyond = back.beyond(Percentile.P99_9);
        assertEquals(123_456, beyond.valueNs);
        assertEquals(70, beyond.count(Tail.Cause.CONSUMER_STALL));
        assertEquals(20, beyond.count(Tail.Cause.WRITE_STALL));
        assertEquals(0, beyond.count(Tail.Cause.GC_PAUSE));
        assertEquals(800, back.overwritten);
        assertArrayEquals(new long[] {400_000, 0, 7_000}, back.producer.perSecondMaxNs);
        assertEquals(1, back.events.size());
        assertEquals(1_500_000_000L, back.events.get(0).startAfterWindowStartNs);
        assertEquals(3_000_000, back.events.get(0).lengthNs);
        assertEquals(2_900_000, back.events.get(0).stoppedNs);
        assertTrue(back.events.get(0).gc);
        assertArrayEquals(new long[] {2_000_000_000L}, back.cycleStartsNs);
        assertArrayEquals(new long[] {700_000_000L, 3_200_000_000L}, back.newBlocksNs);
        assertEquals(3, back.jit.compilations);
        assertEquals(Arrays.asList("io.queuelatency.measure.Producer::sendOne (tier 4)"), back.jit.deoptimized);
        assertTrue(back.producer.complete);
        assertFalse(back.consumer.complete);
        assertEquals(30, back.producer.clockReadP50Ns);
        assertEquals(45, back.producer.clockReadP99Ns);
        assertEquals(-1, back.consumer.clockReadP99Ns, "not calibrated: unknown, not zero");
        assertEquals(3, back.producer.byLength.size());
        assertArrayEquals(new long[] {5_000, 10_000, 2, 13_000}, step(back.producer.byLength.get(0)));
        assertArrayEquals(new long[] {200_000, 500_000, 1, 400_000}, step(back.producer.byLength.get(1)));
        assertArrayEquals(new long[] {10_000_000_000L, -1, 1, 12_000_000_000L}, step(back.producer.byLength.get(2)),
                "the open last step");
        assertTrue(back.consumer.byLength.isEmpty());
        String block = TailScreen.block(back, -1);
        String byLength = Lines.startingWith(block, "          by length:");
        for (String step : new String[] {" 5-10 us 2, ", " 200-500 us 1, ", " >= 10 s 1;"}) {
            assertTrue(byLength.contains(step), step + " in " + byLength);
        }
    }

    @Test
    void percentilesAreReadByValueSoAStoredSetInAnotherOrderOrWithAnotherMemberIsReadRight() throws Exception {
        Path cell = firstExampleCell();
        ObjectMapper json = new ObjectMapper();
        ObjectNode raw = (ObjectNode) json.readTree(cell.resolve(ResultFiles.RESULT_JSON).toFile());
        com.fasterxml.jackson.databind.node.ArrayNode ps =
                (com.fasterxml.jackson.databind.node.ArrayNode) raw.get("latency").get("intended").get("percentiles");
        long p9999 = 0;
        for (JsonNode p : ps) {
            if (p.get("percentile").asDouble() == 99.99) {
                p9999 = p.get("valueNs").asLong();
            }
        }
        // As if written by a release that reports 99.9999 too, listed first.
        ObjectNode extra =
                json.createObjectNode().put("percentile", 99.9999).put("valueNs", 123_456_789L).put("beyond", 1);
        ps.insert(0, extra);
        Path file = tmp.resolve("result.json");
        json.writeValue(file.toFile(), raw);
        RunResult r = ResultJson.read(file);
        assertEquals(p9999, r.latency(Definition.INTENDED).ns(Percentile.P99_99),
                "p99.99 is where it was, whatever the list's order");
        assertEquals(123_456_789L, r.latency(Definition.INTENDED).ns(Percentile.of(99.9999)));
        // And a table that asks for a percentile this result was not stored with says so, rather than shift a column.
        List<Percentile> withMore = new ArrayList<>(Percentile.REPORTED);
        withMore.add(5, Percentile.of(99.99999));
        String table = RunScreen.table(r, withMore);
        assertTrue(table.matches("(?s).*\np99\\.99999\\s+-\\s+-.*"), table);
    }

    @Test
    void aBrokenResultIsOneLineNamingTheFileAndWhatIsWrong() throws Exception {
        Path file = tmp.resolve("result.json");
        Files.write(file, "{\"schema\": \"queue-latency/run/1\", \"config\": {".getBytes(StandardCharsets.UTF_8));
        StoredFileException truncated = assertThrows(StoredFileException.class, () -> ResultJson.read(file));
        assertRefused(truncated, file + ": ");

        ObjectMapper json = new ObjectMapper();
        ObjectNode raw = (ObjectNode) json.readTree(firstExampleCell().resolve(ResultFiles.RESULT_JSON).toFile());
        ((ObjectNode) raw.get("messages")).put("lost", "many");
        json.writeValue(file.toFile(), raw);
        StoredFileException typed = assertThrows(StoredFileException.class, () -> ResultJson.read(file));
        assertRefused(typed, file + ": messages.lost: ", "\"many\"");

        raw.put("schema", "queue-latency/run/9");
        json.writeValue(file.toFile(), raw);
        StoredFileException newer = assertThrows(StoredFileException.class, () -> ResultJson.read(file));
        assertRefused(newer, file + ": schema: ", " 9 ");

        assertRefused(assertThrows(StoredFileException.class, () -> ResultJson.read(tmp.resolve("none.json"))),
                tmp.resolve("none.json") + ": ");
    }

    /** One line that starts with the file (and the key at fault) and names each of {@code values}. */
    private static void assertRefused(StoredFileException e, String where, String... values) {
        assertRefused(e.getMessage(), where, values);
    }

    private static void assertRefused(String message, String where, String... values) {
        assertTrue(message.startsWith(where) && !message.contains("\n"), message);
        for (String v : values) {
            assertTrue(message.contains(v), v + " in " + message);
        }
    }

    static Path firstExampleCell() throws Exception {
        try (Stream<Path> dirs = Files.list(Paths.get("src/test/resources/xeon16-matrix/cells"))) {
            return dirs.filter(ResultFiles::isRun).sorted().findFirst().get();
        }
    }

    private static Histogram histogram(long scale) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long i = 1; i <= 10_000; i++) {
            h.recordValue(scale + i % 997);
        }
        return h;
    }

    private static Histogram interval(long startMs, int second, Random random, long scale) {
        Histogram h = LatencyRecorder.newHistogram();
        for (int i = 0; i < 10_000; i++) {
            h.recordValue(scale + (long) (Math.abs(random.nextGaussian()) * scale) + (i % 1000 == 0 ? scale * 100 : 0));
        }
        h.setStartTimeStamp(startMs + second * 1000L);
        h.setEndTimeStamp(startMs + second * 1000L + 1000);
        return h;
    }

    private static long[] step(ThreadStalls.LengthStep s) {
        return new long[] {s.fromNs, s.toNs, s.count, s.totalNs};
    }

    private static Tail.Beyond beyond(Percentile p, long valueNs, long samples, long matched) {
        Tail.Beyond b = new Tail.Beyond();
        b.percentile = p;
        b.valueNs = valueNs;
        b.samples = samples;
        b.matched = matched;
        return b;
    }

    private static ThreadStalls stalls(long count, long totalNs, long maxNs) {
        ThreadStalls s = new ThreadStalls();
        s.thresholdNs = 5_000;
        s.count = count;
        s.totalNs = totalNs;
        s.maxNs = maxNs;
        return s;
    }
}
