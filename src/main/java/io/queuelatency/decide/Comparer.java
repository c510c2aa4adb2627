package io.queuelatency.decide;

import io.queuelatency.store.MatrixFiles;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Host;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.Holm;
import io.queuelatency.stats.MedianRatio;
import io.queuelatency.store.ResultFiles;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * compare A B: two matrix reports (JVM by JVM), or two runs or sets of runs, percentile by percentile: B's change
 * against A with its interval, and a verdict; and which facts of host and settings differ.
 */
public final class Comparer {
    /** What must match for a comparison to be about the JVM and not the host or the load. */
    public static final List<String> FACTS =
            Arrays.asList("hostname", "cpuModel", "kernel", "isolatedCpus", "rate", "size", "pinnedCpus");

    /** B against A at one percentile. */
    public enum Change {
        IMPROVED, REGRESSED, EQUIVALENT, CANNOT_TELL, TOO_FEW_RUNS;

        /** B is the test's first side. Named case by case: REGRESSED is what compare's exit 3 gates on. */
        public static Change of(MedianRatio t) {
            switch (t.outcome) {
                case FIRST_FASTER:
                    return IMPROVED;
                case SECOND_FASTER:
                    return REGRESSED;
                case EQUIVALENT:
                    return EQUIVALENT;
                default:
                    return CANNOT_TELL;
            }
        }
    }

    /** One row: a JVM (or "A -> B" when the two sides name it differently) at a percentile. */
    public static final class Row {
        public final String jvm;
        public final Percentile percentile;
        /** The report's estimates (median of the runs counted), ns. */
        public final double aNs;
        public final double bNs;
        /** B / A, the median of the run-to-run ratios, with its interval; untested: the estimates' ratio, NaN. */
        public final double ratio;
        public final double low;
        public final double high;
        public final Change verdict;
        /** Runs per side that would decide, at the spread seen; 0 when decided. */
        public final int runsNeeded;

        public Row(String jvm, Percentile percentile, Estimate a, Estimate b, MedianRatio t) {
            this.jvm = jvm;
            this.percentile = percentile;
            this.aNs = a.value;
            this.bNs = b.value;
            this.ratio = t == null ? b.value / a.value : t.ratio;
            this.low = t == null ? Double.NaN : t.low;
            this.high = t == null ? Double.NaN : t.high;
            this.verdict = t == null ? Change.TOO_FEW_RUNS : Change.of(t);
            this.runsNeeded = t == null ? 0 : t.runsNeeded;
        }
    }

    /** A fact of where or how the runs were measured ({@link #FACTS}) that A and B do not share, with both values. */
    public static final class Difference {
        public final String fact;
        public final String a;
        public final String b;

        Difference(String fact, String a, String b) {
            this.fact = fact;
            this.a = a;
            this.b = b;
        }
    }

    /** One side: runs per JVM id, and the facts of where and how they were measured. */
    public static final class Side {
        public final Path dir;
        public final Map<String, List<Estimate.StoredRun>> runs = new LinkedHashMap<>();
        public final Map<String, String> facts = new LinkedHashMap<>();

        public Side(Path dir) {
            this.dir = dir;
        }

        public void fact(String name, Object value) {
            if (value != null) {
                facts.put(name, String.valueOf(value));
            }
        }
    }

    public final Side a;
    public final Side b;
    public final List<Difference> differences;
    public final List<Row> rows;
    public final double margin;
    /** How many rows were tested: the error is controlled across them together. */
    public final int comparisons;

    private Comparer(Side a, Side b, List<Difference> differences, List<Row> rows, double margin, int comparisons) {
        this.a = a;
        this.b = b;
        this.differences = Collections.unmodifiableList(differences);
        this.rows = Collections.unmodifiableList(rows);
        this.margin = margin;
        this.comparisons = comparisons;
    }

    /**
     * True when some percentile regressed with its whole interval beyond 1 + margin: a point estimate beyond it is
     * not enough, the runs' spread puts one there often enough to fail builds for noise.
     */
    public boolean regressed() {
        return rows.stream().anyMatch(r -> r.verdict == Change.REGRESSED && r.low > 1 + margin);
    }

