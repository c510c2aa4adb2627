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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * The kernel's own account of the two measured CPUs during a run, from a tracing instance of this run's own
 * ({@code instances/queue-latency-<pid>} under tracefs): task switches, interrupts, the local timer, and the measured
 * threads' user page faults, on the {@code mono} clock (System.nanoTime()'s). A reader thread drains
 * {@code trace_pipe} into {@link KernelEvents} as the run goes, or, held through the window ({@link #hold}), after it.
 * The global tracing state is never touched; the instance is removed when the run ends, on any failure, or by the next
 * run's sweep; tracefs is mounted only where it is not, and then unmounted again.
 * <p>Needs root and tracefs; {@link #start} says in one line why not, and the run falls back to counters.
 */
public final class KernelTrace implements KernelSource {
    public static final String INSTANCE_PREFIX = "queue-latency-";
    /** The suffix of an instance whose run mounted tracefs, so that whoever removes it unmounts tracefs too. */
    static final String MOUNTED = "-mounted";
    static final Path TRACEFS = Paths.get("/sys/kernel/tracing");
    /** Per CPU where drained continuously; at least this where held. */
    public static final int BUFFER_KB = 8192;
    /** Per CPU at most; and at most a sixteenth of the memory available. */
    static final int MAX_BUFFER_KB = 1 << 20;
    /** More than a read of a page holds. */
    static final int ROOM_FOR_A_READ = 512;
    static final int RING = 1 << 20;
    /** A read of less than this found the kernel's buffer nearly drained: the reader pauses before the next. */
    static final int PAUSE_BELOW = 1024;
    static final long READ_PAUSE_MS = 20;
    static final int READ_BYTES = 8192;
    private static final String[] EVENTS = {"sched/sched_switch", "irq/irq_handler_entry", "irq/irq_handler_exit",
        "irq/softirq_entry", "irq/softirq_exit", "irq_vectors/local_timer_entry", "irq_vectors/local_timer_exit",
        "exceptions/page_fault_user"};
    private static final byte[] BYTES = "\nbytes:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OVERRUN = "\noverrun:".getBytes(StandardCharsets.US_ASCII);

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
    /** Set once the end is marked: the reader no longer waits. */
    private volatile boolean ending;
    private boolean marked;
    private volatile boolean closed;
    private final byte[] stats = new byte[4096];
    private final String[] statsFiles;
    private long overrunsAtStop;

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

    /** Traces {@code cpus} and the page faults of {@code tids}; first removes the instances of runs no longer alive. */
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
            t.firstTurnHeld();
            return new Start(t, null);
        } catch (IOException | RuntimeException e) {
            t.stop();
            return new Start(null, "tracing instance " + instance + " could not be set up: " + e.getMessage());
        }
    }

    /**
     * Starts the reader with its first turn held until it waits, then lets it go: the wait a hold takes in the window
     * (Fold holds the reader through the window where the tool has no CPU of its own) is then no branch the reader's
     * loop takes for the first time there, where the JIT would discard its compiled code (a deoptimisation of the
     * tool's own in the window's JIT lines).
     */
    private void firstTurnHeld() {
        held = true;
        reader.start();
        for (int waited = 0; waited < 1_000 && reader.getState() != Thread.State.WAITING && reader.isAlive();
                waited++) {
            LockSupport.parkNanos(1_000_000L);
        }
        hold(false);
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
                continue; // not on this kernel or architecture (arm64 has no page_fault_user)
            }
            if (e.endsWith("page_fault_user")) {
                String filter = Arrays.stream(tids).filter(tid -> tid > 0).mapToObj(tid -> "common_pid == " + tid)
                        .collect(Collectors.joining(" || "));
                if (filter.isEmpty()) {
                    continue; // no thread ids: no faults of theirs to tell apart
                }
                Files.write(dir.resolve("filter"), filter.getBytes(StandardCharsets.US_ASCII));
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

    /** Until the stop word comes through. */
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
                    // A reader woken for every event would itself take the measured CPUs, each wake-up an event.
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

    /** While held (parked), and while the ring has no room (the rest wait in the kernel's buffer). */
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

    /** The fullest traced CPU's unread bytes over its buffer's size, once a second in the window (a reused buffer). */
    @Override
    public double bufferFill() {
        double fullest = 0;
        for (String file : statsFiles) {
            fullest = Math.max(fullest, stat(file, BYTES) / (1024.0 * bufferKb));
        }
        return fullest;
    }

    /** The number on the {@code key} line of a per-CPU stats file; 0 where not read. */
    private long stat(String file, byte[] key) {
        int n = 0;
        try (InputStream in = new FileInputStream(file)) {
            for (int r; n < stats.length && (r = in.read(stats, n, stats.length - n)) > 0; ) {
                n += r;
            }
        } catch (IOException e) {
            return 0;
        }
        int at = TraceLines.find(stats, 0, n, key);
        return at < 0 ? 0 : TraceLines.number(stats, at + key.length, TraceLines.skipTo(stats, at + 1, n, '\n'));
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

    /** The kernel's overruns (a full buffer), counted before {@link #stop} removes them, and the ring's drops. */
    @Override
    public synchronized long lost() {
        return events.dropped() + (closed ? overrunsAtStop : overruns());
    }

    private long overruns() {
        long n = 0;
        for (String file : statsFiles) {
            n += stat(file, OVERRUN);
        }
        return n;
    }

    @Override
    public String failure() {
        return readerFailure == null ? null : "the trace's reader stopped early: " + readerFailure;
    }

    /** The end mark, the reader drained up to it, the instance removed; null, or what could not be cleaned up. */
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
        overrunsAtStop = overruns(); // the stats files go with the instance
        String left = Tracefs.remove(instance);
        if (mounted) {
            String why = Tracefs.run("umount", TRACEFS.toString());
            if (why != null) {
                left = (left == null ? "" : left + "; ") + "tracefs stays mounted at " + TRACEFS + " (" + why + ")";
            }
        }
        return left;
    }

    /** Writes the stop word from each traced CPU (the instance records only those); once, not waiting. */
    @Override
    public synchronized void endMark() {
        if (marked) {
            return;
        }
        marked = true;
        ending = true;
        java.util.concurrent.locks.LockSupport.unpark(reader);
        if (reader.isAlive()) {
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

    private static void join(Thread t, long ms) {
        try {
            t.join(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Nothing happens where it cannot. */
    private static void pinTo(int cpu) {
        try {
            net.openhft.affinity.Affinity.setAffinity(cpu);
        } catch (Throwable e) {
            // the mark may then not be recorded; stop() gives the reader up after its wait
        }
    }
}
