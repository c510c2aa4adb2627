package io.queuelatency.report;

import io.queuelatency.result.BadInputException;
import io.queuelatency.result.Definition;
import io.queuelatency.result.Environment;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.ResultFiles;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.Comparison;
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
 * compare A B: two matrix reports (JVM by JVM), or two single runs (or two sets of runs), percentile by
 * percentile: B's change against A with its 95% interval, and a verdict. It says loudly when A and B were
 * measured on different hosts or with different settings, and which ones differ. The rows are rendered by
 * {@link CompareMarkdown} and {@link CompareJson}.
 */
public final class Comparer {
    /** What must match for a comparison to be about the JVM and not the host or the load. */
    static final List<String> FACTS = Arrays.asList("hostname", "cpuModel", "kernel", "isolatedCpus", "rate", "size", "pinnedCpus");

    /** B against A at one percentile. */
    public enum Verdict {
        IMPROVED("improved"), REGRESSED("regressed"), UNCHANGED("unchanged"), TOO_FEW_SAMPLES("too few samples");

        public final String text;

        Verdict(String text) {
            this.text = text;
        }

        static Verdict of(Comparison.Outcome o) {
            switch (o) {
                case FIRST_FASTER:
                    return IMPROVED;
                case SECOND_FASTER:
                    return REGRESSED;
                case TOO_FEW_SAMPLES:
                    return TOO_FEW_SAMPLES;
                default:
                    return UNCHANGED;
            }
        }
    }

    /** One row: a JVM (or "A -> B" when the two sides name it differently), a percentile, both values and the verdict. */
    public static final class Row {
        public final String jvm;
        public final Percentile percentile;
        public final long aNs;
        public final long bNs;
        /** B / A, with its 95% interval (NaN where there is none). */
        public final double ratio;
        public final double low;
        public final double high;
        public final Verdict verdict;
        public final String method;

        Row(String jvm, Percentile percentile, long aNs, long bNs, Comparison c) {
            this.jvm = jvm;
            this.percentile = percentile;
            this.aNs = aNs;
            this.bNs = bNs;
            this.ratio = c.ratio;
            this.low = c.low;
            this.high = c.high;
            this.verdict = Verdict.of(c.outcome);
            this.method = c.method;
        }
    }

    /** One side: runs per JVM id, and the facts of where and how they were measured. */
    static final class Side {
        final Path dir;
        final Map<String, List<Estimate.Run>> runs = new LinkedHashMap<>();
        final Map<String, String> facts = new LinkedHashMap<>();

        Side(Path dir) {
            this.dir = dir;
        }

        void fact(String name, Object value) {
            if (value != null) {
                facts.put(name, String.valueOf(value));
            }
        }
    }

    public final Side a;
    public final Side b;
    public final List<String> differences;
    public final List<Row> rows;

    private Comparer(Side a, Side b, List<String> differences, List<Row> rows) {
        this.a = a;
        this.b = b;
        this.differences = Collections.unmodifiableList(differences);
        this.rows = Collections.unmodifiableList(rows);
    }

    public static Comparer of(Path a, Path b) {
        Side sa = load(a);
        Side sb = load(b);
        List<String> differences = new ArrayList<>();
        for (String fact : FACTS) {
            String va = sa.facts.get(fact);
            String vb = sb.facts.get(fact);
            if (va != null && vb != null && !va.equals(vb)) {
                differences.add(fact + ": A " + va + ", B " + vb);
            }
        }
        return new Comparer(sa, sb, differences, compare(sa, sb));
    }

    public String markdown() {
        return CompareMarkdown.render(this);
    }

    /** Writes compare.md and compare.json into {@code dir}. */
    public void writeTo(Path dir) throws java.io.IOException {
        CompareJson.writeBoth(this, dir);
    }

    static Side load(Path dir) {
        Side side = new Side(dir);
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": no such directory");
        }
        if (Files.isRegularFile(dir.resolve(MatrixPlan.FILE_NAME))) {
            MatrixData data = MatrixData.load(dir);
            for (MatrixPlan.Jvm j : data.comparableJvms()) {
                side.runs.put(j.id, data.statisticRuns(j));
            }
            Environment e = data.environment;
            if (e != null) {
                side.fact("hostname", e.hostname);
                side.fact("cpuModel", e.cpuModel);
                side.fact("kernel", e.kernel);
                side.fact("isolatedCpus", e.isolatedCpus);
            }
            side.fact("rate", data.plan.settings.rate);
            side.fact("size", data.plan.settings.size);
            for (List<Estimate.Run> runs : side.runs.values()) {
                side.fact("pinnedCpus", pinned(runs.get(0).result));
                break;
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
        side.runs.computeIfAbsent(id, k -> new ArrayList<>()).add(new Estimate.Run(r, dir));
        side.fact("hostname", r.host.hostname);
        side.fact("cpuModel", r.host.cpuModel);
        side.fact("kernel", r.host.kernel);
        side.fact("isolatedCpus", r.host.isolatedCpuList);
        side.fact("rate", r.config.ratePerSecond);
        side.fact("size", r.config.messageSize);
        side.fact("pinnedCpus", pinned(r));
    }

    private static String pinned(RunResult r) {
        return r.config.producerCpu + "," + r.config.consumerCpu;
    }

    private static List<Row> compare(Side a, Side b) {
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
            throw new BadInputException("A and B have no JVM in common (A: " + a.runs.keySet() + ", B: " + b.runs.keySet() + ")");
        }
        List<Row> rows = new ArrayList<>();
        for (String[] pair : pairs) {
            for (Percentile p : Percentile.belowWorst()) {
                Estimate ea = Estimate.of(a.runs.get(pair[0]), Definition.INTENDED, p);
                Estimate eb = Estimate.of(b.runs.get(pair[1]), Definition.INTENDED, p);
                rows.add(new Row(pair[0].equals(pair[1]) ? pair[0] : pair[0] + " -> " + pair[1], p, Math.round(ea.value),
                        Math.round(eb.value), eb.compareTo(ea)));
            }
        }
        return rows;
    }
}
