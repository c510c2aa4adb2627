package io.queuelatency.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real wall-clock recording of this thread by async-profiler, on the monotonic clock: it spins, sleeps a ms at a
 * time (as a thread taken off its CPU again and again), spins, sleeps 200 ms at once (an idle thread, whose samples
 * async-profiler batches), and spins. With the short sleeps as the one slow flight, their samples are the slow
 * profile and the spinning's the typical; a batch is never slow.
 */
class ProfileSplitTest {
    private static volatile long sink;
    private static Path jfr;
    private static long spinStart;
    private static long sleepStart;
    private static long sleepEnd;
    private static long idleStart;
    private static long idleEnd;
    private static long spinEnd;

    @BeforeAll
    static void record(@TempDir Path dir) throws Exception {
        Path lib = dir.resolve("libasyncProfiler.so");
        try (InputStream in = ProfileSplitTest.class.getResourceAsStream("/linux-x64/libasyncProfiler.so")) {
            Files.copy(in, lib);
        }
        jfr = dir.resolve("t.jfr");
        AsyncProfiler p = AsyncProfiler.getInstance(lib.toString());
        p.execute("start,event=wall,interval=1ms,filter,jfr,clock=monotonic,file=" + jfr);
        p.addThread(Thread.currentThread());
        spinStart = System.nanoTime();
        spin(200_000_000L);
        sleepStart = System.nanoTime();
        for (long end = sleepStart + 200_000_000L; System.nanoTime() < end; ) {
            Thread.sleep(1);
        }
        sleepEnd = System.nanoTime();
        spin(100_000_000L);
        idleStart = System.nanoTime();
        Thread.sleep(200);
        idleEnd = System.nanoTime();
        spin(100_000_000L);
        spinEnd = System.nanoTime();
        p.execute("stop");
    }

    private static void spin(long ns) {
        for (long end = System.nanoTime() + ns; System.nanoTime() < end; ) {
            sink++;
        }
    }

    @Test
    void theSleepsSamplesAreSlowAndTheSpinsTypical() throws Exception {
        Flights flights = new Flights();
        flights.add(sleepStart, sleepEnd);
        ProfileSplit.Stacks s = ProfileSplit.split(Collections.singletonList(jfr), flights, spinStart, spinEnd);
        // a sample a ms of 200 ms of sleeps and 400 ms of spinning, less where a busy host delays the profiler's timer
        assertTrue(s.counts.slowSamples > 0 && s.counts.slowSamples <= 260, "" + s.counts.slowSamples);
        assertTrue(s.counts.typicalSamples > 0, "" + s.counts.typicalSamples);
        assertEquals(1, s.counts.slowMessagesSampled);
        assertEquals(s.counts.slowSamples, FlameGraphs.samples(s.slow));
        assertEquals(s.counts.typicalSamples, FlameGraphs.samples(s.typical));
        assertTrue(s.slow.contains("java/lang/Thread.sleep"), s.slow);
        assertFalse(s.slow.contains("ProfileSplitTest.spin"), s.slow);
        assertTrue(s.typical.contains("ProfileSplitTest.spin"), s.typical);
        // runs are summed by the thread's name alone: its id is gone from the root frame
        assertFalse(s.slow.matches("(?s).*tid=\\d+.*"), s.slow);
    }

    @Test
    void anIdleThreadsBatchedSamplesAreNeverSlow() throws Exception {
        Flights flights = new Flights();
        flights.add(idleStart, idleEnd);
        ProfileSplit.Stacks s = ProfileSplit.split(Collections.singletonList(jfr), flights, spinStart, spinEnd);
        assertTrue(s.counts.slowSamples < 20, "200 ms idle, batched: " + s.counts.slowSamples);
        assertEquals(s.counts.slowSamples, FlameGraphs.samples(s.slow));
    }

    @Test
    void samplesOutsideTheWindowAreInNeitherProfile() throws Exception {
        ProfileSplit.Stacks s = ProfileSplit.split(Collections.singletonList(jfr), new Flights(), spinStart,
                sleepStart);
        assertEquals(0, s.counts.slowSamples);
        assertFalse(s.typical.contains("java/lang/Thread.sleep"), s.typical);
        // 200 ms of spinning: at most a sample a ms (and some slack), never the 500 ms after the window
        assertTrue(s.counts.typicalSamples > 0 && s.counts.typicalSamples <= 260, "" + s.counts.typicalSamples);
    }

    @Test
    void differentialIsAsyncProfilersPageInTheFirstProfilesShape() throws Exception {
        String a = "[consumer];run;slowPath 30\n[consumer];run;fastPath 10\n";
        String b = "[consumer];run;slowPath 10\n[consumer];run;fastPath 30\n[consumer];run;other 500\n";
        String page = new String(FlameGraphs.diff(a, b, "a against b"), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(page.contains("<h1>a against b</h1>"), page.substring(0, 300));
        assertTrue(page.contains("slowPath") && !page.contains("'other"), "b's own frames are not drawn");
        assertEquals("[consumer];run;slowPath 750000\n[consumer];run;fastPath 250000\n", FlameGraphs.shares(a));
        assertEquals(80, FlameGraphs.samples(FlameGraphs.sum(java.util.Arrays.asList(a, a))));
    }
}
