package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.profile.FlameGraphs;
import io.queuelatency.result.Profile;
import io.queuelatency.result.RunResult;
import io.queuelatency.store.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * --profile on the real queue, on the oldest and the newest JDK the jar targets: async-profiler attaches in the
 * measured JVM, samples both measured threads through the window, and the samples are split into the slow and the
 * typical profile, whose counts are those of the stored stacks; the JFR file goes, the window's JIT lines stay
 * (gzipped). On a host whose processor has no counters (this VM) the counters are one line, the run unchanged.
 */
class ProfileIT {
    @TempDir
    Path tmp;

    /**
     * A matrix of one JDK twice, C2 and C1 only, two runs each and a third that is profiled, kept apart unless its
     * median lies within the unprofiled runs' range; each JVM's profiled runs are summed and the C1-only JVM is set
     * against C2's, beside the verdicts in summary.md.
     */
    @org.junit.jupiter.api.Test
    void aProfiledMatrixSumsEachJvmsProfiledRunsAndSetsTheJvmsSideBySide() throws Exception {
        Path yaml = tmp.resolve("planted.yaml");
        Files.write(yaml, ("jvms:\n  - id: c2\n    major: 21\n  - id: c1\n    major: 21\n"
                + "    jvmOptions: [-XX:TieredStopAtLevel=1]\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path out = tmp.resolve("report");
        java.util.List<String> command = Jar.java(Jar.JAVA);
        command.addAll(java.util.Arrays.asList("-Djava.awt.headless=true", "-cp", Jar.JAR.toString(),
                "io.queuelatency.JvmMatrix", "--project-dir=" + java.nio.file.Paths.get("").toAbsolutePath(),
                "--config", yaml.toString(), "--duration", "3s", "--warmup", "2s", "--runs", "2", "--profile",
                "--output", out.toString()));
        Jar matrix = Jar.finish(Jar.start(command, tmp.resolve("mlogs")), tmp.resolve("mlogs"), 300);
        Jar.assertFinished(matrix);
        for (String jvm : new String[] {"c2", "c1"}) {
            for (int run = 1; run <= 2; run++) {
                assertEquals(null, ResultFiles.read(out.resolve("cells/" + jvm + "-run" + run)).profile, "asked for");
            }
            assertTrue(ResultFiles.read(out.resolve("cells/" + jvm + "-run3")).profile.taken(), "run 3 is beside them");
            for (String f : new String[] {"-slow.collapsed", "-slow.html", "-typical.collapsed", "-typical.html",
                "-slow-vs-typical.html"}) {
                assertTrue(Files.isRegularFile(out.resolve("profiles/" + jvm + f)), jvm + f);
            }
            assertEquals(FlameGraphs.samples(Jar.read(out.resolve("cells/" + jvm + "-run3/profile/typical.collapsed"))),
                    FlameGraphs.samples(Jar.read(out.resolve("profiles/" + jvm + "-typical.collapsed"))),
                    "one profiled run: its sum is itself");
        }
        io.queuelatency.decide.MatrixData data = io.queuelatency.decide.MatrixData.load(out);
        String summary = Jar.read(out.resolve("summary.md"));
        assertTrue(summary.contains("## Profiles (--profile)"), summary);
        for (com.fasterxml.jackson.databind.JsonNode jvm : new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.resolve("summary.json").toFile()).path("jvms")) {
            assertEquals(data.profiledRuns().count ? 3 : 2, jvm.path("runsCounted").asInt(),
                    "a profiled run counts only where the rule lets it: " + jvm);
        }
        java.util.regex.Matcher link = java.util.regex.Pattern.compile("\\]\\((profiles/[^)]+-vs-[^)]+\\.html)\\)")
                .matcher(summary);
        assertTrue(link.find(), "a differential beside the verdicts");
        assertTrue(Files.isRegularFile(out.resolve(link.group(1))), link.group(1));
    }

    /** A capacity search judges each step on all its runs: --profile there is one line and exit 2, nothing written. */
    @org.junit.jupiter.api.Test
    void aProfilerInACapacitySearchIsRefusedBeforeAnyStep() throws Exception {
        Path out = tmp.resolve("capacity");
        java.util.List<String> command = Jar.java(Jar.JAVA);
        command.addAll(java.util.Arrays.asList("-cp", Jar.JAR.toString(), "io.queuelatency.JvmMatrix",
                "--project-dir=" + java.nio.file.Paths.get("").toAbsolutePath(), "capacity", "--only", "openjdk-17",
                "--sla", "p99=1ms", "--profile", "--output", out.toString()));
        Jar run = Jar.finish(Jar.start(command, tmp.resolve("clogs")), tmp.resolve("clogs"), 60);
        assertEquals(2, run.exitCode, run.toString());
        assertEquals(1, run.err.trim().split("\n").length, "one line: " + run.err);
        assertFalse(Files.exists(out), "nothing measured, nothing written");
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {8, 27})
    void aProfiledRunSplitsItsSamplesIntoTheSlowAndTheTypical(int major) throws Exception {
        Path home = Jdks.home(major);
        Path queueDir = Jar.shmDir("profile" + major);
        Path out = tmp.resolve("run");
        try {
            Jar run = Jar.run(tmp.resolve("logs"), "--jvm", home.toString(), "--duration", "3s", "--warmup", "2s",
                    "--floor", "0s", "--profile", "p99", "--queue-dir", queueDir.toString(), "--output",
                    out.toString(), "--quiet");
            Jar.assertFinished(run);
            RunResult r = ResultFiles.read(out);
            assertEquals(major, r.jvm.majorVersion);
            assertTrue(r.profile.taken(), r.profile.problem);
            Profile p = r.profile;
            String slow = Jar.read(out.resolve("profile/slow.collapsed"));
            String typical = Jar.read(out.resolve("profile/typical.collapsed"));
            assertEquals(p.slowSamples, FlameGraphs.samples(slow), "the counts are the stored stacks'");
            assertEquals(p.typicalSamples, FlameGraphs.samples(typical));
            long expected = 2 * r.config.settings.durationNs / p.intervalNs; // two threads, one sample a ms each
            assertTrue(p.slowSamples + p.typicalSamples > expected / 2 && p.slowSamples + p.typicalSamples
                    <= expected * 11 / 10, (p.slowSamples + p.typicalSamples) + " samples, about " + expected);
            assertTrue(typical.contains("[producer];") && typical.contains("[consumer];"), typical);
            assertTrue(typical.contains("io/queuelatency/measure/Producer.run"), "the measured loop's frames");
            assertTrue(p.slowMessages > 0 && p.slowMessagesSampled <= p.slowMessages);
            assertTrue(p.slowNs >= r.latency(io.queuelatency.result.Definition.INTENDED)
                    .ns(io.queuelatency.result.Percentile.P99) / 2, "beyond the run's p99: " + p.slowNs);
            assertTrue(Jar.read(out.resolve("profile/slow.html")).contains("async-profiler"));
            assertFalse(Files.exists(out.resolve("profile.jfr")), "the samples go once split");
            assertTrue(p.counters.size() == 2 || p.countersProblem != null, "counted, or one line why not");
            assertEquals(run.exitCode == 0, r.valid(), r.validity.invalidReasons.toString());
            if (major > 8) { // JDK 8 logs no JIT lines (no unified logging)
                try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(out.resolve("jit-window.log.gz")))) {
                    in.read(); // a gzip file, whole
                }
            }
            String[] left = queueDir.toFile().list();
            assertEquals(0, left == null ? 0 : left.length, "the library and the queue went with the run");
        } finally {
            queueDir.toFile().delete();
        }
    }
}
