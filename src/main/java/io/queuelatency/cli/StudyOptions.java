package io.queuelatency.cli;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.CpuList;
import io.queuelatency.host.HostFacts;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.host.PinnableCpus;
import io.queuelatency.measure.MessageLayout;
import io.queuelatency.measure.QueueSpace;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SlowLimit;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import io.queuelatency.text.Durations;
import io.queuelatency.workload.WorkloadFailure;
import io.queuelatency.workload.Workloads;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.openhft.chronicle.queue.RollCycle;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of one study, each with its default ({@link Settings#DEFAULTS}) and named as its setting, into
 * {@link Settings} (checked there), then checked against this host into the study's {@link StudyConfig}.
 */
public final class StudyOptions {
    @Option(names = "--rate", paramLabel = "MSG/S",
            description = "Messages per second the producer sends, on a fixed schedule (default: ${DEFAULT-VALUE}).")
    long rate;

    @Option(names = "--size", paramLabel = "BYTES",
            description = "Bytes per message, 16 to 65536; below 32 there is no room for the in-queue send time, below "
                    + "24 none for the actual one: only the intended latency is measured (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm-up before the measured window, e.g. 500ms, 10s, 2m; the default covers the queue's "
                    + "first index array at 100,000 msg/s, where Chronicle takes a new path and the JIT discards code "
                    + "(default: ${DEFAULT-VALUE}).")
    long warmupNs;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "The measured window, e.g. 10s, 2m, 30m (default: ${DEFAULT-VALUE}).")
    long durationNs;

    @Option(names = "--producer-cpu", paramLabel = "CPU",
            description = "CPU to pin the producer to (default: see --consumer-cpu).")
    Integer producerCpu;

    @Option(names = "--consumer-cpu", paramLabel = "CPU",
            description = "CPU to pin the consumer to (default: auto, by the pair's relation: never SMT siblings, "
                    + "isolated CPUs first, both in one L3, off CPU 0's core; 2 and 4 as in the reference study where "
                    + "these rules rank them first).")
    Integer consumerCpu;

    @Option(names = "--allow-same-cpu",
            description = "Allow the producer and consumer on one CPU (they then take turns: not a one-way latency).")
    boolean allowSameCpu;

    @Option(names = "--queue-dir", paramLabel = "DIR",
            description = "Where the run creates its own queue directory, removed at the end (default: "
                    + "${DEFAULT-VALUE}; the system temp dir where there is none).")
    Path queueDir;

    @Option(names = "--roll-cycle", paramLabel = "NAME", description = "Chronicle roll cycle, or auto; finished cycles "
                    + "are deleted as the run goes, and each roll is a queue event in the tail (default: "
                    + "${DEFAULT-VALUE}: FAST_DAILY, the reference harness's, with no roll in a run that does not "
                    + "cross midnight UTC, wherever the whole run fits in the queue's filesystem; else the longest "
                    + "cycle whose two cycles fit, e.g. FIVE_MINUTELY for 30 minutes on 24 GiB; or name one: MINUTELY, "
                    + "FAST_HOURLY, ...).")
    String rollCycle;

    @Option(names = "--block-size", paramLabel = "BYTES", converter = ByteSizes.class,
            description = "Chronicle block size, the unit its files are mapped in, 64k to 64g; the files are sparse, "
                    + "so a block takes space only as it is written (default: ${DEFAULT-VALUE}, the reference "
                    + "harness's: one mapping per cycle; a small block maps a new one every few seconds, a stall of "
                    + "both threads).")
    long blockSize;

    @Option(names = "--floor", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "After the study, measure the bare one-way hand-off between the same two CPUs for this long "
                    + "(after as long a warm-up); 0s skips it (default: ${DEFAULT-VALUE}).")
    long floorNs;

    @Option(names = "--quiet", description = "No progress on stderr.")
    boolean quiet;

    @Option(names = "--verbose", description = "Print the long form (table.txt's: the full header, the table with "
            + "the counts beyond, the tail's breakdown, every warning) instead of the short screen, and the whole "
            + "configuration at the start, as checked: every setting, one a line.")
    boolean verbose;

    @Option(names = "--no-attribution", description = "Do not record the measured threads' stalls, the JVM's "
            + "safepoints or the slow messages, so the result cannot say what the tail is made of (for measuring what "
            + "recording them costs).")
    boolean noAttribution;

    @Option(names = "--kernel-trace", paramLabel = "auto|on|off", description = "Record the kernel's events on the "
            + "measured CPUs to name each stall's cause (needs root and tracefs; else /proc's counters only): auto "
            + "records them where a CPU besides the measured two is allowed for the trace's reader, which on a host "
            + "without one takes their time (default: ${DEFAULT-VALUE}).")
    String kernelTrace;

    @Option(names = "--pretouch", description = "Pre-fault the queue's file ahead of the writer (madvise "
            + "MADV_POPULATE_WRITE, Linux 5.14 on) from a thread on a third CPU, so that the producer's writes do not "
            + "take the page faults; needs a CPU besides the two measured.")
    boolean pretouch;

    @Option(names = "--workload", paramLabel = "NAME|CLASS", description = "The code in the message path: the "
            + "producer fills each message's body, the consumer handles it, both inside the timed path (the handled "
            + "latency ends once it has). Built in: copy (the default: the reference study's filler, written and "
            + "checked), order, garbage[=BYTES]; or your class implementing io.queuelatency.workload.Workload "
            + "(docs/workloads.md).")
    String workload;

    @Option(names = "--workload-jar", paramLabel = "JAR", description = "The jar --workload's class is loaded from.")
    Path workloadJar;

    @Option(names = "--probes", description = "Time each stage of every message in a histogram of its own: opening "
            + "the queue's write, the workload's fill, the hand-off (the in-queue latency), the handling; shown beside "
            + "the latencies. Costs a clock read more inside the write, so the actual and intended latencies include "
            + "it (the result states what a clock read costs, from the floor).")
    boolean probes;

    @Option(names = "--profile", paramLabel = "SLOW", arity = "0..1", fallbackValue = SlowLimit.DEFAULT,
            description = "Sample the measured threads' stacks with async-profiler (wall clock, by default "
            + "every 1 ms) and split the samples into the slow messages' profile and the rest of the window's, each a "
            + "flame graph in the run's profile/ folder. SLOW: a percentile of the run's intended latency (default: "
            + "p99) or a latency (50us). Off by default; where the profiler cannot attach, one warning and the run "
            + "goes on unprofiled.")
    String profile;

    @Option(names = "--profile-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --profile, between two samples of one measured thread (default: 1ms). Each sample "
            + "delays the message it meets, and where no CPU is spare the profiler's timer takes a measured one once "
            + "a sample (docs/findings.md).")
    Long profileIntervalNs;

    @Option(names = "--topology", paramLabel = "threads|processes", description = "threads: the producer and the "
            + "consumer are two threads of the measured JVM; processes: the producer runs in a second JVM (the same "
            + "java, flags and class path), pinned to its CPU, writing into the same queue files, as Chronicle Queue "
            + "is most often used; both time with the one host clock (default: ${DEFAULT-VALUE}).")
    String topology;

    /** Each option's default, from {@link Settings#DEFAULTS}: the one place they are written. */
    public static final class Defaults implements CommandLine.IDefaultValueProvider {
        private static final Map<String, String> BY_OPTION = new HashMap<>();

        static {
            Settings d = Settings.DEFAULTS;
            BY_OPTION.put("--rate", Long.toString(d.rate));
            BY_OPTION.put("--size", Integer.toString(d.size));
            BY_OPTION.put("--warmup", Durations.format(d.warmupNs));
            BY_OPTION.put("--duration", Durations.format(d.durationNs));
            BY_OPTION.put("--floor", Durations.format(d.floorNs));
            BY_OPTION.put("--queue-dir", d.queueDir);
            BY_OPTION.put("--roll-cycle", d.rollCycle);
            BY_OPTION.put("--kernel-trace", d.kernelTrace);
            BY_OPTION.put("--block-size", ByteSizes.format(d.blockSize));
            BY_OPTION.put("--topology", d.topology);
        }

        @Override
        public String defaultValue(CommandLine.Model.ArgSpec arg) {
            return arg.isOption() ? BY_OPTION.get(((CommandLine.Model.OptionSpec) arg).longestName()) : null;
        }
    }

    /** These options as settings, by name; a value that can never be right is {@link Settings.Invalid}. */
    public Settings toSettings() {
        return Settings.builder().rate(rate).size(size).warmupNs(warmupNs).durationNs(durationNs).floorNs(floorNs)
                .producerCpu(producerCpu).consumerCpu(consumerCpu).allowSameCpu(allowSameCpu)
                .queueDir(queueDir.toString()).rollCycle(rollCycle).blockSize(blockSize).attribution(!noAttribution)
                .kernelTrace(kernelTrace).pretouch(pretouch).workload(workload)
                .workloadJar(workloadJar == null ? null : workloadJar.toAbsolutePath().toString()).probes(probes)
                .profile(profile).profileIntervalNs(profileIntervalNs).topology(topology).quiet(quiet).build();
    }

    /**
     * With a workload in the path, whether it says it allocates: asked of an instance made here, on the thread that
     * checks the settings, before anything runs (its sides' own instances are made later, each on its thread); null
     * without one. A constructor that throws is bad input, in one line.
     */
    static Boolean workloadAllocates(Settings s) {
        if (!s.workloadInPath()) {
            return null;
        }
        try {
            return Workloads.maker(s.workload, s.workloadJar, s.size - MessageLayout.HEADER_BYTES).make().allocates();
        } catch (WorkloadFailure e) {
            throw new BadInputException("--workload " + s.workload + ": " + e.getMessage());
        }
    }

    /** --verbose: how the run shows, not what it measures, so not a setting. */
    public boolean verbose() {
        return verbose;
    }

    /**
     * The settings checked against this host into a study's configuration, each problem one line (a
     * {@code BadInputException}); {@code memoryNotYetTaken} is what a JVM not yet started will take before the run
     * checks its queue's space (a controller's check, or --topology processes' producer; 0 in the run).
     */
    public static StudyConfig check(Settings s, HostFacts host, long memoryNotYetTaken, List<Warning> warnings) {
        boolean auto = QueueSpace.AUTO.equalsIgnoreCase(s.rollCycle);
        RollCycle given = auto ? null : QueueSpace.byName(s.rollCycle);
        if (!auto && given == null) {
            throw new UsageError("--roll-cycle " + s.rollCycle + " is not a Chronicle roll cycle: use auto or one of "
                    + String.join(", ", QueueSpace.cycleNames()));
        }
        // The workload is found, loads and can be made, on this JVM: a launcher checks the measured JVM's too.
        Workloads.check(s.workload, s.workloadJar, s.size - MessageLayout.HEADER_BYTES,
                JvmIdentity.currentMajorVersion());
        if (s.betweenProcesses() && s.pretouch) { // between processes the pre-toucher would have no writer to follow
            throw new UsageError("--pretouch follows the producer's writes in this JVM: it cannot run with --topology "
                    + Settings.PROCESSES + ", where the producer writes from a second JVM");
        }
        PinnableCpus pinnable = host.pinnableCpus(); // read once: the process's affinity, its cpuset, the isolated
        CpuChoice cpus = chooseCpus(s, host, pinnable, warnings);
        Path parent = queueParent(s, warnings);
        QueueSpace.Choice queue = rollCycle(s, parent, given, memoryNotYetTaken);
        RollCycle cycle = queue.cycle;
        long span = (long) cycle.defaultIndexCount() * cycle.defaultIndexSpacing();
        if (s.warmupMessages() < span && s.totalMessages() > span) {
            long avoidingSeconds = (span * 1000 / s.rate + 999) / 1000 + 1;
            warnings.add(new Warning.ShortWarmup(s.warmupMessages(), span, cycle.toString(), avoidingSeconds));
        }
        java.util.Arrays.stream(Definition.values()).filter(d -> s.size < d.smallestMessageBytes).findFirst()
                .ifPresent(d -> warnings.add(new Warning.NoRoomForSendTime(s.size, d)));
        java.util.Optional<String> noTrace = KernelTraceMode.whyNot(s.kernelTrace, pinnable.cpus, cpus);
        StudyConfig c = new StudyConfig();
        c.settings = s;
        c.pinnedProducerCpu = cpus.producer;
        c.pinnedConsumerCpu = cpus.consumer;
        c.cpuChoice = cpus.reason;
        c.queueParent = parent;
        c.chosenRollCycle = cycle.toString();
        c.rollCycleChoice = queue.why;
        c.traceKernel = !noTrace.isPresent();
        c.kernelTraceWhyNot = noTrace.orElse(null);
        c.pretouchCpu = s.pretouch ? pretouchCpu(pinnable, cpus) : -1;
        c.toolCpu = toolCpu(host, pinnable, cpus);
        c.workloadAllocates = workloadAllocates(s);
        return c;
    }

    /**
     * The CPU for the tool's own threads (the monitor, the kernel trace's reader): the first pinnable one not measured,
     * one not isolated first (isolated CPUs are kept for what is measured); -1 where there is none.
     */
    static int toolCpu(HostFacts host, PinnableCpus pinnable, CpuChoice cpus) {
        int isolated = -1;
        for (int cpu : pinnable.cpus) {
            if (cpu == cpus.producer || cpu == cpus.consumer) {
                continue;
            }
            if (!host.isolatedCpus().contains(cpu)) {
                return cpu;
            }
            isolated = isolated < 0 ? cpu : isolated;
        }
        return isolated;
    }

    /** The pre-toucher's CPU: the first it may pin that is neither measured thread's; none is a usage error. */
    private static int pretouchCpu(PinnableCpus pinnable, CpuChoice cpus) {
        return pinnable.cpus.stream().filter(cpu -> cpu != cpus.producer && cpu != cpus.consumer).findFirst()
                .orElseThrow(() -> new UsageError("--pretouch needs a third CPU besides the producer's " + cpus.producer
                + " and the consumer's " + cpus.consumer + ", and this tool may pin only CPUs "
                + pinnable.describe()));
    }

    /** The CPUs named, else {@link CpuChoice}'s, among those the tool may pin; a pair apart is a warning. */
    private static CpuChoice chooseCpus(Settings s, HostFacts host, PinnableCpus pinnable, List<Warning> warnings) {
        List<Integer> allowed = pinnable.cpus;
        for (Integer cpu : new Integer[] {s.producerCpu, s.consumerCpu}) {
            if (cpu != null && !allowed.contains(cpu)) {
                throw new UsageError("CPU " + cpu + " does not exist or this tool may not pin it: it may pin CPUs "
                        + pinnable.describe());
            }
        }
        CpuTopology topology = host.topology();
        CpuChoice choice = CpuChoice.of(s.producerCpu, s.consumerCpu, topology, allowed);
        if (choice == null) {
            throw new UsageError("this host offers one CPU (" + CpuList.format(allowed) + "): a one-way latency "
                    + "needs two; --producer-cpu 0 --consumer-cpu 0 --allow-same-cpu measures on one anyway");
        }
        if (choice.producer == choice.consumer && !s.allowSameCpu) {
            throw new UsageError("producer and consumer are both on CPU " + choice.producer
                    + ": give them two CPUs, or add --allow-same-cpu to measure them taking turns on one");
        }
        CpuPair pair = topology.pair(choice.producer, choice.consumer, choice.chosenBy, choice.reason);
        if (pair.warnable()) {
            warnings.add(new Warning.CpuPairApart(pair.producerCpu, pair.consumerCpu, pair.relation));
        }
        return choice;
    }

    private static Path queueParent(Settings s, List<Warning> warnings) {
        Path dir = Paths.get(s.queueDir);
        if (dir.equals(Paths.get("/dev/shm")) && !Files.isDirectory(dir)) {
            dir = Paths.get(System.getProperty("java.io.tmpdir"));
            warnings.add(new Warning.NoDevShm(dir.toString()));
        }
        if (!Files.isDirectory(dir)) {
            throw new UsageError("--queue-dir " + dir + " does not exist or is not a directory");
        }
        if (!Files.isWritable(dir)) {
            throw new UsageError("--queue-dir " + dir + " is not writable");
        }
        return dir.toAbsolutePath();
    }

    /** The roll cycle given, if its queue fits; else, with auto, the longest that fits; none is bad input. */
    private static QueueSpace.Choice rollCycle(Settings s, Path parent, RollCycle given, long memoryNotYetTaken) {
        long runNs = s.warmupNs + s.durationNs;
        long room;
        try {
            FileStore store = Files.getFileStore(parent);
            long available = memInfo("MemAvailable");
            room = QueueSpace.roomBytes(store.getUsableSpace(), "tmpfs".equals(store.type()),
                    available < 0 ? available : Math.max(0, available - memoryNotYetTaken), memInfo("MemTotal"));
        } catch (IOException e) {
            throw new UsageError("cannot read the free space of " + parent + ": " + e.getMessage());
        }
        if (given != null) {
            long needed = QueueSpace.neededBytes(s.rate, s.size, runNs, given);
            if (needed > room) {
                throw new UsageError(String.format(Locale.ROOT,
                        "not enough space in %s: the run needs about %.2f GiB (two %s cycles, or the whole run if "
                                + "less, at %,d msg/s of %d bytes), %.2f GiB may be used there; use --roll-cycle auto, "
                                + "a shorter cycle or another --queue-dir",
                        parent, needed / (double) (1L << 30), given, s.rate, s.size, room / (double) (1L << 30)));
            }
            return new QueueSpace.Choice(given, needed, "given (--roll-cycle)");
        }
        QueueSpace.Choice choice = QueueSpace.choose(s.rate, s.size, runNs, room);
        if (choice == null) {
            RollCycle shortest = QueueSpace.byName("MINUTELY");
            throw new UsageError(String.format(Locale.ROOT, "not enough space in %s: even with MINUTELY cycles the run "
                            + "needs about %.2f GiB (at %,d msg/s of %d bytes), %.2f GiB may be used there; free space "
                            + "there, or use another --queue-dir",
                    parent, QueueSpace.neededBytes(s.rate, s.size, runNs, shortest) / (double) (1L << 30), s.rate,
                    s.size, room / (double) (1L << 30)));
        }
        return choice;
    }

    /** A /proc/meminfo field in bytes; -1 where not readable. */
    private static long memInfo(String field) {
        String kb = HostFacts.field(Paths.get("/proc/meminfo"), field + ":");
        try {
            return kb == null ? -1 : Long.parseLong(kb.replaceAll("[^0-9]", "")) * 1024;
        } catch (NumberFormatException e) {
            return -1; // unknown, as a missing field is
        }
    }
}
