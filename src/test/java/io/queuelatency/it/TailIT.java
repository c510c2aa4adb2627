package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.host.CpuList;
import io.queuelatency.report.TailScreen;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.store.ResultFiles;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tail's causes, injected on purpose into real runs and found in the result: the consumer's CPU taken away by a
 * real-time busy loop, and safepoints forced with jcmd.
 */
class TailIT {
    @TempDir
    Path tmp;

    @Test
    void theConsumersCpuTakenAwayIsWhatTheSamplesBeyondP999AreMadeOf() throws Exception {
        stealACpu("theConsumersCpuTakenAway", "threads", 1);
    }

    @Test
    void theProducersCpuTakenAwayInItsOwnJvmIsFoundInItsStalls() throws Exception {
        // --topology processes: the producer's JVM keeps its stalls and hands them over; the kernel's trace follows its
        // thread there, and that JVM's threads count as the JVM's
        stealACpu("theProducersCpuTakenAwayInItsOwnJvm", "processes", 0);
    }

    private void stealACpu(String test, String topology, int cpu) throws Exception {
        boolean root = run("chrt", "-f", "50", "true") == 0;
        if (!root) {
            System.out.println("SKIPPED: TailIT." + test + " needs root to run a real-time busy loop (chrt -f)");
        }
        Assumptions.assumeTrue(root, "needs root for chrt -f");
        Path queueDir = Jar.shmDir("tail-steal");
        try {
            stealACpu(queueDir, topology, cpu);
        } finally {
            Files.deleteIfExists(queueDir);
        }
    }

