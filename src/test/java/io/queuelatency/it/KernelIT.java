package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.Lines;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.Why;
import io.queuelatency.store.ResultFiles;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel's record of a real run: its tracing instance, gone after the run and swept after a killed one; the
 * queue's page faults named, and moved off the producer by --pretouch; the fallback without root.
 */
class KernelIT {
    private static final Path INSTANCES = Paths.get("/sys/kernel/tracing/instances");

    @TempDir
    Path tmp;

    private static boolean root() throws Exception {
        Process p = new ProcessBuilder("id", "-u").start();
        String uid = new String(readAll(p), "US-ASCII").trim();
        return "0".equals(uid);
    }

    private static byte[] readAll(Process p) throws Exception {
        byte[] b = new byte[64];
        int n = p.getInputStream().read(b);
        p.waitFor(10, TimeUnit.SECONDS);
        return Arrays.copyOf(b, Math.max(0, n));
    }

    private static void needRoot(String test) throws Exception {
        boolean root = root();
        if (!root) {
            System.out.println("SKIPPED: KernelIT." + test + " needs root (tracefs)");
        }
        Assumptions.assumeTrue(root, "needs root");
    }

    private static String[] ours() {
        String[] left = INSTANCES.toFile().list((d, n) -> n.startsWith("queue-latency-"));
        return left == null ? new String[0] : left;
    }

    @FullSuite
    @Test
    void pretouchTakesTheQueuesPageFaultsOffTheProducer() throws Exception {
        needRoot("pretouchTakesTheQueuesPageFaultsOffTheProducer");
        // Both measured threads on CPU 0, the pre-toucher on CPU 1: the only way to give it a third CPU on 2 CPUs.
        RunResult without = run("without", "--producer-cpu", "0", "--consumer-cpu", "0", "--allow-same-cpu");
        RunResult with = run("with", "--producer-cpu", "0", "--consumer-cpu", "0", "--allow-same-cpu", "--pretouch");
        long faultsWithout = TailEvidence.ThreadCounters.sum(without.tail.evidence.producer.minorFaults);
        long faultsWith = TailEvidence.ThreadCounters.sum(with.tail.evidence.producer.minorFaults);
        assertTrue(faultsWithout > 1_000, "the producer faults its way through the queue's file: " + faultsWithout);
        assertTrue(faultsWith * 4 < faultsWithout,
                "with --pretouch it takes a quarter of them or fewer: " + faultsWith + " vs " + faultsWithout);
        assertNotNull(with.queue.pretouch, "the result says what the pre-toucher did");
        assertEquals(1, with.queue.pretouch.cpu);
        assertTrue(with.queue.pretouch.populatedBytes > 16L << 20,
                "it populated ahead: " + with.queue.pretouch.populatedBytes);
        assertEquals(null, with.queue.pretouch.failure);
        long queueFaultStalls = without.tail.producer.byWhy.containsKey(Why.QUEUE_FAULT)
                ? without.tail.producer.byWhy.get(Why.QUEUE_FAULT).count : 0;
        assertTrue(queueFaultStalls > 0, "without it, producer stalls named as the queue's page faults: "
                + without.tail.producer.byWhy.keySet());
        assertEquals(0, ours().length, "no tracing instance of ours is left: " + Arrays.toString(ours()));
    }

    @Test
    void pretouchWithoutAThirdCpuIsRefused() throws Exception {
        Jar done = Jar.run(tmp.resolve("logs"), "--producer-cpu", "0", "--consumer-cpu", "1", "--pretouch",
                "--duration", "1s");
        assertEquals(2, done.exitCode, done.toString());
        assertTrue(done.err.startsWith("queue-latency: --pretouch "), done.err);
        assertEquals(1, done.err.trim().split("\n").length, "one line: " + done.err);
    }

    @Test
    void onAHostWithoutASpareCpuAutoLeavesTheKernelUntracedAndSaysWhy() throws Exception {
        boolean twoCpus = Runtime.getRuntime().availableProcessors() == 2;
        if (!twoCpus) {
            System.out.println("SKIPPED: KernelIT.onAHostWithoutASpareCpu needs a host of two CPUs");
        }
        Assumptions.assumeTrue(twoCpus, "a 2-CPU host");
        Jar done = Jar.run(tmp.resolve("logs-auto"), "--producer-cpu", "0", "--consumer-cpu", "1", "--warmup", "1s",
                "--duration", "1s",
                "--floor", "0s", "--quiet", "--output", tmp.resolve("auto").toString());
        Jar.assertFinished(done);
        RunResult r = ResultFiles.read(tmp.resolve("auto"));
        assertNotNull(r.tail, done.toString());
        assertEquals(TailEvidence.COUNTERS, r.tail.evidence.level, done.toString());
        assertTrue(r.tail.evidence.detail.contains("--kernel-trace on"),
                "no CPU for the reader: names the option that traces anyway: " + r.tail.evidence.detail);
    }

