package io.queuelatency.wings.fleet;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.json.FingerprintJson;
import io.queuelatency.result.Host;
import io.queuelatency.result.Fingerprint;
import io.queuelatency.store.MatrixFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A fleet's directory as stored (docs/fleet.md): one directory per host holding its matrix report and fingerprint; a
 * directory without a matrix is a host's where it holds failed.txt, skipped.txt, or a file the playbook writes first.
 */
public final class FleetData {
    public static final String FAILED_TXT = "failed.txt";
    public static final String SKIPPED_TXT = "skipped.txt";
    /** The files the playbook writes into a host's directory before its matrix ends. */
    public static final List<String> PLAYBOOK_FILES = Collections.unmodifiableList(java.util.Arrays.asList(
            "check-host.txt", "fingerprint.json", "share.txt", "matrix-begun.txt", "job.txt"));
    public static final String MATRIX_DIR = "matrix";

    public static final class HostDir {
        public final String name;
        public final Path dir;
        /** Its matrix report; null where it has none. */
        public final MatrixData data;
        /** Null where it has no report. */
        public final Fingerprint fingerprint;
        /** Why it has no (whole) report, as failed.txt says; null where it has none. */
        public final String failed;
        /** The one line of its corrupt report (the file named); null where it read. */
        public final String corrupt;
        /** Its matrix alone, every slice together: its own floor, which pooling checks; null where it has no report. */
        public final Analysis alone;
        /** Why the playbook did not measure it, as skipped.txt says; null where it did not skip it. */
        public final String skipped;
        /** No report, no failed.txt, no skipped.txt, but files the playbook writes first: it did not finish there. */
        public final boolean unfinished;

        HostDir(Path dir, Analysis alone, Fingerprint fingerprint, String failed, String corrupt) {
            this.name = dir.getFileName().toString();
            this.dir = dir;
            this.alone = alone;
            this.data = alone == null ? null : alone.data;
            this.fingerprint = fingerprint;
            this.failed = failed;
            this.corrupt = corrupt;
            this.skipped = alone == null && Files.isRegularFile(dir.resolve(SKIPPED_TXT))
                    ? firstLine(dir.resolve(SKIPPED_TXT)) : null;
            this.unfinished = alone == null && failed == null && corrupt == null && skipped == null;
        }

        public boolean reported() {
            return data != null;
        }

        java.util.TreeSet<Integer> runs() {
            return data.cells.stream().map(c -> c.id.run).collect(Collectors.toCollection(java.util.TreeSet::new));
        }
    }

    public final Path dir;
    public final List<HostDir> hosts;

    private FleetData(Path dir, List<HostDir> hosts) {
        this.dir = dir;
        this.hosts = Collections.unmodifiableList(hosts);
    }

