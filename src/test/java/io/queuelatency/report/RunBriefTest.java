package io.queuelatency.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.json.ResultJson;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Warning;
import io.queuelatency.result.Why;
import io.queuelatency.text.Units;
import io.queuelatency.words.CauseWords;
import io.queuelatency.words.RunWords;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RunBriefTest {
    /** A real 2 s run on the project's 2-CPU VM: 17 flags, a tail of producer stalls, late sends. */
    private static final RunResult REAL = ResultJson.read(Paths.get("src/test/resources/run-screen/result.json"));
    private static final String DIR = "/home/someone/queue-latency/reports/runs/20261125-041500-jdk17";

    @Test
    void aRealRunsScreenIsAtMost25LinesOfAtMost120Columns() {
        // as the run prints it: the header, a blank line, the result
        String[] lines = (RunBrief.header(REAL.setup()) + "\n" + RunBrief.result(REAL, DIR, true)).split("\n");
        assertTrue(lines.length <= 25, lines.length + " lines");
        for (String line : lines) {
            assertTrue(line.length() <= RunBrief.WIDTH, line.length() + " columns: " + line);
        }
    }

    @Test
    void eachPercentileCellIsItsValueToThreeSignificantDigitsWithItsUnit() {
        String screen = RunBrief.result(REAL, DIR, true);
        Pattern cell = Pattern.compile("([0-9][0-9,.]*) (ns|µs|ms|s)");
        for (Percentile p : Percentile.REPORTED) {
            String row = Lines.startingWith(screen, p.name() + " ");
            List<String> cells = new ArrayList<>();
            Matcher m = cell.matcher(row);
            while (m.find()) {
                cells.add(m.group());
                String digits = m.group(1).replace(",", "").replace(".", "").replaceFirst("^0+", "");
                assertEquals(3, digits.length(), m.group() + " in " + row);
            }
            assertEquals(Arrays.asList(Units.ns(REAL.latency(Definition.INTENDED).ns(p)),
                    Units.ns(REAL.latency(Definition.ACTUAL).ns(p)), Units.ns(REAL.latency(Definition.IN_QUEUE).ns(p))),
                    cells, row);
        }
    }

    @Test
    void theCountsSayWhatTheyCountTheWindowApartFromTheWarmUp() {
        String messages = Lines.startingWith(RunBrief.result(REAL, DIR, true), "messages: ");
        assertEquals(Arrays.asList(REAL.messages.measured, REAL.messages.warmup, REAL.messages.sent),
                numbers(messages));
        RunResultBuilder lossy = new RunResultBuilder();
        lossy.lost = 3;
        RunResult r = lossy.build();
        assertEquals(Arrays.asList(r.messages.measured, r.messages.warmup, r.messages.sent, 3L),
                numbers(Lines.startingWith(RunBrief.result(r, DIR, false), "messages: ")));
    }

    @Test
    void theRateHasFourSignificantDigitsAndADeviationOnlyWhereItShows() {
        String rate = Lines.startingWith(RunBrief.result(REAL, DIR, true), "rate: ");
        assertEquals(99_999.6, REAL.rate.achievedPerSecond, 0.1);
        assertEquals(Arrays.asList(100_000L, 100_000L), numbers(rate.substring(0, rate.indexOf(';'))),
                "achieved and target, no deviation: " + rate);
        assertEquals("97,120", RunWords.rate(97_123.4));
        assertEquals("812.3", RunWords.rate(812.34));
        RunResultBuilder slow = new RunResultBuilder();
        slow.achieved = 97_123.4;
        String slowRate = Lines.startingWith(RunBrief.result(slow.build(), DIR, false), "rate: ");
        String slowPart = slowRate.substring(0, slowRate.indexOf(';'));
        assertEquals(Arrays.asList(97_120L, 100_000L), numbers(slowPart).subList(0, 2), slowRate);
        assertTrue(slowPart.endsWith(", " + Units.change(0.971234) + ")"), "the deviation: " + slowRate);
    }

    @Test
    void theValidityLineSaysTheRunsStatus() {
        assertEquals(RunResult.RunStatus.VALID, REAL.status());
        assertTrue(RunBrief.validity(REAL).startsWith(REAL.status().name() + ": "), RunBrief.validity(REAL));
        RunResultBuilder gc = new RunResultBuilder();
        gc.gcCount = 2;
        gc.gcTimeMs = 12;
        RunResult invalid = gc.build();
        assertEquals(RunResult.RunStatus.INVALID, invalid.status());
        assertEquals(1, invalid.validity.invalidReasons.size());
        assertEquals(Arrays.asList(2L, 12L), numbers(RunBrief.validity(invalid)), "2 GCs, 12 ms");
        assertTrue(RunBrief.validity(invalid).endsWith(RunWords.brief(invalid.validity.invalidReasons.get(0))),
                RunBrief.validity(invalid));
        RunResultBuilder failed = new RunResultBuilder();
        String died = "the consumer died";
        failed.failure = died;
        assertEquals(RunResult.RunStatus.FAILED, failed.build().status());
        assertTrue(RunBrief.validity(failed.build()).endsWith(" " + died), RunBrief.validity(failed.build()));
    }

    @Test
    void theTailLineNamesTheLargestCauseBeyondP999WithItsShare() {
        Tail.Beyond b = REAL.tail.beyond(Percentile.P99_9);
        assertEquals(b.samples, b.count(Tail.Cause.PRODUCER_STALL));
        String untraced = RunBrief.tail(REAL.tail);
        assertTrue(untraced.startsWith("tail:     ") && untraced.contains(" p99.9 (" + b.samples + " ")
                && untraced.contains("): " + CauseWords.brief(Tail.Cause.PRODUCER_STALL) + " " + Units.share(1.0)
                + "; ")
                && !untraced.contains("why:"), "the largest cause and its share, no why untraced: " + untraced);

        Map<Tail.Cause, Long> byCause = new EnumMap<>(Tail.Cause.class);
        byCause.put(Tail.Cause.CONSUMER_STALL, 70L);
        byCause.put(Tail.Cause.WRITE_STALL, 30L);
        Map<Why, Long> why = new EnumMap<>(Why.class);
        why.put(Why.PREEMPTED, 80L);
        why.put(Why.TIMER_TICK, 10L);
        Tail t = new Tail();
        long samples = 1000;
        for (Percentile p : Arrays.asList(Percentile.P99, Percentile.P99_9, Percentile.P99_99)) {
            Tail.Beyond beyond = new Tail.Beyond();
            beyond.percentile = p;
            beyond.samples = samples;
            beyond.matched = samples;
            if (p == Percentile.P99_9) {
                beyond.byCause = byCause;
                beyond.why = why;
            }
            t.beyond.add(beyond);
            samples /= 10;
        }
        Tail traced = t;
        assertEquals("tail:     beyond p99.9 (100 samples): " + CauseWords.brief(Tail.Cause.CONSUMER_STALL) + " "
                + Units.share(0.7) + "; why: " + CauseWords.shortName(Why.PREEMPTED) + " " + Units.share(0.8) + " ("
                + CauseWords.words(Why.PREEMPTED.group) + ")", RunBrief.tail(traced));
    }

    @Test
    void atMostTwoWarningsTheMostImportantFirstAndHowManyMore() {
        RunResultBuilder b = new RunResultBuilder();
        b.setupWarnings.add(new Warning.NoDevShm("/tmp"));
        b.setupWarnings.add(new Warning.QueueNotRemoved("/tmp/q"));
        b.setupWarnings.add(new Warning.PinFailed("producer", 2, "EINVAL"));
        b.maxSendLagNs = 5_000_000;
        b.lateSends = 30_000;
        RunResult r = b.build();
        assertEquals(4, r.validity.warnings.size());
        List<String> shown = Lines.all(RunBrief.result(r, DIR, false), "WARNING:  ");
        assertEquals(2, shown.size());
        List<Warning> ranked = RunWords.byImportance(r.validity.warnings);
        assertEquals(Warning.Concern.PIN_FAILED, ranked.get(0).kind);
        assertEquals(Warning.Concern.PRODUCER_BEHIND, ranked.get(1).kind);
        assertEquals("WARNING:  " + RunWords.brief(ranked.get(0), r.messages.measured), shown.get(0));
        String second = "WARNING:  " + RunWords.brief(ranked.get(1), r.messages.measured) + " ";
        assertTrue(shown.get(1).startsWith(second), shown.get(1));
        String more = shown.get(1).substring(second.length());
        assertEquals(Arrays.asList(2), Lines.numbers(more), "how many more: " + more);
        assertTrue(more.contains(" table.txt"), "where they are: " + more);
    }

    @Test
    void theFlagsAreCountedTheAccessFlagsApart() {
        assertEquals(Arrays.asList(5, 11), Lines.numbers(RunBrief.flags(REAL.jvm.inputArguments)),
                "flags, access flags");
        assertEquals(Arrays.asList(1), Lines.numbers(RunBrief.flags(Arrays.asList("-Xms2g"))));
        String[] byName = RunBrief.namedFlags(REAL.jvm.inputArguments).split(" \\+ ");
        assertEquals("-Xms2g -Xmx2g -Xmn1g -XX:+AlwaysPreTouch", byName[0], "the -X flags by name");
        assertEquals(Arrays.asList(12), Lines.numbers(byName[1]), "and how many more");
        String none = RunBrief.namedFlags(Arrays.asList("-Dx=y"));
        assertTrue(!none.contains("-Dx=y") && Lines.numbers(none).equals(Arrays.asList(1)),
                "no -X flag, 1 more: " + none);
        String jvmLine = RunBrief.header(REAL.setup()).split("\n")[1];
        String named = RunBrief.namedFlags(REAL.jvm.inputArguments);
        assertTrue(jvmLine.endsWith(named) || jvmLine.endsWith(named + ", " + REAL.jvm.javaHome),
                "the -X flags by name, the JVM's home where the line has room: " + jvmLine);
        assertTrue(jvmLine.length() <= 120, jvmLine);
    }

    @Test
    void theCpusLineNamesBothCpusAndHowTheyRelateWithin120Columns() {
        for (CpuPair.Relation r : CpuPair.Relation.values()) {
            RunResultBuilder b = new RunResultBuilder();
            b.producerCpu = 126;
            b.consumerCpu = 255;
            CpuPair pair = new CpuPair();
            pair.producerCpu = 126;
            pair.consumerCpu = 255;
            pair.relation = r;
            pair.smtSiblings = false;
            pair.samePackage = true;
            b.cpuPair = pair;
            String cpus = Lines.startingWith(RunBrief.header(b.build().setup()), "CPUs: ");
            assertEquals(Arrays.asList(126L, 255L), numbers(cpus.substring(0, cpus.indexOf('('))));
            assertTrue(cpus.endsWith("(" + io.queuelatency.words.PairWords.brief(b.cpuPair) + ")"), cpus);
            assertTrue(cpus.length() <= RunBrief.WIDTH, cpus);
        }
        assertEquals(Arrays.asList((long) REAL.config.pinnedProducerCpu, (long) REAL.config.pinnedConsumerCpu),
                numbers(Lines.startingWith(RunBrief.header(REAL.setup()), "CPUs: ")), "a result stored before run/6");
    }

    /** The whole numbers in a line, in order, thousands separators read. */
    private static List<Long> numbers(String line) {
        List<Long> out = new ArrayList<>();
        Matcher m = Pattern.compile("\\d[\\d,]*").matcher(line);
        while (m.find()) {
            out.add(Long.parseLong(m.group().replace(",", "")));
        }
        return out;
    }
}
