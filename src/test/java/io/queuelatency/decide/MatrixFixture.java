package io.queuelatency.decide;

import io.queuelatency.store.MatrixFiles;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.json.ResultJson;
import io.queuelatency.measure.LatencyRecorder;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CellOutcome;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Host;
import io.queuelatency.result.HostFindings;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.RunResultBuilder;
import io.queuelatency.result.Settings;
import io.queuelatency.store.IntervalLog;
import io.queuelatency.store.ResultFiles;
import io.queuelatency.words.RunWords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A matrix directory with known answers: each JVM's runs are the same shape of distribution scaled by a
 * factor per run (1.0 = a median near 1.5 us, a tail to ~50x at p99.9), written as the real files are.
 */
public final class MatrixFixture {
    /** JVM id to its runs' scale factors; a null entry is a run that was not valid (a GC in its window). */
    public final Map<String, double[]> runs = new LinkedHashMap<>();
    /** The floor's scale, as a share of the queue's base latency; 0 for no floor. */
    public double floorScale = 0.06;
    /** Also list a JVM that could not run. */
    public boolean withUnavailable = true;
    /** Cells ("openjdk-17-run2") that were not valid: a GC in the window. */
    public List<String> invalidCells = new ArrayList<>();
    public Double margin;
    /**
     * Give each run a tail attribution: of the samples beyond each percentile, 60% consumer stalls, 30% producer
     * stalls, 10% none.
     */
    public boolean withTail;
    /**
     * With withTail: the share of each percentile's samples beyond that only the host explains; -1: not stored (as in a
     * result that lacks notJvm).
     */
    public double notJvmShare = -1;
    /** Message sizes swept; null for the one size, 256. */
    public int[] sizes;
    /**
     * The host's floor in floor cells of its own, one scale (as {@link #floorScale}) per floor cell in time order;
     * null for a matrix stored before floor cells, whose cells each measured the floor inside their JVM.
     */
    public double[] floorCells;
    /** Every cell's CPU pair relation; null: not recorded (results before run/6). */
    public io.queuelatency.result.CpuPair.Relation relation;
    /** Per cell id ("openjdk-17-run2"), a relation other than {@link #relation}. */
    public Map<String, io.queuelatency.result.CpuPair.Relation> relationOf = new LinkedHashMap<>();
    /** With withTail: per JVM id, its own share of the samples beyond that only the host explains. */
    public Map<String, Double> notJvmShareOf = new LinkedHashMap<>();
    /** Every run whose number this divides was profiled (--profile), its stacks a JVM's own; 0: none. */
    public int profiledEvery;
    /** Each cell ran a workload that says it allocates, and its collector paused run + 1 times, 3 ms each. */
    public boolean allocating;

    public MatrixFixture jvm(String id, double... scales) {
        runs.put(id, scales);
        return this;
    }

    /** Writes the matrix into {@code dir} and decides on it as a report would, at the default margin. */
    public Analysis analyse(Path dir) throws IOException {
        write(dir);
        return new Analysis(MatrixData.load(dir), Analysis.DEFAULT_MARGIN);
    }

