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
 * the run goes, so a run of any length is read in bounded memory; where the tool has no CPU of its own it is held
 * through the window ({@link #hold}: the events wait in the kernel's buffer, sized for it) and reads them after. The
 * global tracing state is never touched; the instance is removed when the run ends, on any failure, and by the next
 * run's sweep ({@link Tracefs#sweep}) when a run was killed; tracefs is mounted only where it is not, and then
 * unmounted again.
 * <p>Needs root and tracefs; {@link #start} says in one line why not, and the run falls back to counters.
 */
public final class KernelTrace implements KernelSource, AutoCloseable {
    public static final String INSTANCE_PREFIX = "queue-latency-";
    /** The suffix of an instance whose run mounted tracefs itself, so that whoever removes it unmounts tracefs too. */
    static final String MOUNTED = "-mounted";
    static final Path TRACEFS = Paths.get("/sys/kernel/tracing");
    /** Per CPU of the instance where it is drained continuously; at least this where it is held. */
    public static final int BUFFER_KB = 8192;
    /** Per CPU at most, however long the events are held; and at most a sixteenth of the memory available. */
    static final int MAX_BUFFER_KB = 1 << 20;
    /** The least room in the ring before a read: a read of a page holds fewer events than this. */
    static final int ROOM_FOR_A_READ = 512;
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
    private final int bufferKb;
    private volatile String readerFailure;
    private volatile int readerTid = -1;
    private volatile boolean held;
    /** Set once the end is marked: the reader no longer waits (to be let go, or for room). */
    private volatile boolean ending;
    private boolean marked;
    private volatile boolean closed;
    private final byte[] stats = new byte[4096];
    private final String[] statsFiles;

    private KernelTrace(Path instance, boolean mounted, int[] cpus, int bufferKb) {
        this.instance = instance;
        this.mounted = mounted;
        this.cpus = cpus.clone();
        this.bufferKb = bufferKb;
        this.statsFiles = new String[cpus.length];
        for (int i = 0; i < cpus.length; i++) {
            statsFiles[i] = instance.resolve("per_cpu").resolve("cpu" + cpus[i]).resolve("stats").toString();
        }
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
     * instance named for {@code pid}, with a buffer of {@code bufferKb} per CPU (at most {@link #MAX_BUFFER_KB} and a
     * sixteenth of the memory available). Removes first the instances of runs no longer alive.
     */
    public static Start start(int[] cpus, int[] tids, long pid, int bufferKb) {
        if (!Tracefs.isRoot()) {
            return new Start(null, "not root: the kernel's events need root (tracefs)");
        }
        boolean mounted = false;
        if (!Files.isDirectory(TRACEFS.resolve("instances"))) {
            String why = Tracefs.run("mount", "-t", "tracefs", "nodev", TRACEFS.toString());
            if (why != null || !Files.isDirectory(TRACEFS.resolve("instances"))) {
                return new Start(null,
                        "no tracefs: mount -t tracefs nodev " + TRACEFS + " failed" + (why == null ? "" : ": " + why));
            }
            mounted = true;
        }
        for (String removed : Tracefs.sweep()) {
            // A killed run that had mounted tracefs left it mounted: this run unmounts it in its stead.
            mounted |= removed.endsWith(MOUNTED);
        }
        Path instance = TRACEFS.resolve("instances").resolve(INSTANCE_PREFIX + pid + (mounted ? MOUNTED : ""));
        int kb = Tracefs.cappedKb(bufferKb, cpus.length, Tracefs.memAvailableKb());
        KernelTrace t = new KernelTrace(instance, mounted, cpus, kb);
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
            write("per_cpu/cpu" + cpu + "/buffer_size_kb", Integer.toString(bufferKb));
        }
        write("tracing_cpumask", Tracefs.cpuMask(cpus));
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
                awaitTurn();
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

    /**
     * The reader's wait before a read: while held (parked: not a wake-up in the window) and while the ring has no room
     * for a page's events (the fold takes them; the rest wait in the kernel's buffer, not dropped here).
     */
    private void awaitTurn() throws InterruptedException {
        while (held && !ending) {
            java.util.concurrent.locks.LockSupport.park(this);
        }
        while (events.room() < ROOM_FOR_A_READ && !closed) {
            TimeUnit.MILLISECONDS.sleep(1);
        }
    }

    @Override
    public void hold(boolean h) {
        held = h;
        if (!h) {
            java.util.concurrent.locks.LockSupport.unpark(reader);
        }
    }

    /**
     * The fullest traced CPU's unread bytes (per_cpu/cpuN/stats: bytes) over its buffer's size; read into a buffer of
     * its own, once a second in the window.
     */
    @Override
    public double bufferFill() {
        double fullest = 0;
        for (String file : statsFiles) {
            long bytes = statsBytes(file);
            fullest = Math.max(fullest, bytes / (1024.0 * bufferKb));
        }
        return fullest;
    }

    /** The "bytes:" line of a per-CPU stats file; 0 where not read. */
    private long statsBytes(String file) {
        int n = 0;
        try (InputStream in = new FileInputStream(file)) {
            for (int r; n < stats.length && (r = in.read(stats, n, stats.length - n)) > 0; ) {
                n += r;
            }
        } catch (IOException e) {
            return 0;
        }
        for (int i = 0; i + 7 < n; i++) {
            if ((i == 0 || stats[i - 1] == '\n') && stats[i] == 'b' && stats[i + 5] == ':' && stats[i + 4] == 's') {
                long v = 0;
                for (int j = i + 6; j < n && stats[j] != '\n'; j++) {
                    v = stats[j] >= '0' && stats[j] <= '9' ? 10 * v + stats[j] - '0' : v;
                }
                return v;
            }
        }
        return 0;
    }

    @Override
    public boolean drained() {
        return !reader.isAlive();
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
            for (String line : Tracefs.lines(instance.resolve("per_cpu").resolve("cpu" + c).resolve("stats"))) {
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
        endMark();
        closed = true;
        join(reader, 3000);
        try {
            write("tracing_on", "0");
        } catch (IOException e) {
            // removed below all the same
        }
        String left = Tracefs.remove(instance);
        if (mounted) {
            String why = Tracefs.run("umount", TRACEFS.toString());
            if (why != null) {
                left = (left == null ? "" : left + "; ") + "tracefs stays mounted at " + TRACEFS + " (" + why + ")";
            }
        }
        return left;
    }

    /**
     * Writes the stop word from each traced CPU (the instance records only those): the reader reads up to the first and
     * ends. Everything the kernel recorded before this call comes before it. Once; not waiting for the reader.
     */
    @Override
    public synchronized void endMark() {
        if (marked) {
            return;
        }
        marked = true;
        ending = true;
        java.util.concurrent.locks.LockSupport.unpark(reader);
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
        }
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

}
