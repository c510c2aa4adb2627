package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Reason;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.words.DefinitionWords;
import io.queuelatency.workload.WorkloadJars;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's workload in the message path, as docs/workloads.md tells a user to make one: compiled at test time with
 * --release 8 against the tool, jarred, and named with --workload and --workload-jar; real runs of the jar at 20,000
 * msg/s on /dev/shm, as ShortStudyIT's.
 */
class WorkloadIT {
    private static final long RATE = 20_000;
    /** The message the throwing workloads throw at: a quarter of a second into the window, after 1 s of warm-up. */
    private static final long THROWS_AT = 25_000;

    @TempDir
    Path tmp;
    private Path queueDir;

    @BeforeEach
    void makeQueueDir() throws Exception {
        queueDir = Jar.shmDir("workload");
    }

    @AfterEach
    void queueDirIsLeftEmpty() {
        String[] left = queueDir.toFile().list();
        File dir = queueDir.toFile();
        dir.delete(); // ours, made by this test
        assertEquals(0, left == null ? 0 : left.length,
                "the run left " + String.join(", ", left == null ? new String[0] : left));
    }

    /** The complete example of docs/workloads.md, as a user would copy it. */
    private static String docsExample() throws Exception {
        String doc = Jar.read(Paths.get("docs", "workloads.md"));
        int start = doc.indexOf("```java\n") + "```java\n".length();
        return doc.substring(start, doc.indexOf("```", start));
    }