    @FullSuite
    @Test
    void aKilledRunsTracingInstanceIsSweptByTheNext() throws Exception {
        needRoot("aKilledRunsTracingInstanceIsSweptByTheNext");
        Path queueDir = Jar.shmDir("kernel-kill");
        try {
            // The measuring JVM itself (--no-fork), so that SIGKILL reaches the process that owns the instance.
            List<String> command = Jar.java(Jar.JAVA);
            command.addAll(
                    io.queuelatency.launch.JvmFlags.forMajor(io.queuelatency.host.JvmIdentity.currentMajorVersion()));
            command.addAll(Arrays.asList("-jar", Jar.JAR.toString(), "--no-fork", "--kernel-trace", "on", "--warmup",
                    "10s", "--duration", "10s",
                    "--floor", "0s",
                    "--quiet", "--queue-dir", queueDir.toString(), "--output", tmp.resolve("killed").toString()));
            Process p = Jar.start(command, tmp.resolve("logs-killed"));
            File runDir = FaultIT.runDirectory(queueDir, 300);
            assertNotNull(runDir, "the run started");
            String[] seen = new String[0];
            for (int i = 0; i < 100 && seen.length == 0; i++) {
                Thread.sleep(100);
                seen = ours();
            }
            assertEquals(1, seen.length, "the run's own instance");
            p.destroyForcibly(); // SIGKILL: nothing cleans up
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
            assertTrue(INSTANCES.resolve(seen[0]).toFile().exists(), "a killed run leaves its instance");
            for (File f : queueDir.toFile().listFiles()) {
                deleteTree(f.toPath()); // its queue too, which the next run's own sweep would remove from its queue dir
            }
            RunResult next = run("next");
            assertFalse(INSTANCES.resolve(seen[0]).toFile().exists(), "the next run swept it");
            assertEquals(TailEvidence.KERNEL_TRACE, next.tail.evidence.level);
            assertEquals(0, ours().length, "and left none of its own");
        } finally {
            deleteTree(queueDir);
        }
    }

    @Test
    void withoutRootTheRunSaysItHadCountersOnly() throws Exception {
        needRoot("withoutRootTheRunSaysItHadCountersOnly"); // root, to become someone else
        Path setpriv = Paths.get("/usr/bin/setpriv");
        Assumptions.assumeTrue(Files.isExecutable(setpriv), "needs setpriv to drop root");
        Path queueDir = Jar.shmDir("kernel-noroot");
        Path out = tmp.resolve("noroot");
        try {
            for (File d : new File[] {tmp.toFile(), queueDir.toFile()}) {
                assertTrue(d.setReadable(true, false) && d.setWritable(true, false) && d.setExecutable(true, false),
                        "open to nobody: " + d);
            }
            List<String> command =
                    new java.util.ArrayList<>(Arrays.asList(setpriv.toString(), "--reuid=65534", "--regid=65534",
                    "--clear-groups"));
            command.addAll(Jar.command("--kernel-trace", "on", "--warmup", "2s", "--duration", "2s", "--floor", "0s",
                    "--quiet", "--queue-dir",
                    queueDir.toString(),
                    "--output", out.toString()));
            Process p = Jar.start(command, tmp.resolve("logs-noroot"));
            Jar done = Jar.finish(p, tmp.resolve("logs-noroot"), 300);
            Jar.assertFinished(done);
            RunResult r = ResultFiles.read(out);
            assertEquals(TailEvidence.COUNTERS, r.tail.evidence.level, done.toString());
            assertTrue(r.tail.evidence.detail.contains("(tracefs)"), "what root would open: " + r.tail.evidence.detail);
            assertEquals("  evidence: " + TailEvidence.COUNTERS + ": " + r.tail.evidence.detail,
                    Lines.startingWith(Jar.read(out.resolve(ResultFiles.TABLE_TXT)), "  evidence: "),
                    "said in table.txt");
        } finally {
            deleteTree(queueDir);
        }
    }

    private RunResult run(String name, String... more) throws Exception {
        Path queueDir = Jar.shmDir("kernel-" + name);
        try {
            List<String> args = new java.util.ArrayList<>(
                    Arrays.asList("--kernel-trace", "on", "--warmup", "3s", "--duration", "4s", "--floor", "0s",
                    "--quiet",
                    "--queue-dir", queueDir.toString(), "--output", tmp.resolve(name).toString()));
            args.addAll(Arrays.asList(more));
            Jar done = Jar.finish(Jar.start(Jar.command(args.toArray(new String[0])), tmp.resolve("logs-" + name)),
                    tmp.resolve("logs-" + name), 300); // against a hang: a 7 s run took over 90 s on a frozen VM
            RunResult r = ResultFiles.read(tmp.resolve(name));
            assertNotNull(r.tail, done.toString());
            assertNotNull(r.tail.evidence, done.toString());
            return r;
        } finally {
            deleteTree(queueDir);
        }
    }

    private static void deleteTree(Path p) throws java.io.IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (java.util.stream.Stream<Path> all = Files.walk(p)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