    /** CPU 0 is the producer's, 1 the consumer's. */
    private void stealACpu(Path queueDir, String topology, int cpu) throws Exception {
        Path out = tmp.resolve("run");
        Process p = Jar.start(
                // 20,000 msg/s, a rate a slow 2-CPU host holds, so that the window follows the warm-up on time
                Jar.command("--rate", "20000", "--warmup", "3s", "--duration", "6s", "--floor", "0s", "--quiet",
                "--producer-cpu", "0", "--consumer-cpu", "1", "--kernel-trace", "on", "--topology", topology,
                "--queue-dir", queueDir.toString(), "--output", out.toString()),
                tmp.resolve("logs"));
        // Limits against a hang, not speeds: a JVM's start took over 30 s on a nested VM its host kept freezing.
        File runDir = FaultIT.runDirectory(queueDir, 300);
        assertNotNull(runDir, "the run started");
        assertTrue(firstCycleFile(runDir, 300), "the producer's first write (the warm-up's start)");
        Thread.sleep(4000); // 1 s into the window, after 3 s of warm-up
        for (int i = 0; i < 5; i++) {
            // 40 ms of a real-time busy loop on the thread's CPU: the thread cannot run. timeout runs outside it.
            run("timeout", "0.04", "taskset", "-c", Integer.toString(cpu), "chrt", "-f", "50", "sh", "-c",
                    "while :; do :; done");
            Thread.sleep(400);
        }
        Jar done = Jar.finish(p, tmp.resolve("logs"), 300);
        Jar.assertFinished(done);
        RunResult r = ResultFiles.read(out);
        assertNotNull(r.tail, done.toString());
        if (!r.valid()) {
            // where the host itself stalls the threads for longer than the 40 ms injected, its stalls are the tail
            Jar.skip("the injected stalls are the tail only of a run that held its rate; the busy host made this one "
                    + "miss it: " + r.validity.invalidReasons);
        }
        Tail.Beyond b = r.tail.beyond(Percentile.P99_9);
        io.queuelatency.result.ThreadStalls stolen = cpu == 0 ? r.tail.producer : r.tail.consumer;
        io.queuelatency.result.ThreadStalls other = cpu == 0 ? r.tail.consumer : r.tail.producer;
        if (other.maxNs >= 30_000_000 || b.matched == 0) {
            // the other thread is not injected: a stall of its own as long as the injected ones, or a fold that ran out
            // of its time before it matched a sample, means the host, not the injection, made this tail
            Jar.skip("the host stalled the other thread for " + other.maxNs + " ns, and the fold matched "
                    + b.matched + " of " + b.samples + " samples beyond p99.9: the injected stalls are not the tail");
        }
        long overlapped = cpu == 0 ? b.count(Tail.Cause.PRODUCER_STALL) + b.count(Tail.Cause.WRITE_STALL)
                : b.count(Tail.Cause.CONSUMER_STALL);
        double share = (double) overlapped / b.matched;
        assertTrue(share > 0.5, "most samples beyond p99.9 overlap the stolen CPU's stall: " + share + "\n" + done.out);
        assertTrue(stolen.maxNs >= 30_000_000, "a stall of about 40 ms was seen: " + stolen.maxNs);
        // As root the kernel saw who took the CPU: the busy loop, by its command, preempting the consumer.
        assertEquals(TailEvidence.KERNEL_TRACE, r.tail.evidence.level, r.tail.evidence.detail);
        double preempted = (double) b.count(io.queuelatency.result.Why.PREEMPTED) / b.matched;
        assertTrue(preempted > 0.5, "most samples beyond p99.9 were preempted: " + preempted + "\n" + done.out);
        // The loop's process is timeout's child, which runs taskset, then chrt, then sh in its place (exec, same pid):
        // the kernel names it by the command it had when first switched in, whichever that was.
        java.util.List<String> loop = java.util.Arrays.asList("timeout", "taskset", "chrt", "sh");
        assertTrue(b.preemptedBy.keySet().stream().anyMatch(loop::contains),
                "by the busy loop's command: " + b.preemptedBy + "\n" + done.out);
        String table = Jar.read(out.resolve(ResultFiles.TABLE_TXT));
        assertEquals(Lines.startingWith(TailScreen.block(r.tail, r.config.toolCpu), "tail:     "),
                Lines.startingWith(table, "tail:     "), "table.txt's tail is the stored tail's, its why included");
        // table.txt (the long form) names the first five who took the CPU, as stored: the busy loop among them
        List<TailEvidence.Preemptor> shown = r.tail.evidence.preemptors.subList(0,
                Math.min(5, r.tail.evidence.preemptors.size()));
        assertTrue(shown.stream().anyMatch(who -> loop.contains(who.command)), done.out);
        assertEquals(Lines.startingWith(TailScreen.block(r.tail, r.config.toolCpu), "  took the CPU: "),
                Lines.startingWith(table, "  took the CPU: "), "table.txt's line is the stored evidence's");
        assertEquals(0, queueDir.toFile().list().length, "the run's queue is gone");
    }

