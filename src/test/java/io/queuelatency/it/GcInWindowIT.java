package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Reason;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Tail;
import io.queuelatency.result.Warning;
import io.queuelatency.result.WindowFacts;
import io.queuelatency.result.WindowGc;
import io.queuelatency.store.ResultFiles;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload that allocates and says so ({@link Littering}, 8 KiB a message over both sides), in a measured JVM with a
 * small young generation so that its collector pauses in a 3 s window: the pauses count as latency, the run is valid
 * (where the host held its rate), says which rule applied and stores the collectors' own pause figures; a pause longer
 * than p99 is named beyond it.
 */
class GcInWindowIT {
    private static final long RATE = 20_000;
    @TempDir
    Path tmp;
    private Path queueDir;

    @BeforeEach
    void makeQueueDir() throws Exception {
        queueDir = Jar.shmDir("gc");
    }

    @AfterEach
    void queueDirIsLeftEmpty() {
        String[] left = queueDir.toFile().list();
        File dir = queueDir.toFile();
        dir.delete(); // ours, made by this test
        assertEquals(0, left == null ? 0 : left.length, "the run left files behind");
    }

    /** A jar holding the test's workload alone, as a user's would. */
    private Path workloadJar() throws Exception {
        Path jar = tmp.resolve("littering.jar");
        String name = Littering.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             InputStream in = Littering.class.getClassLoader().getResourceAsStream(name)) {
            out.putNextEntry(new JarEntry(name));
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                out.write(buffer, 0, n);
            }
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void anAllocatingWorkloadsPausesAreLatencyNamedInTheTailWithTheCollectorsOwnFigures() throws Exception {
        Path out = tmp.resolve("run");
        // 160 MB/s of garbage into a 64 MiB young generation: a young collection every half second or so
        Jar run = Jar.run(tmp.resolve("logs"), "--rate", Long.toString(RATE), "--duration", "3s", "--warmup", "1s",
                "--floor", "0s", "--queue-dir", queueDir.toString(), "--output", out.toString(),
                "--workload", Littering.class.getName(), "--workload-jar", workloadJar().toString(),
                "--jvm-option=-Xms256m", "--jvm-option=-Xmx256m", "--jvm-option=-Xmn64m",
                "--jvm-option=-XX:+UseG1GC");
        Jar.assertFinished(run);
        RunResult r = ResultFiles.read(out);
        String facts = run + "\n" + r.status() + " " + r.validity.invalidReasons + ", " + r.window.gcCount
                + " GCs, " + r.window.gcPauses;
        assertEquals(Boolean.TRUE, r.config.workloadAllocates, "the measured JVM stored what the workload said");
        assertEquals(WindowGc.Applied.DECLARED, r.validity.gc.rule, facts);
        assertTrue(r.validity.reasons(Reason.Rule.GC_IN_WINDOW).isEmpty(), "a pause is no reason: " + facts);
        assertTrue(r.validity.gc.bytesPerMessage >= 2 * Littering.BYTES, "both sides' arrays seen: " + facts);
        if (r.window.gcCount == 0) {
            Jar.skip("no collection in the window, nothing to check: " + facts);
        }
        assertEquals(Collections.singletonList(new Warning.GcCounted(r.window.gcCount, r.window.gcTimeMs, -1)),
                r.validity.warnings(Warning.Concern.GC_COUNTED), "the rule that applied, with its numbers");
        long[] all = r.window.pauseTotals();
        assertEquals(r.window.gcCount, all[0], "every pause the beans counted, per collector: " + facts);
        assertEquals(r.window.gcTimeMs, all[1], facts);
        for (WindowFacts.Pauses p : r.window.gcPauses) {
            // each rounded to ms on its own: a pause may read 1 ms where the bean's total, of exact times, reads less
            assertTrue(p.longestMs >= 0 && p.longestMs <= p.totalMs + 2, "each collector's notifications came: " + p);
        }
        String gcLine = Lines.startingWith(Jar.read(out.resolve(ResultFiles.TABLE_TXT)), "GC:       ");
        List<Integer> numbers = Lines.numbers(gcLine);
        assertEquals(all[0], (long) numbers.get(0), gcLine);
        assertEquals(all[1], (long) numbers.get(1), gcLine);
        Jar.assumeHeld(r, facts);
        assertEquals(0, run.exitCode, facts);
        assertTrue(r.tail != null && r.tail.jvmEventsRecorded, "the tail and the JVM's events: " + facts);
        assertTrue(r.tail.operations.stream().anyMatch(o -> o.gc && o.count > 0), "the pauses as safepoints");
        Tail.Beyond p99 = r.tail.beyond(Percentile.P99);
        long longestGc = r.tail.events.stream().filter(e -> e.gc).mapToLong(e -> e.lengthNs).max().orElse(0);
        // the message due as a pause began waits it out, so a pause longer than p99 puts a message beyond p99; where
        // the host's own stalls are longer than every pause, the collector's messages need not be there
        assertTrue(p99 != null && (p99.count(Tail.Cause.GC_PAUSE) > 0 || longestGc <= p99.valueNs),
                "a pause of " + longestGc + " ns, beyond p99 (" + (p99 == null ? "none" : p99.valueNs + " ns, "
                + p99.byCause) + "), named as its cause: " + facts);
    }
}
