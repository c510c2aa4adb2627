package io.queuelatency.cli;

import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.CpuList;
import io.queuelatency.host.HostFacts;
import io.queuelatency.measure.MessageLayout;
import io.queuelatency.measure.ChronicleChannel;
import io.queuelatency.measure.RollCycleNames;
import io.queuelatency.measure.StudyConfig;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import net.openhft.chronicle.queue.RollCycle;
import picocli.CommandLine.Option;

/** The options of one study, each with its default, and their validation into a {@link StudyConfig}. */
public final class StudyOptions {
    public static final long MAX_RATE = 10_000_000L;
    public static final long MAX_RUN_NS = 24 * 3_600_000_000_000L;
    private static final long MIN_BLOCK = 64 << 10;
    private static final long MAX_BLOCK = 64L << 30;

    @Option(names = "--rate", paramLabel = "MSG/S", defaultValue = "100000",
            description = "Messages per second the producer sends, on a fixed schedule (default: ${DEFAULT-VALUE}).")
    long rate;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "256",
            description = "Bytes per message, 16 to 65536; below 24 only the intended latency is measured (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "15s", converter = Durations.class,
            description = "Warm-up before the measured window, e.g. 500ms, 10s, 2m; the default covers the queue's first index array at "
                    + "100,000 msg/s, where Chronicle takes a new path and the JIT discards code (default: ${DEFAULT-VALUE}).")
    long warmupNs;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "100s", converter = Durations.class,
            description = "The measured window, e.g. 10s, 2m, 30m (default: ${DEFAULT-VALUE}).")
    long durationNs;

    @Option(names = "--producer-cpu", paramLabel = "CPU",
            description = "CPU to pin the producer to (default: see --consumer-cpu).")
    Integer producerCpu;

    @Option(names = "--consumer-cpu", paramLabel = "CPU",
            description = "CPU to pin the consumer to (default: the first two isolated CPUs; else 2 and 4 as in the reference study; else the first two this process may use).")
    Integer consumerCpu;

    @Option(names = "--allow-same-cpu",
            description = "Allow the producer and consumer on one CPU (they then take turns: not a one-way latency).")
    boolean allowSameCpu;

    @Option(names = "--queue-dir", paramLabel = "DIR", defaultValue = "/dev/shm",
            description = "Where the run creates its own queue directory, removed at the end (default: ${DEFAULT-VALUE}; the system temp dir where there is none).")
    Path queueDir;

    @Option(names = "--roll-cycle", paramLabel = "NAME", defaultValue = "FAST_DAILY",
            description = "Chronicle roll cycle; finished cycles are deleted as the run goes, and each roll is a queue event in the tail "
                    + "(default: ${DEFAULT-VALUE}, the reference harness's: no roll in a run that does not cross midnight UTC; "
                    + "e.g. MINUTELY, FAST_HOURLY for runs too long to keep whole).")
    String rollCycle;

    @Option(names = "--block-size", paramLabel = "BYTES", defaultValue = "16g", converter = ByteSizes.class,
            description = "Chronicle block size, the unit its files are mapped in, 64k to 64g; the files are sparse, so a block "
                    + "takes space only as it is written (default: ${DEFAULT-VALUE}, the reference harness's: one mapping per cycle; "
                    + "a small block maps a new one every few seconds, a stall of both threads).")
    long blockSize;

    @Option(names = "--floor", paramLabel = "DURATION", defaultValue = "2s", converter = Durations.class,
            description = "After the study, measure the bare one-way hand-off between the same two CPUs for this long (after as long a warm-up); 0s skips it (default: ${DEFAULT-VALUE}).")
    long floorNs;

    @Option(names = "--quiet", description = "No progress on stderr.")
    boolean quiet;

    @Option(names = "--no-attribution", description = "Do not record the measured threads' stalls, the JVM's safepoints or the "
            + "slow messages, so the result cannot say what the tail is made of (for measuring what recording them costs).")
    boolean noAttribution;

    /** The options of a matrix cell, for checking them before the matrix starts; the rest at their defaults. */
    public static StudyOptions of(long rate, int size, long warmupNs, long durationNs, long floorNs, Integer producerCpu,
                                  Integer consumerCpu) {
        StudyOptions o = picocli.CommandLine.populateCommand(new StudyOptions()); // the @Option defaults, once
        o.rate = rate;
        o.size = size;
        o.warmupNs = warmupNs;
        o.durationNs = durationNs;
        o.floorNs = floorNs;
        o.producerCpu = producerCpu;
        o.consumerCpu = consumerCpu;
        return o;
    }

    /** Validates every option against this host; throws UsageError with one line for the first problem. */
    public StudyConfig toConfig(HostFacts host, List<String> warnings) {
        if (rate < 1 || rate > MAX_RATE) {
            throw new UsageError(String.format(Locale.ROOT, "--rate %d is out of range: 1 to %,d msg/s", rate, MAX_RATE));
        }
        if (size < MessageLayout.MIN_SIZE || size > MessageLayout.MAX_SIZE) {
            throw new UsageError("--size " + size + " is out of range: " + MessageLayout.MIN_SIZE
                    + " (sequence and intended send time; from " + MessageLayout.HEADER_BYTES + " the actual send time too) to "
                    + MessageLayout.MAX_SIZE + " bytes");
        }
        if (durationNs <= 0 || durationNs > MAX_RUN_NS) {
            throw new UsageError("--duration must be more than 0 and at most 24h");
        }
        if (floorNs > MAX_RUN_NS) {
            throw new UsageError("--floor must be at most 24h");
        }
        if (warmupNs > MAX_RUN_NS) {
            throw new UsageError("--warmup must be at most 24h");
        }
        if (durationNs / 1_000_000L * rate / 1000 < 2) {
            throw new UsageError("--duration is too short for --rate " + rate + ": the window must hold at least 2 messages");
        }
        RollCycle cycle = RollCycleNames.byName(rollCycle);
        if (cycle == null) {
            throw new UsageError("--roll-cycle " + rollCycle + " is not a Chronicle roll cycle: use one of " + String.join(", ", RollCycleNames.names()));
        }
        if (blockSize < MIN_BLOCK || blockSize > MAX_BLOCK || blockSize < 4L * size) {
            throw new UsageError("--block-size " + blockSize + " is out of range: 64k to 64g, and at least 4 messages");
        }
        long span = (long) cycle.defaultIndexCount() * cycle.defaultIndexSpacing();
        long warmupMessages = warmupNs / 1_000_000L * rate / 1000;
        long totalMessages = (warmupNs + durationNs) / 1_000_000L * rate / 1000;
        if (warmupMessages < span && totalMessages > span) {
            warnings.add(String.format(Locale.ROOT, "the warm-up (%,d messages) ends before the queue's first index array is full "
                    + "(%,d messages at %s): the window is the first to take Chronicle's path to a new index array, and the JIT "
                    + "discards compiled code of both threads there (the tail block's jit: line names it); a warm-up of %d s or more "
                    + "avoids it", warmupMessages, span, cycle, (span * 1000 / rate + 999) / 1000 + 1));
        }
        if (size < MessageLayout.HEADER_BYTES) {
            warnings.add(size + "-byte messages have no room for the actual send time: only the intended latency is measured");
        }
        CpuChoice cpus = chooseCpus(host);
        Path parent = queueParent(warnings);
        StudyConfig config = new StudyConfig(rate, size, warmupNs, durationNs, cpus.producer, cpus.consumer,
                cpus.reason, parent, cycle.toString(), blockSize, floorNs, quiet, !noAttribution);
        checkSpace(config, cycle);
        return config;
    }

    private CpuChoice chooseCpus(HostFacts host) {
        List<Integer> allowed = host.allowedCpus();
        for (Integer cpu : new Integer[] {producerCpu, consumerCpu}) {
            if (cpu != null && !allowed.contains(cpu)) {
                throw new UsageError("CPU " + cpu + " does not exist or this process may not use it: CPUs allowed here are " + CpuList.format(allowed));
            }
        }
        CpuChoice choice;
        if (producerCpu != null && consumerCpu != null) {
            choice = new CpuChoice(producerCpu, consumerCpu, "chosen by the user");
        } else if (producerCpu != null || consumerCpu != null) {
            int given = producerCpu != null ? producerCpu : consumerCpu;
            int other = allowed.stream().filter(c -> c != given).findFirst().orElse(given);
            choice = producerCpu != null ? new CpuChoice(given, other, "producer chosen by the user, consumer the first other CPU")
                    : new CpuChoice(other, given, "consumer chosen by the user, producer the first other CPU");
        } else {
            choice = CpuChoice.defaultFor(allowed, host.isolatedCpus());
            if (choice == null) {
                throw new UsageError("this host offers one CPU (" + CpuList.format(allowed) + "): a one-way latency needs two; "
                        + "--producer-cpu 0 --consumer-cpu 0 --allow-same-cpu measures on one anyway");
            }
        }
        if (choice.producer == choice.consumer && !allowSameCpu) {
            throw new UsageError("producer and consumer are both on CPU " + choice.producer
                    + ": give them two CPUs, or add --allow-same-cpu to measure them taking turns on one");
        }
        return choice;
    }

    private Path queueParent(List<String> warnings) {
        Path dir = queueDir;
        if (dir.equals(Paths.get("/dev/shm")) && !Files.isDirectory(dir)) {
            dir = Paths.get(System.getProperty("java.io.tmpdir"));
            warnings.add("there is no /dev/shm: the queue lives in " + dir + ", which may be a disk");
        }
        if (!Files.isDirectory(dir)) {
            throw new UsageError("--queue-dir " + dir + " does not exist or is not a directory");
        }
        if (!Files.isWritable(dir)) {
            throw new UsageError("--queue-dir " + dir + " is not writable");
        }
        return dir.toAbsolutePath();
    }

    /**
     * The queue holds at most about two cycles at once (the one being written and the one just released),
     * so a run needs the smaller of its whole data and two cycles' worth. Blocks cost nothing beyond what is
     * written: the cycle files are sparse.
     */
    private static void checkSpace(StudyConfig c, RollCycle cycle) {
        double bytesPerMessage = c.messageSize + 12; // 4-byte header, ~8 bytes of index
        double seconds = Math.min((c.warmupNs + c.durationNs) / 1e9, 2 * cycle.lengthInMillis() / 1000.0);
        long needed = (long) (c.ratePerSecond * seconds * bytesPerMessage) + ChronicleChannel.MARGIN_BYTES;
        try {
            FileStore store = Files.getFileStore(c.queueParent);
            long free = store.getUsableSpace();
            if (free < needed) {
                throw new UsageError(String.format(Locale.ROOT,
                        "not enough space in %s: the run needs about %.2f GiB (two %s cycles at %,d msg/s of %d bytes), %.2f GiB is free; "
                                + "use a shorter --roll-cycle or another --queue-dir",
                        c.queueParent, needed / (double) (1L << 30), cycle, c.ratePerSecond, c.messageSize, free / (double) (1L << 30)));
            }
        } catch (IOException e) {
            throw new UsageError("cannot read the free space of " + c.queueParent + ": " + e.getMessage());
        }
    }
}