    /** Whether the queue's first cycle file appeared in the run's directory within {@code seconds}. */
    private static boolean firstCycleFile(File runDir, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            File[] cycles = new File(runDir, "queue").listFiles((d, n) -> n.endsWith(".cq4"));
            if (cycles != null && cycles.length > 0) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    @FullSuite
    @Test
    void safepointsForcedWithJcmdAreFoundWithTheirOperation() throws Exception {
        Path jcmd = Paths.get(System.getProperty("java.home"), "bin", "jcmd");
        Assumptions.assumeTrue(Files.isExecutable(jcmd), "needs jcmd beside the test's java");
        Path queueDir = Jar.shmDir("tail-safepoints");
        try {
            forceSafepoints(jcmd, queueDir);
        } finally {
            Files.deleteIfExists(queueDir);
        }
    }

    private void forceSafepoints(Path jcmd, Path queueDir) throws Exception {
        Path out = tmp.resolve("run");
        Jar done = threeThreadDumpsInTheWindow(jcmd, queueDir, out, MEASURED_JVM);
        RunResult r = ResultFiles.read(out);
        assertTrue(dumps(r, "PrintThreads", "ThreadDump") >= 3,
                "the three thread dumps' safepoints, by name: " + done.out);
        assertTrue(Files.isRegularFile(out.resolve("safepoints.log")), "kept as a file of the run");
    }

    @Test
    void theProducersJvmsSafepointsAreFoundBetweenProcesses() throws Exception {
        Path jcmd = Paths.get(System.getProperty("java.home"), "bin", "jcmd");
        Assumptions.assumeTrue(Files.isExecutable(jcmd), "needs jcmd beside the test's java");
        Path queueDir = Jar.shmDir("tail-producer-safepoints");
        try {
            Path out = tmp.resolve("run");
            // jcmd makes the producer's JVM, not the measured one, dump its threads
            Jar done = threeThreadDumpsInTheWindow(jcmd, queueDir, out, runDir -> ProcessesIT.producers(runDir.toPath())
                    .get(0).toString(), "--topology", "processes");
            RunResult r = ResultFiles.read(out);
            assertTrue(dumps(r, "PrintThreads", "ThreadDump") >= 3,
                    "the producer's JVM's three thread dumps' safepoints, by name: " + done.out);
        } finally {
            Files.deleteIfExists(queueDir);
        }
    }

    @FullSuite
    @Test
    void onJdk8TheSafepointsComeFromFlightRecorderOnTheSamplesClock() throws Exception {
        Path home = Jdks.home(8);
        Path queueDir = Jar.shmDir("tail-jfr");
        try {
            Path out = tmp.resolve("run");
            Jar done = threeThreadDumpsInTheWindow(home.resolve("bin").resolve("jcmd"), queueDir, out, MEASURED_JVM,
                    "--jvm", home.toString());
            RunResult r = ResultFiles.read(out);
            assertTrue(r.tail.jvmEventSource.startsWith("JDK Flight Recorder"), r.tail.jvmEventSource);
            assertTrue(dumps(r, "PrintThreads") >= 3,
                    "JDK 8's thread dumps' safepoints, by name, in the window: " + done.out);
            assertTrue(Files.isRegularFile(out.resolve("safepoints.jfr")), "the recording is a file of the run");
            assertTrue(!Files.exists(out.resolve("jfr-repository")), "JFR's repository is gone");
        } finally {
            Files.deleteIfExists(queueDir);
        }
    }

    /** Which JVM of a run to make dump its threads: its pid, from the run's directory. */
    interface Whose {
        String pid(File runDir) throws Exception;
    }

    private static final Whose MEASURED_JVM = runDir -> runDir.getName().split("-")[2];

    /** A 3 s + 5 s run whose JVM jcmd makes dump its threads three times in the window (a safepoint each). */
    private Jar threeThreadDumpsInTheWindow(Path jcmd, Path queueDir, Path out, Whose whose, String... more)
            throws Exception {
        java.util.List<String> args =
                new java.util.ArrayList<>(java.util.Arrays.asList("--warmup", "3s", "--duration", "5s", "--floor", "0s",
                "--quiet", "--queue-dir", queueDir.toString(), "--output", out.toString()));
        args.addAll(java.util.Arrays.asList(more));
        Process p = Jar.start(Jar.command(args.toArray(new String[0])), tmp.resolve("logs"));
        File runDir = FaultIT.runDirectory(queueDir, 300);
        assertNotNull(runDir, "the run started");
        Thread.sleep(4500); // in the window
        String pid = whose.pid(runDir);
        for (int i = 0; i < 3; i++) {
            assertEquals(0, run(jcmd.toString(), pid, "Thread.print"));
            Thread.sleep(500);
        }
        Jar done = Jar.finish(p, tmp.resolve("logs"), 300);
        RunResult r = ResultFiles.read(out);
        assertNotNull(r.tail, done.toString());
        assertTrue(r.tail.jvmEventsRecorded, r.tail.jvmEventSource);
        return done;
    }

    /** The window's safepoints of these operations (jcmd Thread.print runs PrintThreads, or ThreadDump). */
    private static long dumps(RunResult r, String... operations) {
        long n = 0;
        for (Tail.Operation op : r.tail.operations) {
            if (java.util.Arrays.asList(operations).contains(op.name)) {
                n += op.count;
            }
        }
        return n;
    }

    @FullSuite
    @Test
    void theMeasuredJvmsOtherThreadsRunOffTheMeasuredCpus() throws Exception {
        // Both measured threads on CPU 0 leave the others a CPU to spare even on this 2-CPU host, as a host with
        // more CPUs would with the two measured ones apart: every other thread of the measured JVM must be off CPU 0.
        java.util.Set<Integer> allowed = cpus(status("/proc/self/status"));
        if (allowed.size() < 2 || !allowed.contains(0)) {
            System.out.println("SKIPPED: TailIT.theMeasuredJvmsOtherThreads needs CPU 0 and another CPU, has "
                    + allowed);
        }
        Assumptions.assumeTrue(allowed.size() >= 2 && allowed.contains(0), "needs CPU 0 and another");
        java.util.Set<Integer> others = new java.util.TreeSet<>(allowed);
        others.remove(0);
        Path queueDir = Jar.shmDir("tail-others");
        try {
            Path out = tmp.resolve("run");
            Process p = Jar.start(
                    Jar.command("--warmup", "4s", "--duration", "2s", "--floor", "0s", "--quiet", "--producer-cpu", "0",
                    "--consumer-cpu", "0", "--allow-same-cpu", "--queue-dir", queueDir.toString(), "--output",
                    out.toString()),
                    tmp.resolve("logs"));
            File runDir = FaultIT.runDirectory(queueDir, 300);
            assertNotNull(runDir, "the run started");
            String pid = runDir.getName().split("-")[2];
            Thread.sleep(2500); // in the warm-up: the measured threads are running
            java.util.Map<String, java.util.Set<Integer>> where = new java.util.TreeMap<>();
            File[] tasks = new File("/proc/" + pid + "/task").listFiles();
            assertNotNull(tasks, "the measured JVM is running");
            for (File task : tasks) {
                try {
                    String name = new String(Files.readAllBytes(task.toPath().resolve("comm"))).trim();
                    where.put(name + " " + task.getName(), cpus(status(task.toPath().resolve("status").toString())));
                } catch (java.io.IOException ended) { // a thread that ended meanwhile
                }
            }
            Jar done = Jar.finish(p, tmp.resolve("logs"), 300);
            int measured = 0;
            for (java.util.Map.Entry<String, java.util.Set<Integer>> e : where.entrySet()) {
                if (e.getKey().startsWith("producer ") || e.getKey().startsWith("consumer ")) {
                    measured++;
                    assertEquals(java.util.Collections.singleton(0), e.getValue(), e.getKey());
                } else {
                    assertEquals(others, e.getValue(), "thread " + e.getKey() + " runs off the measured CPU: " + where);
                }
            }
            assertEquals(2, measured, "the producer and the consumer were seen: " + where.keySet());
            assertTrue(where.size() > 10, "the JVM's own threads were seen too: " + where.keySet());
            RunResult r = ResultFiles.read(out);
            String offTheMeasured = " " + CpuList.format(new java.util.ArrayList<>(others));
            assertTrue(r.config.cpuChoice.endsWith(offTheMeasured), "the CPUs of the JVM's other threads named last: "
                    + r.config.cpuChoice + "\n" + done.out);
        } finally {
            Files.deleteIfExists(queueDir);
        }
    }

    private static String status(String file) throws java.io.IOException {
        for (String line : Files.readAllLines(Paths.get(file))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        throw new java.io.IOException("no Cpus_allowed_list in " + file);
    }

    /** "0-2,5" as {0, 1, 2, 5}. */
    private static java.util.Set<Integer> cpus(String list) {
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            for (int c = Integer.parseInt(range[0]); c <= Integer.parseInt(range[range.length - 1]); c++) {
                out.add(c);
            }
        }
        return out;
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(new File("/dev/null")).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
