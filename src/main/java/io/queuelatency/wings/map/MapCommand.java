package io.queuelatency.wings.map;

import io.queuelatency.cli.OutputDirs;
import io.queuelatency.cli.Version;
import io.queuelatency.cli.DurationConverter;
import io.queuelatency.cli.UsageError;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.files.Format;
import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.CpuList;
import io.queuelatency.host.HostFacts;
import io.queuelatency.host.PinnableCpus;
import io.queuelatency.measure.HandoffFloor;
import io.queuelatency.measure.QueueDirectory;
import io.queuelatency.measure.ThreadPinning;
import io.queuelatency.report.Figures;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Host;
import io.queuelatency.result.Latency;
import io.queuelatency.text.Durations;
import io.queuelatency.text.Units;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code map}: the bare one-way hand-off between pairs of the allowed CPUs, each with its relation, and auto's pair.
 * In this JVM: what it measures is two threads and a ring of longs, not a JVM.
 */
@Command(name = "map", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = "Maps the host's CPU pairs: the bare one-way hand-off (the floor's code, no queue) between every "
                + "pair of the allowed CPUs (a few pairs of each relation above --every-pair-up-to CPUs), each with "
                + "how the two relate (SMT siblings, one L2, one L3, across L3s, across sockets); which pair auto "
                + "chooses and why. Writes map.json, map.png and map.html. Exits 0 when every pair was measured, 1 "
                + "when one was not, 2 on bad input.")
public final class MapCommand implements Callable<Integer> {
    /** The first pair's warm-up: the JIT compiles the hand-off there, before anything is kept. */
    static final long FIRST_WARMUP_NS = 1_000_000_000L;
    static final String MAP_JSON = "map.json";

    @Option(names = "--cpus", paramLabel = "LIST",
            description = "The CPUs to map, in the kernel's list form (0-7,16-23) (default: every CPU the tool may "
                    + "pin).")
    String cpus;

    @Option(names = "--every-pair-up-to", paramLabel = "CPUS", defaultValue = "64",
            description = "Measure every pair of at most this many CPUs; of more, a few pairs of each relation and "
                    + "auto's (default: ${DEFAULT-VALUE}: the 2016 pairs of 64 CPUs take about 4m23s).")
    int everyPairUpTo;

    @Option(names = "--pair-time", paramLabel = "DURATION", converter = DurationConverter.class,
            defaultValue = "100ms", description = "Each pair's measured time, after a fifth of it of warm-up "
                    + "(default: ${DEFAULT-VALUE}; 1ms to 60s).")
    long pairNs;

    @Option(names = "--time-budget", paramLabel = "DURATION", converter = DurationConverter.class,
            defaultValue = "5m", description = "The most the map may take by its plan: where every pair would take "
                    + "longer, a few pairs of each relation and auto's; where even those would, it refuses "
                    + "(default: ${DEFAULT-VALUE}).")
    long budgetNs;

    @Option(names = "--rate", paramLabel = "MSG/S", defaultValue = "100000",
            description = "Hand-offs per second on the floor's fixed schedule (default: ${DEFAULT-VALUE}, a run's).")
    long rate;

    @Option(names = "--output", paramLabel = "DIR",
            description = "New directory for map.json, map.png and map.html (default: reports/<time>-map).")
    Path output;

    @Option(names = "--plan", description = "Say what would be measured and how long it would take; measure nothing.")
    boolean planOnly;

    @Option(names = "--from", paramLabel = "DIR",
            description = "Rebuild map.png and map.html in DIR from its stored map.json and print the map; measure "
                    + "nothing.")
    Path from;

    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    @Override
    public Integer call() throws Exception {
        if (from != null) {
            if (!Files.isRegularFile(from.resolve(MAP_JSON))) {
                throw new UsageError("--from " + from + ": no " + MAP_JSON + " there, so no map to rebuild");
            }
            return present(HostMapJson.read(from.resolve(MAP_JSON)), from);
        }
        HostFacts facts = HostFacts.system();
        CpuTopology topology = facts.topology();
        List<Integer> mapped = mappedCpus(facts.pinnableCpus());
        if (everyPairUpTo < 2 || everyPairUpTo > 1024) {
            throw new UsageError("--every-pair-up-to " + everyPairUpTo + " is out of range: 2 to 1024");
        }
        if (pairNs < 1_000_000L || pairNs > 60_000_000_000L) {
            throw new UsageError("--pair-time " + Durations.format(pairNs) + " is out of range: 1ms to 60s");
        }
        if (rate < 1 || rate > 10_000_000) {
            throw new UsageError("--rate " + rate + " is out of range: 1 to 10000000 msg/s");
        }
        if (budgetNs <= 0) {
            throw new UsageError("--time-budget " + Durations.format(budgetNs) + " is out of range: more than 0s");
        }
        MapPlan plan = MapPlan.of(topology, mapped, everyPairUpTo, rate, pairNs, FIRST_WARMUP_NS)
                .within(topology, budgetNs);
        if (!plan.fits()) {
            throw new UsageError("the map would take about " + Units.minutes(plan.stored.estimatedNs) + " even with "
                    + plan.pairs.size() + " representative pairs, more than --time-budget "
                    + Durations.format(budgetNs) + ": allow more (--time-budget), map fewer CPUs (--cpus) or "
                    + "shorten --pair-time");
        }
        CpuChoice auto = CpuChoice.auto(topology, mapped);
        CpuPair autoPair = topology.pair(auto.producer, auto.consumer, auto.chosenBy, auto.reason);
        HostMap map = new HostMap("queue-latency " + Version.current(), host(facts), plan.stored, topology,
                autoPair);
        Path dir = planOnly ? null : OutputDirs.fresh(output, Paths.get("reports", OutputDirs.now() + "-map"));
        out.print(MapScreen.plan(map));
        return planOnly ? ExitCode.OK.code : measure(map, plan, topology, facts, dir);
    }