    public void write(Path dir) throws IOException {
        MatrixPlan plan = new MatrixPlan();
        plan.tool = "queue-latency test";
        plan.runId = "fixture";
        plan.startedAt = "2026-01-01T00:00:00Z";
        List<Integer> swept = null;
        if (sizes != null) {
            swept = new ArrayList<>();
            for (int size : sizes) {
                swept.add(size);
            }
        }
        int most = 0;
        for (double[] r : runs.values()) {
            most = Math.max(most, r.length);
        }
        plan.settings = Settings.builder().rate(100_000).size(256).warmupNs(5_000_000_000L).durationNs(10_000_000_000L)
                .floorNs(floorCells == null ? 0 : 2_000_000_000L).cellGraceNs(0).margin(margin).sizes(swept)
                .runs(most).build();
        if (floorCells != null) {
            plan.hostFloor = new MatrixPlan.HostFloorPlan();
            plan.hostFloor.javaHome = "/jdks/controller";
            plan.hostFloor.version = "21.0.7+6";
            plan.hostFloor.vmName = "OpenJDK 64-Bit Server VM";
            plan.hostFloor.major = 21;
        }
        for (String id : runs.keySet()) {
            MatrixPlan.PlannedJvm jdk = new MatrixPlan.PlannedJvm();
            jdk.id = id;
            jdk.label = "JVM " + id;
            jdk.available = true;
            jdk.compiler = "C2 (HotSpot)";
            jdk.javaHome = "/jdks/" + id;
            jdk.vendor = "Debian";
            jdk.version = "17.0.15+6";
            jdk.vmName = "OpenJDK 64-Bit Server VM";
            jdk.major = 17;
            jdk.warmupNs = plan.settings.warmupNs;
            jdk.jvmOptions.addAll(Arrays.asList("-Dchronicle.analytics.disable=true", "-Xms2g",
                    "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"));
            plan.jvms.add(jdk);
        }
        if (withUnavailable) {
            MatrixPlan.PlannedJvm ee = new MatrixPlan.PlannedJvm();
            ee.id = "graalvm-ee-17";
            ee.label = "Oracle GraalVM 17";
            ee.unavailable = "no Oracle GraalVM for JDK 17 installed";
            plan.jvms.add(ee);
        }
        for (int run = 1; run <= most; run++) {
            for (int size : sizes == null ? new int[] {0} : sizes) {
                for (Map.Entry<String, double[]> e : runs.entrySet()) {
                    if (run <= e.getValue().length) {
                        plan.cells.add(new CellId(e.getKey(), size == 0 ? null : size, null, run));
                    }
                }
            }
        }
        MatrixPlanJson.write(plan, dir.resolve(MatrixFiles.MATRIX_JSON));
        environment(dir, "Test CPU 9000", "6.1.0-test", relation == null ? null : pair(relation));
        for (CellId id : plan.cells) {
            // A larger message costs more: latency grows with the square root of the size, as a fixture.
            double scale = runs.get(id.jvm)[id.run - 1] * (id.size == null ? 1 : Math.sqrt(id.size / 256.0));
            cell(dir, id, scale, invalidCells.contains(id.toString()));
        }
        for (int k = 1; floorCells != null && k <= floorCells.length; k++) {
            floorCell(dir, k, floorCells[k - 1]);
        }
    }

    /** floor/k/floor.json: the host's floor at {@code scale} of the queue's base latency, measured on its own java. */
    private static void floorCell(Path dir, int k, double scale) throws IOException {
        Histogram floor = LatencyRecorder.newHistogram();
        for (long i = 1; i <= 200_000; i++) { // a floor cell's 2 s at 100,000 msg/s: enough to bound its p99.99
            double base = 1_000 + (i * 7919 % 1_000) + (i % 1_000 == 0 ? 49_000 : 0) + (i % 50 == 0 ? 4_000 : 0);
            floor.recordValue(Math.max(1, Math.round(base * scale)));
        }
        io.queuelatency.result.JvmFacts jvm = new io.queuelatency.result.JvmFacts();
        jvm.vendor = "Debian";
        jvm.vmName = "OpenJDK 64-Bit Server VM";
        jvm.vmVersion = "21.0.7+6";
        jvm.javaVersion = "21.0.7";
        jvm.majorVersion = 21;
        jvm.javaHome = "/jdks/controller";
        jvm.compiler = "C2 (HotSpot)";
        jvm.garbageCollector = "G1";
        io.queuelatency.result.FloorCell cell = new io.queuelatency.result.FloorCell();
        cell.jvm = jvm;
        cell.startedAt = String.format(java.util.Locale.ROOT, "2026-01-01T00:%02d:00Z", 2 * k);
        cell.finishedAt = String.format(java.util.Locale.ROOT, "2026-01-01T00:%02d:05Z", 2 * k);
        cell.producerCpu = 2;
        cell.consumerCpu = 3;
        cell.rate = 100_000;
        cell.floor = RunResultBuilder.floor(floor, 21.5, 6.25);
        Path floorDir = Files.createDirectories(dir.resolve(MatrixFiles.FLOOR_DIR).resolve(Integer.toString(k)));
        ResultJson.write(floorDir.resolve(MatrixFiles.FLOOR_JSON), cell);
    }