    public static Comparer of(Path a, Path b, double margin) {
        Side sa = load(a);
        Side sb = load(b);
        List<Difference> differences = new ArrayList<>();
        for (String fact : FACTS) {
            String va = sa.facts.get(fact);
            String vb = sb.facts.get(fact);
            if (va != null && vb != null && !va.equals(vb)) {
                differences.add(new Difference(fact, va, vb));
            }
        }
        List<String[]> pairs = pairs(sa, sb);
        int m = 0; // the comparisons tested: those with two runs or more on each side
        List<Estimate[]> estimates = new ArrayList<>();
        List<double[][]> runs = new ArrayList<>();
        for (String[] pair : pairs) {
            for (Percentile p : Percentile.belowWorst()) {
                Estimate[] e = {Estimate.of(sa.runs.get(pair[0]), Definition.HEADLINE, p),
                        Estimate.of(sb.runs.get(pair[1]), Definition.HEADLINE, p)};
                estimates.add(e);
                boolean tested = e[0].runs >= 2 && e[1].runs >= 2;
                m += tested ? 1 : 0;
                runs.add(tested ? new double[][] {e[1].runValues, e[0].runValues} : null);
            }
        }
        List<MedianRatio> tests = Holm.test(runs, m, MedianRatio.FAMILY_ALPHA, margin);
        List<Row> rows = new ArrayList<>();
        int n = 0;
        for (String[] pair : pairs) {
            for (Percentile p : Percentile.belowWorst()) {
                Estimate[] e = estimates.get(n);
                rows.add(new Row(pair[0].equals(pair[1]) ? pair[0] : pair[0] + " -> " + pair[1], p, e[0], e[1],
                        tests.get(n)));
                n++;
            }
        }
        return new Comparer(sa, sb, differences, rows, margin, m);
    }

    public static Side load(Path dir) {
        Side side = new Side(dir);
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": no such directory");
        }
        if (Files.isRegularFile(dir.resolve(MatrixFiles.MATRIX_JSON))) {
            MatrixData whole = MatrixData.load(dir);
            // A sweep compares slice by slice: "openjdk-21_zgc @ 64 B at 100,000 msg/s" is its own row.
            for (MatrixData.Slice slice : whole.slices()) {
                MatrixData data = whole.sweeps() ? whole.slice(slice) : whole;
                for (MatrixPlan.PlannedJvm j : data.comparableJvms()) {
                    side.runs.put(whole.sweeps() ? j.id + " @ " + slice.label() : j.id, data.statisticRuns(j));
                }
            }
            if (whole.environment != null) {
                hostFacts(side, whole.environment);
            }
            io.queuelatency.result.Settings s = whole.plan.settings;
            side.fact("rate", s.rates != null ? "swept " + s.rates : s.rate);
            side.fact("size", s.sizes != null ? "swept " + s.sizes : s.size);
            if (!side.runs.isEmpty()) {
                side.fact("pinnedCpus", pinned(side.runs.values().iterator().next().get(0).result));
            }
        } else if (ResultFiles.isRun(dir)) {
            addRun(side, dir);
        } else {
            File[] runDirs = dir.toFile().listFiles(f -> ResultFiles.isRun(f.toPath()));
            if (runDirs == null || runDirs.length == 0) {
                throw new BadInputException(dir + " is neither a run (result.json) nor a matrix report (matrix.json)");
            }
            Arrays.sort(runDirs);
            for (File run : runDirs) {
                addRun(side, run.toPath());
            }
        }
        if (side.runs.isEmpty()) {
            throw new BadInputException(dir + " has no valid run to compare");
        }
        return side;
    }

    private static void addRun(Side side, Path dir) {
        RunResult r = ResultFiles.read(dir);
        if (!r.valid()) {
            return;
        }
        String id = "jdk" + r.jvm.majorVersion;
        side.runs.computeIfAbsent(id, k -> new ArrayList<>())
                .add(new Estimate.StoredRun(dir.getFileName().toString(), r, dir));
        hostFacts(side, r.host);
        side.fact("rate", r.config.settings.rate);
        side.fact("size", r.config.settings.size);
        side.fact("pinnedCpus", pinned(r));
    }

    private static void hostFacts(Side side, Host h) {
        side.fact("hostname", h.hostname);
        side.fact("cpuModel", h.cpuModel);
        side.fact("kernel", h.kernel);
        side.fact("isolatedCpus", h.isolatedCpuList);
    }

    private static String pinned(RunResult r) {
        return r.config.pinnedProducerCpu + "," + r.config.pinnedConsumerCpu;
    }

    private static List<String[]> pairs(Side a, Side b) {
        List<String[]> pairs = new ArrayList<>();
        for (String id : a.runs.keySet()) {
            if (b.runs.containsKey(id)) {
                pairs.add(new String[] {id, id});
            }
        }
        if (pairs.isEmpty() && a.runs.size() == 1 && b.runs.size() == 1) {
            pairs.add(new String[] {a.runs.keySet().iterator().next(), b.runs.keySet().iterator().next()});
        }
        if (pairs.isEmpty()) {
            throw new BadInputException("A and B have no JVM in common (A: " + a.runs.keySet() + ", B: "
                    + b.runs.keySet() + ")");
        }
        return pairs;
    }
}
