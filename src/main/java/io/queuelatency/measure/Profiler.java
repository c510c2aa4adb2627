package io.queuelatency.measure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import one.profiler.AsyncProfiler;

/**
 * async-profiler in the measured JVM (--profile): its library, which the jar carries for linux-x64 and linux-arm64,
 * copied into the run's directory and loaded; wall-clock sampling of the measured threads only ({@code filter}, each
 * thread added), so a sleeping or blocked thread is sampled too (one preempted, once it runs again); the samples to a
 * JFR file on the monotonic clock, which is System.nanoTime's, the messages' clock. Anything that goes wrong leaves
 * {@link #problem} one line and the run unprofiled: the profile is optional, the measurement is not.
 */
public final class Profiler implements Sampler {
    static final String LIBRARY = "libasyncProfiler.so";
    /** How long after the loops end perf stat may take to end: its sleep ends with the window. */
    private static final long COUNTERS_WAIT_MS = 5_000;

    private final AsyncProfiler profiler;
    private final Path jfr;
    /**
     * Between two samples of one thread: each sample delays the message it meets, and where no CPU is spare the
     * profiler's timer thread takes a measured one once a sample (docs/findings.md: what that costs here).
     */
    private long intervalNs = io.queuelatency.result.Settings.DEFAULT_PROFILE_INTERVAL_NS;
    private volatile String problem;
    private boolean running;
    private PerfCounters counters;

    private Profiler(AsyncProfiler profiler, Path jfr, String problem) {
        this.profiler = profiler;
        this.jfr = jfr;
        this.problem = problem;
    }

    /** Loads the library into this JVM from {@code libDir} (the run's, removed with it); samples go to {@code jfr}. */
    public static Profiler attach(Path libDir, Path jfr) {
        String platform = platform(System.getProperty("os.name"), System.getProperty("os.arch"));
        if (platform == null) {
            return new Profiler(null, jfr, "async-profiler has no library for " + System.getProperty("os.name") + " on "
                    + System.getProperty("os.arch"));
        }
        try (InputStream in = Profiler.class.getResourceAsStream("/" + platform + "/" + LIBRARY)) {
            if (in == null) {
                return new Profiler(null, jfr, "the jar holds no async-profiler library for " + platform);
            }
            Path lib = libDir.resolve(LIBRARY);
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return new Profiler(AsyncProfiler.getInstance(lib.toString()), jfr, null);
        } catch (IOException | LinkageError | RuntimeException e) { // IllegalCallerException: native access denied
            return new Profiler(null, jfr, "async-profiler could not be loaded: " + e);
        }
    }

    /** "linux-x64", "linux-arm64"; null where the jar has no library. */
    static String platform(String osName, String osArch) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null;
        }
        return osArch.equals("amd64") || osArch.equals("x86_64") ? "linux-x64"
                : osArch.equals("aarch64") || osArch.equals("arm64") ? "linux-arm64" : null;
    }

    /** The command async-profiler's agent reads (its options, comma-separated). */
    static String startCommand(Path jfr, long intervalNs) {
        return "start,event=wall,interval=" + intervalNs + "ns,filter,jfr,clock=monotonic,file=" + jfr;
    }

    /** Sampling every {@code ns} from the start; before {@link #start}. */
    public Profiler every(long ns) {
        intervalNs = ns;
        return this;
    }

    @Override
    public int[] start(int[] tids, long windowInNs, long windowNs, Thread... measured) {
        if (tids.length > 0) {
            counters = PerfCounters.start(tids, windowInNs, windowNs, jfr.getParent());
        }
        if (profiler == null) {
            return new int[0];
        }
        java.util.Set<Integer> before = UnnamedTasks.now();
        try {
            profiler.execute(startCommand(jfr, intervalNs));
            running = true;
            for (Thread t : measured) {
                profiler.addThread(t);
            }
        } catch (IOException | RuntimeException e) {
            problem = "async-profiler did not start: " + e.getMessage();
            stop();
        }
        java.util.Set<Integer> started = UnnamedTasks.now();
        started.removeAll(before);
        return started.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public void stop() {
        if (!running) {
            return;
        }
        running = false;
        try {
            profiler.execute("stop");
        } catch (IOException | RuntimeException e) {
            problem = "async-profiler did not stop: " + e.getMessage();
        }
    }

    /** Why there is no profile; null when the samples are in {@link #samples}. */
    public String problem() {
        return problem;
    }

    public Path samples() {
        return jfr;
    }

    /** The processor's counters over the window into {@code b}, or why there are none; after {@link #stop}. */
    void counters(io.queuelatency.result.Profile b) {
        if (counters == null) {
            b.countersProblem = "not counted in this JVM";
            return;
        }
        b.counters.addAll(counters.finish(COUNTERS_WAIT_MS));
        b.countersProblem = counters.problem();
    }
}