    /** CPUs 2 and 3, auto's, of {@code relation}: siblings only where it says so, the caches unknown beyond it. */
    private static io.queuelatency.result.CpuPair pair(io.queuelatency.result.CpuPair.Relation relation) {
        io.queuelatency.result.CpuPair b = new io.queuelatency.result.CpuPair();
        b.producerCpu = 2;
        b.consumerCpu = 3;
        b.relation = relation;
        b.smtSiblings = relation == io.queuelatency.result.CpuPair.Relation.SMT_SIBLINGS;
        b.samePackage = relation != io.queuelatency.result.CpuPair.Relation.ACROSS_SOCKETS;
        b.producerIsolated = true;
        b.consumerIsolated = true;
        b.why = "the first two isolated CPUs";
        return b;
    }

    public static void environment(Path dir, String cpuModel, String kernel) throws IOException {
        environment(dir, cpuModel, kernel, null);
    }

    private static void environment(Path dir, String cpuModel, String kernel, io.queuelatency.result.CpuPair pair)
            throws IOException {
        Host h = new Host();
        h.kernel = kernel;
        h.cpuModel = cpuModel;
        h.onlineCpuList = "0-3";
        h.onlineCpus = 4;
        h.isolatedCpuList = "2-3";
        h.queueFileSystemFreeBytes = 8L << 30;
        h.platform = new io.queuelatency.result.Platform("bare metal (no hypervisor flag)", "no vmx/svm visible",
                "tsc", 250, "always [madvise] never", "performance on 0-3");
        h.cpuPair = pair;
        ResultJson.write(dir.resolve(MatrixFiles.ENVIRONMENT_JSON), h);
    }

    private void cell(Path dir, CellId id, double scale, boolean invalid) throws IOException {
        Path cellDir = Files.createDirectories(dir.resolve(MatrixFiles.CELLS_DIR).resolve(id.toString()));
        Histogram intended = LatencyRecorder.newHistogram();
        Histogram actual = LatencyRecorder.newHistogram();
        Histogram inQueue = LatencyRecorder.newHistogram();
        Histogram floor = LatencyRecorder.newHistogram();
        try (IntervalLog log = new IntervalLog(cellDir.resolve(IntervalLog.FILE_NAME), 1_767_225_600_000L, "fixture")) {
            for (int second = 0; second < 10; second++) {
                Histogram i = LatencyRecorder.newHistogram();
                Histogram a = LatencyRecorder.newHistogram();
                Histogram q = LatencyRecorder.newHistogram();
                for (long k = 1; k <= 10_000; k++) {
                    double base =
                            1_000 + (k * 7919 % 1_000) + (k % 1_000 == 0 ? 49_000 : 0) + (k % 50 == 0 ? 4_000 : 0);
                    long v = Math.round(base * scale);
                    i.recordValue(v + 100);
                    a.recordValue(v);
                    q.recordValue(Math.round(v * 0.6)); // opening the write takes the rest
                    if (floorScale > 0 && second == 0) {
                        floor.recordValue(Math.max(1, Math.round(base * floorScale)));
                    }
                }
                i.setStartTimeStamp(1_767_225_600_000L + second * 1000L);
                i.setEndTimeStamp(1_767_225_601_000L + second * 1000L);
                a.setStartTimeStamp(i.getStartTimeStamp());
                a.setEndTimeStamp(i.getEndTimeStamp());
                q.setStartTimeStamp(i.getStartTimeStamp());
                q.setEndTimeStamp(i.getEndTimeStamp());
                log.append(Definition.INTENDED.tag(), i);
                log.append(Definition.ACTUAL.tag(), a);
                log.append(Definition.IN_QUEUE.tag(), q);
                intended.add(i);
                actual.add(a);
                inQueue.add(q);
            }
        }
        RunResultBuilder r = new RunResultBuilder().latency(intended, actual, inQueue);
        r.hostCheck = new HostFindings(Arrays.asList(
                new HostFindings.Finding(HostFindings.Severity.OK, "isolation", "isolated CPUs 2-3", ""),
                new HostFindings.Finding(HostFindings.Severity.WARN, "boost", "turbo/boost on", "turn boost off")));
        if (floorScale > 0 && floorCells == null) {
            r.floor = RunResultBuilder.floor(floor, 21.5, 6.25);
        }
        if (withTail) {
            r.tail = tail(r.build(), notJvmShareOf.getOrDefault(id.jvm, notJvmShare));
        }
        io.queuelatency.result.CpuPair.Relation rel = relationOf.getOrDefault(id.toString(), relation);
        r.cpuPair = rel == null ? null : pair(rel);
        r.maxSendLagNs = 1_250_000;
        r.lateSends = 12_345;
        r.gcCount = invalid ? 1 : 0;
        r.gcTimeMs = invalid ? 7 : 0;
        if (allocating) {
            r.workload = "com.example.Garbage";
            r.workloadAllocates = true;
            r.gcCount = id.run + 1;
            r.gcTimeMs = 3 * r.gcCount;
            r.gcPauses.add(new io.queuelatency.result.WindowFacts.Pauses("G1 Young Generation", r.gcCount,
                    r.gcTimeMs, 3));
        }
        if (profiledEvery > 0 && id.run % profiledEvery == 0) {
            r.profile = profile(cellDir, id.jvm);
        }
        RunResult result = r.build();
        ResultJson.write(cellDir.resolve(ResultFiles.RESULT_JSON), result);
        List<String> command = new ArrayList<>(Arrays.asList("/jdks/" + id.jvm + "/bin/java", "-cp",
                "queue-latency.jar", "io.queuelatency.QueuePerformance"));
        ResultJson.write(cellDir.resolve(MatrixFiles.CELL_JSON),
                new CellOutcome(id, invalid ? CellOutcome.Status.INVALID : CellOutcome.Status.VALID,
                invalid ? 3 : 0, invalid ? RunWords.joinedReasons(result.validity.invalidReasons) : null, 16.5,
                command));
    }