    /** Every host of {@code dir}, none being bad input; a corrupt report is kept with its line. */
    public static FleetData load(Path dir, Double margin) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": no such directory, so no fleet to report on");
        }
        List<HostDir> hosts = new ArrayList<>();
        for (Path d : subdirectories(dir)) {
            Path matrix = matrixDir(d);
            boolean failed = Files.isRegularFile(d.resolve(FAILED_TXT));
            if (matrix == null && !failed && !Files.isRegularFile(d.resolve(SKIPPED_TXT)) && !playbookWrote(d)) {
                continue; // not a host's: the fleet's own files, or something else
            }
            hosts.add(host(d, matrix, failed ? firstLine(d.resolve(FAILED_TXT)) : null, margin));
        }
        if (hosts.isEmpty()) {
            throw new BadInputException(dir + ": no host's report there (a host is a directory <host>/ with its "
                    + "matrix in <host>/" + MATRIX_DIR + "/, as fleet/fleet.yml fetches it, or <host>/"
                    + FAILED_TXT + " saying why it has none, or the files the playbook writes first)");
        }
        return new FleetData(dir, hosts);
    }

    private static HostDir host(Path d, Path matrix, String failed, Double margin) {
        if (matrix == null) {
            return new HostDir(d, null, null, failed, null);
        }
        try {
            MatrixData data = MatrixData.load(matrix);
            if (data.plan.capacity != null) {
                return new HostDir(d, null, null, failed, matrix + ": a capacity search, not a matrix: a "
                        + "fleet's report compares JVMs at one rate");
            }
            // every estimate is made here, so that a corrupt file (a cell's latency.hlog) is found before the report
            Analysis alone = new Analysis(data, marginOf(data, margin));
            return new HostDir(d, alone, fingerprint(data, d), failed, null);
        } catch (BadInputException e) {
            return new HostDir(d, null, null, failed, e.getMessage());
        }
    }

    private static boolean playbookWrote(Path d) {
        return PLAYBOOK_FILES.stream().anyMatch(f -> Files.isRegularFile(d.resolve(f)));
    }

    /** The practical margin: as given, else the matrix's own, else the default. */
    public static double marginOf(MatrixData data, Double margin) {
        return margin != null ? margin : data.plan.settings.margin != null ? data.plan.settings.margin
                : Analysis.DEFAULT_MARGIN;
    }

    /** The host's matrix: {@code <host>/matrix/}, or {@code <host>/} itself; null where neither holds matrix.json. */
    static Path matrixDir(Path hostDir) {
        return java.util.stream.Stream.of(hostDir.resolve(MATRIX_DIR), hostDir)
                .filter(d -> Files.isRegularFile(d.resolve(MatrixFiles.MATRIX_JSON))).findFirst().orElse(null);
    }

    /** What the stored matrix says of its host, the rest from the matrix's or host's fingerprint.json. */
    static Fingerprint fingerprint(MatrixData data, Path hostDir) {
        Fingerprint f = new Fingerprint();
        Host env = data.environment;
        MatrixData.Cell firstCell = data.cells.stream().filter(c -> c.result != null).findFirst().orElse(null);
        if (env != null) {
            f.cpuModel = env.cpuModel;
            f.cpus = env.onlineCpus > 0 ? env.onlineCpus : null;
            f.kernel = env.kernel;
            f.isolatedCpus = env.isolatedCpuList;
            f.nohzFull = Fingerprint.nohzFullOf(env.kernelCommandLine);
            f.virtualisation = env.platform == null ? null : env.platform.virtualisation;
            f.clockSource = env.platform == null ? null : env.platform.clockSource;
        }
        if (firstCell != null) {
            f.producerCpu = firstCell.result.config.pinnedProducerCpu;
            f.consumerCpu = firstCell.result.config.pinnedConsumerCpu;
            f.relation = FingerprintJson.storedRelation(firstCell.dir.resolve("result.json"));
            if (f.isolatedCpus != null) {
                f.pairIsolated = Fingerprint.listHolds(f.isolatedCpus, f.producerCpu)
                        && Fingerprint.listHolds(f.isolatedCpus, f.consumerCpu);
            }
        }
        f.jdks = Fingerprint.jdksOf(data.plan);
        for (Path file : new Path[] {data.dir.resolve(FingerprintJson.FILE_NAME),
            hostDir.resolve(FingerprintJson.FILE_NAME)}) {
            if (Files.isRegularFile(file)) {
                f.fill(FingerprintJson.read(file));
            }
        }
        return f;
    }

    private static List<Path> subdirectories(Path dir) {
        String[] names = dir.toFile().list();
        return names == null ? new ArrayList<>() : java.util.Arrays.stream(names).sorted()
                .filter(name -> !name.startsWith(".")).map(dir::resolve).filter(Files::isDirectory)
                .collect(Collectors.toList());
    }

    private static String firstLine(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::trim).filter(l -> !l.isEmpty())
                    .findFirst().orElse("(" + file.getFileName() + " is empty)");
        } catch (IOException e) {
            return "(" + file.getFileName() + " cannot be read: " + e.getMessage() + ")";
        }
    }

    /** Whether the host counts as having no report: failed, not finished or corrupt (a host skipped does not). */
    public static boolean missing(HostDir h) {
        return h.skipped == null && (h.failed != null || !h.reported());
    }

    List<HostDir> hosts(java.util.function.Predicate<HostDir> which) {
        return hosts.stream().filter(which).collect(Collectors.toList());
    }
}
