package io.queuelatency.report;

import io.queuelatency.cli.UsageError;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Percentiles;
import io.queuelatency.result.ResultFiles;
import io.queuelatency.result.RunResult;
import io.queuelatency.stats.Comparison;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * compare A B: two matrix reports (JVM by JVM), or two single runs (or two sets of runs), percentile by
 * percentile: B's change against A with its 95% interval, and a verdict. It says loudly when A and B were
 * measured on different hosts or with different settings, and which ones differ.
 */
public final class Comparer {
    /** What must match for a comparison to be about the JVM and not the host or the load. */
    static final List<String> FACTS = Arrays.asList("hostname", "cpuModel", "kernel", "isolatedCpus", "rate", "size", "pinnedCpus");

    /** One side: runs per JVM id, and the facts of where and how they were measured. */
    static final class Side {
        final Path dir;
        final Map<String, List<Estimate.Run>> runs = new LinkedHashMap<>();
        final Map<String, String> facts = new LinkedHashMap<>();

        Side(Path dir) {
            this.dir = dir;
        }
    }

    public final Side a;
    public final Side b;
    public final List<String> differences = new ArrayList<>();
    public final List<Map<String, Object>> rows = new ArrayList<>();

    private Comparer(Side a, Side b) {
        this.a = a;
        this.b = b;
    }

    public static Comparer of(Path a, Path b) throws IOException {
        Comparer c = new Comparer(load(a), load(b));
        for (String fact : FACTS) {
            String va = c.a.facts.get(fact);
            String vb = c.b.facts.get(fact);
            if (va != null && vb != null && !va.equals(vb)) {
                c.differences.add(fact + ": A " + va + ", B " + vb);
            }
        }
        c.compare();
        return c;
    }

    static Side load(Path dir) throws IOException {
        Side side = new Side(dir);
        if (Files.isRegularFile(dir.resolve(MatrixPlan.FILE_NAME))) {
            MatrixData data = MatrixData.load(dir);
            for (MatrixPlan.Jvm j : data.comparableJvms()) {
                side.runs.put(j.id, data.statisticRuns(j));
            }
            for (Map.Entry<String, Object> e : data.environment.entrySet()) {
                side.facts.put(e.getKey(), String.valueOf(e.getValue()));
            }
            side.facts.put("rate", Long.toString(data.plan.settings.rate));
            side.facts.put("size", Integer.toString(data.plan.settings.size));
            for (List<Estimate.Run> runs : side.runs.values()) {
                side.facts.put("pinnedCpus", pinned(runs.get(0).result));
                break;
            }
        } else if (Files.isRegularFile(dir.resolve(ResultFiles.RESULT_JSON))) {
            addRun(side, dir);
        } else {
            File[] runDirs = dir.toFile().listFiles(f -> new File(f, ResultFiles.RESULT_JSON).isFile());
            if (runDirs == null || runDirs.length == 0) {
                throw new UsageError(dir + " is neither a run (result.json) nor a matrix report (matrix.json)");
            }
            Arrays.sort(runDirs);
            for (File run : runDirs) {
                addRun(side, run.toPath());
            }
        }
        if (side.runs.isEmpty()) {
            throw new UsageError(dir + " has no valid run to compare");
        }
        return side;
    }

    private static void addRun(Side side, Path dir) throws IOException {
        RunResult r = ResultFiles.read(dir);
        if (!r.valid) {
            return;
        }
        String id = "jdk" + r.jvm.majorVersion;
        side.runs.computeIfAbsent(id, k -> new ArrayList<>()).add(new Estimate.Run(r, dir));
        side.facts.put("hostname", r.host.hostname);
        side.facts.put("cpuModel", r.host.cpuModel);
        side.facts.put("kernel", r.host.kernel);
        side.facts.put("isolatedCpus", r.host.isolatedCpuList);
        side.facts.put("rate", Long.toString(r.config.ratePerSecond));
        side.facts.put("size", Integer.toString(r.config.messageSize));
        side.facts.put("pinnedCpus", pinned(r));
    }

    private static String pinned(RunResult r) {
        return r.config.producerCpu + "," + r.config.consumerCpu;
    }

    private void compare() throws IOException {
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
            throw new UsageError("A and B have no JVM in common (A: " + a.runs.keySet() + ", B: " + b.runs.keySet() + ")");
        }
        for (String[] pair : pairs) {
            for (int i = 0; i < Percentiles.REPORTED.length - 1; i++) {
                Estimate ea = Estimate.of(a.runs.get(pair[0]), "intended", i);
                Estimate eb = Estimate.of(b.runs.get(pair[1]), "intended", i);
                Comparison c = eb.compareTo(ea);
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("jvm", pair[0].equals(pair[1]) ? pair[0] : pair[0] + " -> " + pair[1]);
                row.put("percentile", Percentiles.label(Percentiles.REPORTED[i]));
                row.put("aNs", Math.round(ea.value));
                row.put("bNs", Math.round(eb.value));
                row.put("changePercent", round(100 * (c.ratio - 1)));
                row.put("lowPercent", round(100 * (c.low - 1)));
                row.put("highPercent", round(100 * (c.high - 1)));
                row.put("verdict", verdict(c.outcome));
                row.put("method", c.method);
                rows.add(row);
            }
        }
    }

    private static Double round(double v) {
        return Double.isNaN(v) ? null : Math.round(v * 10) / 10.0;
    }

    static String verdict(Comparison.Outcome o) {
        switch (o) {
            case FIRST_FASTER:
                return "improved";
            case SECOND_FASTER:
                return "regressed";
            case TOO_FEW_SAMPLES:
                return "too few samples";
            default:
                return "unchanged";
        }
    }

    public String markdown() {
        Markdown md = new Markdown();
        md.line("# Comparison");
        md.line();
        md.line("A: `" + a.dir + "`");
        md.line();
        md.line("B: `" + b.dir + "`");
        md.line();
        if (differences.isEmpty()) {
            md.line("Same host and settings: " + String.join(", ", FACTS) + " all match.");
        } else {
            md.line("**WARNING: A and B were measured on different hosts or with different settings; a change below may be the host's, not the JVM's.** Differences:");
            md.line();
            for (String d : differences) {
                md.line("- " + d);
            }
        }
        md.line();
        md.line("Intended latency, ns; change = B against A, with its 95% interval; improved or regressed only where the interval excludes 0.");
        md.line();
        md.row("JVM", "percentile", "A", "B", "change", "95% interval", "verdict", "method");
        md.rule(8);
        for (Map<String, Object> r : rows) {
            Object lo = r.get("lowPercent");
            md.row(String.valueOf(r.get("jvm")), String.valueOf(r.get("percentile")), String.format(Locale.ROOT, "%,d", (Long) r.get("aNs")),
                    String.format(Locale.ROOT, "%,d", (Long) r.get("bNs")), String.format(Locale.ROOT, "%+.1f%%", (Double) r.get("changePercent")),
                    lo == null ? "-" : String.format(Locale.ROOT, "[%+.1f%%, %+.1f%%]", (Double) lo, (Double) r.get("highPercent")),
                    String.valueOf(r.get("verdict")), String.valueOf(r.get("method")));
        }
        return md.toString();
    }

    public Map<String, Object> json() {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("a", a.dir.toString());
        j.put("b", b.dir.toString());
        j.put("sameHostAndSettings", differences.isEmpty());
        j.put("differences", differences);
        j.put("rows", rows);
        return j;
    }
}