    private static io.queuelatency.result.Profile profile(Path cellDir, String jvm) throws IOException {
        io.queuelatency.result.Profile p = new io.queuelatency.result.Profile();
        p.slowLimit = "p99";
        p.slowNs = 50_000;
        p.intervalNs = 1_000_000;
        p.slowMessages = 1_000;
        p.slowMessagesSampled = 10;
        p.slowSamples = 10;
        p.typicalSamples = 9_990;
        p.windowNs = 10_000_000_000L;
        Path dir = Files.createDirectories(cellDir.resolve(io.queuelatency.result.Profile.DIR));
        Files.write(dir.resolve(io.queuelatency.result.Profile.SLOW + io.queuelatency.result.Profile.COLLAPSED),
                ("[consumer];Consumer.run;" + jvm + ".slow 10\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Files.write(dir.resolve(io.queuelatency.result.Profile.TYPICAL + io.queuelatency.result.Profile.COLLAPSED),
                ("[producer];Producer.run;" + jvm + ".send 9990\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return p;
    }

    private static io.queuelatency.result.Tail tail(RunResult r, double notJvmShare) {
        List<io.queuelatency.result.Tail.Beyond> beyond = new ArrayList<>();
        for (io.queuelatency.result.Percentile p : Analysis.TAIL_PERCENTILES) {
            long samples = r.latency(Definition.INTENDED).at(p).beyond;
            Map<io.queuelatency.result.Tail.Cause, Long> causes =
                    new java.util.EnumMap<>(io.queuelatency.result.Tail.Cause.class);
            causes.put(io.queuelatency.result.Tail.Cause.CONSUMER_STALL, samples * 6 / 10);
            causes.put(io.queuelatency.result.Tail.Cause.PRODUCER_STALL, samples * 3 / 10);
            causes.put(io.queuelatency.result.Tail.Cause.NONE, samples - samples * 6 / 10 - samples * 3 / 10);
            io.queuelatency.result.Tail.Beyond b = new io.queuelatency.result.Tail.Beyond();
            b.percentile = p;
            b.valueNs = r.latency(Definition.INTENDED).ns(p);
            b.samples = samples;
            b.matched = samples;
            b.byCause = causes;
            b.notJvm = notJvmShare < 0 ? -1 : Math.round(samples * notJvmShare);
            beyond.add(b);
        }
        io.queuelatency.result.Tail t = new io.queuelatency.result.Tail();
        io.queuelatency.result.ThreadStalls none = new io.queuelatency.result.ThreadStalls();
        none.thresholdNs = 5_000;
        none.reads = 1;
        t.producer = none;
        t.consumer = t.producer;
        t.jvmEventSource = "test";
        t.jvmEventsRecorded = true;
        t.keptFloorNs = 2_000;
        t.beyond = beyond;
        io.queuelatency.result.TailEvidence e = new io.queuelatency.result.TailEvidence();
        e.level = io.queuelatency.result.TailEvidence.KERNEL_TRACE; // only a traced run tells what is not the JVM's
        e.detail = "the fixture's";
        t.evidence = e;
        return t;
    }
}
