package io.queuelatency.kernel;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The kernel's own account of the two measured CPUs during a run, from a tracing instance of this run's own
 * ({@code instances/queue-latency-<pid>} under tracefs): task switches, hard and soft interrupts, the local timer
 * interrupt, and the user page faults of the two measured threads, stamped on the {@code mono} clock (the clock of
 * System.nanoTime() on Linux). A reader thread drains the instance's {@code trace_pipe} into {@link KernelEvents} as
 * the run goes, so a run of any length is read in bounded memory. The global tracing state is never touched; the
 * instance is removed when the run ends, on any failure, and by the next run's {@link #sweep} when a run was killed;
 * tracefs is mounted only where it is not, and then unmounted again.
 * <p>Needs root and tracefs; {@link #start} says in one line why not, and the run falls back to counters.
 */
public final class KernelTrace implements KernelSource, AutoCloseable {
    public static final String INSTANCE_PREFIX = "queue-latency-";
    /** The suffix of an instance whose run mounted tracefs itself, so that whoever removes it unmounts tracefs too. */
    static final String MOUNTED = "-mounted";
    static final Path TRACEFS = Paths.get("/sys/kernel/tracing");
    /** Per CPU of the instance: bounded, and drained continuously. */
    static final int BUFFER_KB = 8192;
    static final int RING = 1 << 20;
    /**
     * A read of trace_pipe returns at most a page; one of less than this found the kernel's buffer nearly drained, and
     * the reader pauses {@link #READ_PAUSE_MS} before the next.
     */
    static final int PAUSE_BELOW = 1024;
    static final long READ_PAUSE_MS = 20;
    static final int READ_BYTES = 8192;
    private static final String[] EVENTS = {"sched/sched_switch", "irq/irq_handler_entry", "irq/irq_handler_exit",
        "irq/softirq_entry",
        "irq/softirq_exit", "irq_vectors/local_timer_entry", "irq_vectors/local_timer_exit",
        "exceptions/page_fault_user"};

    private final KernelEvents events = new KernelEvents(RING);
    private final Names names = new Names();
    private final Path instance;
    private final boolean mounted;
    private final int[] cpus;
    private final String stopWord;
    private final Thread reader;
    private volatile String readerFailure;
    private volatile int readerTid = -1;
    private boolean closed;

    private KernelTrace(Path instance, boolean mounted, int[] cpus) {
        this.instance = instance;
        this.mounted = mounted;
        this.cpus = cpus.clone();
        this.stopWord = "queue-latency-stop-" + Long.toHexString(System.nanoTime());
        this.reader = new Thread(this::read, "queue-latency-kernel-trace");
        this.reader.setDaemon(true);
    }

    /** Either a trace started or why not; never throws. */
    public static final class Start {
        public final KernelSource trace;
        public final String whyNot;

        public Start(KernelSource trace, String whyNot) {
            this.trace = trace;
            this.whyNot = whyNot;
        }
    }

    /**
     * Starts tracing {@code cpus} (the measured two) and the page faults of {@code tids} (the measured threads), in an
     * instance named for {@code pid}. Removes first the instances of runs no longer alive.
     */
    public static Start start(int[] cpus, int[] tids, long pid) {
        if (!isRoot()) {
            return new Start(null, "not root: the kernel's events need root (tracefs)");
        }
        boolean mounted = false;
        if (!Files.isDirectory(TRACEFS.resolve("instances"))) {
            String why = run("mount", "-t", "tracefs", "nodev", TRACEFS.toString());
            if (why != null || !Files.isDirectory(TRACEFS.resolve("instances"))) {
                return new Start(null,
                        "no tracefs: mount -t tracefs nodev " + TRACEFS + " failed" + (why == null ? "" : ": " + why));
            }
            mounted = true;
        }
        for (String removed : sweep()) {
            // A killed run that had mounted tracefs left it mounted: this run unmounts it in its stead.
            mounted |= removed.endsWith(MOUNTED);
        }
        Path instance = TRACEFS.resolve("instances").resolve(INSTANCE_PREFIX + pid + (mounted ? MOUNTED : ""));
        KernelTrace t = new KernelTrace(instance, mounted, cpus);
        try {
            Files.createDirectory(instance);
            t.configure(tids);
            t.reader.start();
            return new Start(t, null);
        } catch (IOException | RuntimeException e) {
            t.close();
            return new Start(null, "tracing instance " + instance + " could not be set up: " + e.getMessage());
        }
    }

    private void configure(int[] tids) throws IOException {
        write("trace_clock", "mono");
        for (int cpu : cpus) { // only the traced CPUs' buffers: the instance's others stay small
            write("per_cpu/cpu" + cpu + "/buffer_size_kb", Integer.toString(BUFFER_KB));
        }
        write("tracing_cpumask", cpuMask(cpus));
        for (String e : EVENTS) {
            Path dir = instance.resolve("events").resolve(e);
            if (!Files.isDirectory(dir)) {
                // not on this kernel or architecture (arm64 has no
                // exceptions/page_fault_user): the rest still names stalls
                continue;
            }
            if (e.endsWith("page_fault_user")) {
                StringBuilder filter = new StringBuilder();
                for (int tid : tids) {
                    if (tid > 0) {
                        filter.append(filter.length() == 0 ? "" : " || ").append("common_pid == ").append(tid);
                    }
                }
                if (filter.length() == 0) {
                    continue; // no thread ids: no faults of theirs to tell apart
                }
                Files.write(dir.resolve("filter"), filter.toString().getBytes(StandardCharsets.US_ASCII));
            }
            if (Files.exists(dir.resolve("enable"))) {
                Files.write(dir.resolve("enable"), "1".getBytes(StandardCharsets.US_ASCII));
            }
        }
        write("tracing_on", "1");
    }

    /**
     * "3" for CPUs 0 and 1, as tracing_cpumask takes it: hex words of 32 CPUs, comma-separated, most significant first.
     */
    static String cpuMask(int[] cpus) {
        int max = 0;
        for (int c : cpus) {
            max = Math.max(max, c);
        }
        int words = max / 32 + 1;
        long[] w = new long[words];
        for (int c : cpus) {
            w[c / 32] |= 1L << (c % 32);
        }
        StringBuilder s = new StringBuilder();
        for (int i = words - 1; i >= 0; i--) {
            s.append(i == words - 1 ? String.format(Locale.ROOT, "%x", w[i])
                    : String.format(Locale.ROOT, ",%08x", w[i]));
        }
        return s.toString();
    }

    private void write(String file, String value) throws IOException {
        Files.write(instance.resolve(file), value.getBytes(StandardCharsets.US_ASCII));
    }

    /** The reader: lines from trace_pipe into the ring until the stop word comes through. */
    private void read() {
        try {
            readerTid =
                    Integer.parseInt(Files.readSymbolicLink(Paths.get("/proc/thread-self")).getFileName().toString());
        } catch (IOException | RuntimeException e) {
            // its time on a measured CPU is then counted as the JVM's own threads'
        }
        TraceLines lines = new TraceLines(names, events, stopWord);
        byte[] buf = new byte[1 << 20];
        int have = 0;
        try (InputStream in = new FileInputStream(instance.resolve("trace_pipe").toFile())) {
            while (true) {
                // a page at most comes back: no big native buffer
                int n = in.read(buf, have, Math.min(READ_BYTES, buf.length - have));
                if (n < 0) {
                    return;
                }
                if (n < PAUSE_BELOW) {
                    // Little waiting: let the kernel's buffer fill before the next read. A reader woken for every event
                    // would itself take the measured CPUs where it has no other (and each of its wake-ups is an event).
                    TimeUnit.MILLISECONDS.sleep(READ_PAUSE_MS);
                }
                have += n;
                int start = 0;
                for (int i = 0; i < have; i++) {
                    if (buf[i] == '\n') {
                        if (lines.line(buf, start, i) == TraceLines.STOP) {
                            return;
                        }
                        start = i + 1;
                    }
                }
                System.arraycopy(buf, start, buf, 0, have - start);
                have -= start;
                if (have == buf.length) {
                    have = 0; // a line longer than the buffer: not one of ours
                }
            }
        } catch (IOException | RuntimeException e) {
            readerFailure = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int readerTid() {
        return readerTid;
    }

    @Override
    public KernelEvents events() {
        return events;
    }

    @Override
    public Names names() {
        return names;
    }

    /** Events the kernel lost because its buffer was full (per_cpu/cpuN/stats: overrun), and the ring's drops. */
    @Override
    public long lost() {
        long n = events.dropped();
        for (int c : cpus) {
            for (String line : lines(instance.resolve("per_cpu").resolve("cpu" + c).resolve("stats"))) {
                if (line.startsWith("overrun:")) {
                    n += Long.parseLong(line.substring("overrun:".length()).trim());
                }
            }
        }
        return n;
    }

    @Override
    public String failure() {
        return readerFailure == null ? null : "the trace's reader stopped early: " + readerFailure;
    }

    /**
     * Stops: a mark with the stop word is written from one of the traced CPUs (the instance records only those), the
     * reader drains up to it and ends, the instance is removed, and tracefs unmounted if this run mounted it.
     * Returns null, or what could not be cleaned up (the next run's sweep removes a left instance).
     */
    @Override
    public synchronized String stop() {
        if (closed) {
            return null;
        }
        closed = true;
        if (reader.isAlive()) {
            // The mark goes into the instance only from a traced CPU: one from each, in case a pin does not take.
            List<Thread> markers = new ArrayList<>();
            for (int cpu : cpus) {
                Thread marker = new Thread(() -> {
                    pinTo(cpu);
                    try {
                        write("trace_marker", stopWord);
                    } catch (IOException e) {
                        // the reader is given up on below
                    }
                }, "queue-latency-trace-stop");
                marker.setDaemon(true);
                marker.start();
                markers.add(marker);
            }
            for (Thread marker : markers) {
                join(marker, 2000);
            }
            join(reader, 3000);
        }
        try {
            write("tracing_on", "0");
        } catch (IOException e) {
            // removed below all the same
        }
        String left = remove(instance);
        if (mounted) {
            String why = run("umount", TRACEFS.toString());
            if (why != null) {
                left = (left == null ? "" : left + "; ") + "tracefs stays mounted at " + TRACEFS + " (" + why + ")";
            }
        }
        return left;
    }

    @Override
    public void close() {
        stop();
    }

    private static void join(Thread t, long ms) {
        try {
            t.join(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Pins the calling thread to {@code cpu} (OpenHFT affinity; nothing happens where it cannot). */
    private static void pinTo(int cpu) {
        try {
            net.openhft.affinity.Affinity.setAffinity(cpu);
        } catch (Throwable e) {
            // the mark may then not be recorded; stop() gives the reader up after its wait
        }
    }

    /** Removes the instances of runs that are no longer alive (killed, so never cleaned up); returns their names. */
    public static List<String> sweep() {
        List<String> removed = new ArrayList<>();
        File[] all = TRACEFS.resolve("instances").toFile().listFiles();
        for (File f : all == null ? new File[0] : all) {
            String name = f.getName();
            if (!name.startsWith(INSTANCE_PREFIX)) {
                continue;
            }
            try {
                String id = name.substring(INSTANCE_PREFIX.length());
                long pid = Long.parseLong(id.endsWith(MOUNTED) ? id.substring(0, id.length() - MOUNTED.length()) : id);
                if (!Files.exists(Paths.get("/proc", Long.toString(pid))) && remove(f.toPath()) == null) {
                    removed.add(name);
                }
            } catch (NumberFormatException e) {
                // not one of ours
            }
        }
        return removed;
    }

    private static String remove(Path instance) {
        for (int attempt = 0; attempt < 20; attempt++) {
            if (!Files.exists(instance) || instance.toFile().delete()) {
                return null; // rmdir: tracefs removes an instance whole
            }
            try {
                TimeUnit.MILLISECONDS.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return "the tracing instance " + instance + " could not be removed (the next run removes it)";
    }

    static boolean isRoot() {
        for (String line : lines(Paths.get("/proc/self/status"))) {
            if (line.startsWith("Uid:")) {
                String[] f = line.substring(4).trim().split("\\s+");
                return f.length > 1 && "0".equals(f[1]); // the effective uid
            }
        }
        return false;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return new ArrayList<>();
        }
    }

    /** Runs a command; null when it succeeded, else its first line of complaint. */
    static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = new byte[4096];
            int n = p.getInputStream().read(out);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "timed out";
            }
            String text = n > 0 ? new String(out, 0, n, StandardCharsets.UTF_8).trim() : "";
            return p.exitValue() == 0 ? null : text.isEmpty() ? "exit " + p.exitValue() : text.split("\n")[0];
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