    /**
     * Each pair in turn: the JVM's other threads moved off the two CPUs, then the floor's own hand-off between them,
     * its one-way latency (the floor's "actual") the pair's. One pair at a time: two at once would share the memory
     * system and each other's interrupts.
     */
    private int measure(HostMap map, MapPlan plan, CpuTopology topology, HostFacts facts, Path dir)
            throws Exception {
        OutputDirs.create("--output", dir);
        // The run's own directory on /dev/shm, as a floor cell's: JNA's files go there (pinning loads it), never home.
        Path shm = Paths.get("/dev/shm");
        QueueDirectory own = QueueDirectory.create(Files.isDirectory(shm) ? shm
                : Paths.get(System.getProperty("java.io.tmpdir"))).holdingNativeLibraries();
        Thread cleanup = new Thread(own::close, "queue-latency-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        String startedAt = Instant.now().toString();
        long start = System.nanoTime();
        List<HostMap.Pair> pairs = new ArrayList<>();
        try {
            List<Integer> allowed = facts.allowedCpus();
            HostMap.Plan times = plan.stored;
            long lastSaid = start;
            for (int[] p : plan.pairs) {
                ThreadPinning.keepOthersOff(allowed, p[0], p[1]);
                HandoffFloor floor = HandoffFloor.measurePair(times.rate, pairs.isEmpty() ? times.firstWarmupNs
                        : times.pairWarmupNs, times.pairNs, p[0], p[1]);
                pairs.add(new HostMap.Pair(p, topology.relation(p[0], p[1]),
                        Latency.of(Definition.ACTUAL, floor.actual), floor.overwritten, floor.failure));
                long now = System.nanoTime();
                if (now - lastSaid >= 10_000_000_000L || pairs.size() == plan.pairs.size()) {
                    err.println("map: " + pairs.size() + " of " + plan.pairs.size() + " pairs, "
                            + Units.minutes(now - start) + " of about " + Units.minutes(times.estimatedNs));
                    lastSaid = now;
                }
            }
        } finally {
            own.close();
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
        HostMap m = map.measured(pairs, startedAt, Instant.now().toString(), System.nanoTime() - start);
        HostMapJson.write(dir.resolve(MAP_JSON), m);
        out.println();
        return present(m, dir);
    }

    /** The map's report beside its map.json and map.png (a figure, drawn apart): map.html. */
    static final List<Format<HostMap>> FORMATS =
            java.util.Collections.singletonList(Format.text(MapPage.FILE_NAME, MapPage::render));

    /** map.png and map.html from the map, and the map on the screen: 0 when every pair was measured, else 1. */
    private int present(HostMap m, Path dir) throws java.io.IOException {
        boolean png = new Figures(err).png(dir, MapFigure.FILE_NAME, () -> MapFigure.draw(m));
        Format.writeAll(m, dir, FORMATS);
        out.print(MapScreen.result(m, dir.toString(), png));
        return m.pairs.stream().anyMatch(p -> p.pinFailure != null || p.oneWay.count == 0) ? ExitCode.FAILED.code
                : ExitCode.OK.code;
    }

    /** --cpus, each one the tool may pin; else every such CPU. Fewer than two is bad input. */
    private List<Integer> mappedCpus(PinnableCpus pinnable) {
        List<Integer> mapped;
        if (cpus == null) {
            mapped = new ArrayList<>(pinnable.cpus);
        } else {
            try {
                mapped = CpuList.parse(cpus);
            } catch (IllegalArgumentException e) {
                throw new UsageError("--cpus " + cpus + " is not a CPU list (e.g. 0-7,16-23)");
            }
            List<Integer> notAllowed = new ArrayList<>(mapped);
            notAllowed.removeAll(pinnable.cpus);
            if (!notAllowed.isEmpty()) {
                throw new UsageError("--cpus: CPU " + CpuList.format(notAllowed) + " does not exist or this tool "
                        + "may not pin it: it may pin CPUs " + pinnable.describe());
            }
        }
        if (mapped.size() < 2) {
            throw new UsageError("a map needs two CPUs or more, and " + (cpus == null ? "this tool may pin only "
                    : "--cpus names only ") + (mapped.isEmpty() ? "none" : "CPU " + CpuList.format(mapped)));
        }
        return mapped;
    }

    private static Host host(HostFacts facts) {
        PinnableCpus pinnable = facts.pinnableCpus();
        Host h = facts.host();
        h.pinnableCpuList = CpuList.format(pinnable.cpus);
        h.pinnableWhy = pinnable.why;
        return h;
    }
}