    private Jar study(String name, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("--rate", Long.toString(RATE),
                "--warmup", "1s", "--floor", "0s", "--quiet", "--queue-dir", queueDir.toString(),
                "--output", tmp.resolve(name).toString()));
        Collections.addAll(args, more);
        return Jar.run(tmp.resolve("logs-" + name), args.toArray(new String[0]));
    }

    @Test
    void theDocsExampleAndTheBuiltInOrderAreMeasuredWithTheirHandledLatency() throws Exception {
        Path jar = WorkloadJars.jar(tmp, "tick.jar", docsExample());
        String[][] workloads = {{"com.example.TickPath", "--workload-jar", jar.toString()}, {"order"}};
        for (String[] w : workloads) {
            String name = w[0].replace('.', '-');
            List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("--duration", "2s", "--workload"));
            Collections.addAll(args, w);
            Jar run = study(name, args.toArray(new String[0]));
            Jar.assertFinished(run);
            RunResult r = ResultFiles.read(tmp.resolve(name));
            String facts = w[0] + ": " + run + "\n" + r.status() + " " + r.validity.invalidReasons;
            assertEquals(w[0], r.config.settings.workload, facts);
            assertEquals(0, r.messages.corrupted + r.messages.duplicated + r.messages.outOfOrder, facts);
            long measured = r.latency(Definition.INTENDED).count;
            assertTrue(measured > 0, facts);
            assertEquals(measured, r.latency(Definition.HANDLED).count, "every measured message handled: " + facts);
            for (Percentile p : new Percentile[] {Percentile.P50, Percentile.P99, Percentile.WORST}) {
                // each message's handling ends after its receipt, so no percentile of handled is below intended's
                assertTrue(r.latency(Definition.HANDLED).ns(p) >= r.latency(Definition.INTENDED).ns(p),
                        p + ": " + facts);
            }
            String table = Jar.read(tmp.resolve(name).resolve(ResultFiles.TABLE_TXT));
            String header = Lines.startingWith(table, "percentile ");
            assertTrue(java.util.Arrays.asList(header.split(" +")).contains(DefinitionWords.label(Definition.HANDLED)),
                    "table.txt has the handled column: " + header);
            assertTrue(Files.size(tmp.resolve(name).resolve(Definition.HANDLED.id + ".hgrm")) > 0, name);
        }
    }

    @Test
    void aWorkloadThatThrowsEndsTheRunNamingItsClassTheStageAndTheMessageAndKeepsItsFiles() throws Exception {
        String throwing = "if (sequence == " + THROWS_AT + "L) { throw new IllegalStateException(\"planted\"); }";
        Path jar = WorkloadJars.jar(tmp, "throws.jar",
                WorkloadJars.workload("ThrowsInFill", throwing + " body.writeLong(sequence);", "return true;"),
                WorkloadJars.workload("ThrowsInHandle", "body.writeLong(sequence);", throwing + " return true;"));
        String[][] cases = {{"ThrowsInFill", "fill"}, {"ThrowsInHandle", "handle"}};
        for (String[] c : cases) {
            String name = "com.example." + c[0];
            // 20 s of window: a run that did not end at the failure would send 420,000 messages
            Jar run = study(c[0], "--duration", "20s", "--workload", name, "--workload-jar", jar.toString());
            String stalled = Jar.hostStalled(run);
            if (stalled != null) {
                Jar.skip(stalled);
            }
            assertEquals(1, run.exitCode, run.toString());
            assertEquals(Collections.emptyList(), Lines.all(run.err, "\tat "), "no stack trace: " + run.err);
            String failed = Lines.startingWith(run.err, "queue-latency: failed: ");
            for (String named : new String[] {name, " " + c[1] + " ", " " + THROWS_AT, tmp.resolve(c[0]).toString()}) {
                assertTrue(failed.contains(named), named + " in: " + failed);
            }
            RunResult r = ResultFiles.read(tmp.resolve(c[0]));
            assertEquals(RunResult.RunStatus.FAILED, r.status(), "kept as a failed run that says why");
            assertTrue(r.failure.contains(name) && r.failure.contains(" " + THROWS_AT), r.failure);
            assertTrue(r.messages.sent <= THROWS_AT + RATE, "stopped at the failure: " + r.messages.sent + " sent");
            long measured = r.latency(Definition.INTENDED).count;
            assertTrue(measured > 0 && measured <= THROWS_AT - RATE, "what was measured so far stays: " + measured);
        }
    }

    @Test
    void aFillSlowerThanTheRateMakesTheRunNotValidWithTheRateItHeld() throws Exception {
        // 100 us of fill a message at 20,000 msg/s (50 us apart): the producer can send at most 10,000 a second
        String spin = "long end = System.nanoTime() + 100_000L; while (System.nanoTime() < end) { } "
                + "body.writeLong(sequence);";
        Path jar = WorkloadJars.jar(tmp, "slow.jar", WorkloadJars.workload("SlowFill", spin, "return true;"));
        Jar run = study("slow", "--duration", "2s", "--workload", "com.example.SlowFill", "--workload-jar",
                jar.toString());
        Jar.assertFinished(run);
        assertEquals(3, run.exitCode, run.toString());
        RunResult r = ResultFiles.read(tmp.resolve("slow"));
        List<Reason> rate = r.validity.reasons(Reason.Rule.RATE_NOT_HELD);
        assertEquals(1, rate.size(), r.validity.invalidReasons.toString());
        double held = ((Reason.RateNotHeld) rate.get(0)).achievedPerSecond;
        assertTrue(held > 0 && held <= RATE / 2.0, "the rate it held, at most 10,000 msg/s: " + held);
        assertEquals(RATE, ((Reason.RateNotHeld) rate.get(0)).targetPerSecond);
    }

    @Test
    void aHandlerSlowerThanTheRateMakesTheRunNotValidWithTheRateItHandledAndItsUnreadAreNotLost() throws Exception {
        // 100 us of handling a message at 20,000 msg/s: the consumer handles at most 10,000 a second and falls behind
        String spin = "long end = System.nanoTime() + 100_000L; while (System.nanoTime() < end) { } return true;";
        Path jar = WorkloadJars.jar(tmp, "slowh.jar", WorkloadJars.workload("SlowHandle", "body.writeLong(sequence);",
                spin));
        Jar run = study("slowh", "--duration", "2s", "--workload", "com.example.SlowHandle", "--workload-jar",
                jar.toString());
        Jar.assertFinished(run);
        assertEquals(3, run.exitCode, run.toString());
        RunResult r = ResultFiles.read(tmp.resolve("slowh"));
        List<Reason> rate = r.validity.reasons(Reason.Rule.RATE_NOT_HELD);
        assertEquals(1, rate.size(), r.validity.invalidReasons.toString());
        Reason.RateNotHeld held = (Reason.RateNotHeld) rate.get(0);
        assertTrue(held.achievedPerSecond > 0 && held.achievedPerSecond <= RATE / 2.0,
                "the rate the consumer handled, at most 10,000 msg/s: " + held.achievedPerSecond);
        assertTrue(held.unread > 0 && held.unread == r.messages.unread, "never read, not lost: " + r.messages.unread);
        assertEquals(0, r.messages.lost);
        assertTrue(r.validity.reasons(Reason.Rule.NOT_INTACT).isEmpty(), r.validity.invalidReasons.toString());
    }

    @Test
    void aWorkloadThatCannotBeUsedIsOneLineAndExitTwoBeforeAnyJvmIsStarted() throws Exception {
        Path jar = WorkloadJars.jar(tmp, "bad.jar", "package com.example;\npublic class NotOne {\n}\n",
                WorkloadJars.workload("NeedsArgument", "", "return true;").replace("implements Workload {",
                        "implements Workload {\n    public NeedsArgument(int x) {}"),
                WorkloadJars.workload("Good", "", "return true;"));
        Path newer = WorkloadJars.withMajorVersion(jar, tmp.resolve("newer.jar"), 99);
        Path eleven = WorkloadJars.withMajorVersion(jar, tmp.resolve("eleven.jar"), 55);
        String java8 = Jdks.home(8).toString();
        String[][] cases = {
            {"com.example.Missing", "--workload-jar", jar.toString()},
            {"com.example.NotOne", "--workload-jar", jar.toString()},
            {"com.example.NeedsArgument", "--workload-jar", jar.toString()},
            {"com.example.Good", "--workload-jar", newer.toString()},
            {"com.example.Good", "--workload-jar", eleven.toString(), "--jvm", java8}, // fine here, not on Java 8
            {"com.example.Good", "--workload-jar", tmp.resolve("no.jar").toString()},
            {"order", "--size", "64"},
            {"garbage=12"}};
        String[] named = {"com.example.Missing", "com.example.NotOne", "com.example.NeedsArgument", " 55 ", " 8",
            tmp.resolve("no.jar").toString(), "77", "12"};
        for (int i = 0; i < cases.length; i++) {
            Path out = tmp.resolve("bad-" + i);
            List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("--duration", "2s", "--queue-dir",
                    queueDir.toString(), "--output", out.toString(), "--workload"));
            Collections.addAll(args, cases[i]);
            Jar run = Jar.run(tmp.resolve("logs-bad-" + i), args.toArray(new String[0]));
            assertEquals(2, run.exitCode, run.toString());
            String line = run.err.trim();
            assertEquals(1, line.split("\n").length, "one line: " + run.err);
            assertTrue(line.startsWith("queue-latency: ") && line.contains(named[i]), named[i] + " in: " + line);
            // nothing ran: the measured JVM prints the run's header first and makes the output and queue directories
            assertEquals("", run.out, run.toString());
            assertFalse(Files.exists(out) || Files.exists(ResultFiles.stagingFor(out)), run.toString());
            String[] made = queueDir.toFile().list();
            assertEquals(0, made == null ? 0 : made.length, run.toString());
        }
    }
}
