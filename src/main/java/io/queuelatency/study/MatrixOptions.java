package io.queuelatency.study;

import io.queuelatency.cli.DurationConverter;
import io.queuelatency.cli.UsageError;
import io.queuelatency.matrix.MatrixConfig;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options a matrix and a capacity search share (a picocli mixin of both): which JVMs, what each cell runs, where
 * the report goes and how long it may take. Each given one overrides jvm-matrix.yaml's setting.
 */
public final class MatrixOptions {
    @Option(names = "--config", paramLabel = "FILE",
            description = "The matrix (default: jvm-matrix.yaml beside run-matrix.sh).")
    public Path config;

    @Option(names = "--only", paramLabel = "ID,ID", split = ",", description = "Run only these entries.")
    public List<String> only;

    @Option(names = "--variants", paramLabel = "ID,ID", split = ",",
            description = "Run only these variants of the file's variants: list.")
    public List<String> variants;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Measured window per cell (overrides the file).")
    public Long durationNs;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm-up per cell (overrides the file's settings; an entry's own longer warm-up, e.g. "
                    + "GraalVM's, still applies).")
    public Long warmupNs;

    @Option(names = "--rate", paramLabel = "MSG/S",
            description = "Messages per second (overrides the file); a capacity search starts there.")
    public Long rate;

    @Option(names = "--size", paramLabel = "BYTES", description = "Bytes per message (overrides the file).")
    public Integer size;

    @Option(names = "--plan", description = "Show every cell (a capacity search: its most steps) and the total time, "
            + "then stop: runs nothing.")
    public boolean planOnly;

    @Option(names = "--time-budget", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "The most time the matrix may take: --runs auto starts no round past it (counted as wall "
                    + "time from the first cell's start, the reports rebuilt between cells included); a fixed "
                    + "plan that would take longer is refused; a capacity search starts no step past it (default: "
                    + "with --runs auto the time " + MatrixPlan.AutoPlan.BUDGET_ROUNDS + " rounds of every JVM "
                    + "take, and a tenth more; else 6h).")
    public Long timeBudgetNs;

    /** The old name of --time-budget: refused by {@link #refuseOldNames}, with one line naming the new one. */
    @Option(names = "--budget", paramLabel = "DURATION", hidden = true)
    public String oldBudget;

    @Option(names = "--runs", paramLabel = "N|auto",
            description = "Runs per JVM, each a fresh JVM (overrides the file): a number, or auto (the default): "
                    + "rounds of one run of each JVM not yet decided until each comparison is decided or "
                    + "--time-budget is spent (a capacity search: runs per step; auto there is "
                    + MatrixPlan.AutoPlan.FIXED_RUNS + ").")
    public String runs;

    @Option(names = "--producer-cpu", paramLabel = "CPU",
            description = "The producer's CPU for every cell (overrides the file).")
    public Integer producerCpu;

    @Option(names = "--consumer-cpu", paramLabel = "CPU",
            description = "The consumer's CPU for every cell (overrides the file).")
    public Integer consumerCpu;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An option for every JVM, repeatable, in place of the file's jvmOptions; write "
                    + "--jvm-option=-XX:+UseZGC.")
    public List<String> jvmOptions;

    @Option(names = "--kernel-trace", paramLabel = "auto|on|off",
            description = "Every cell's --kernel-trace, in place of the file's kernelTrace (default: auto).")
    public String kernelTrace;

    @Option(names = "--output", paramLabel = "DIR",
            description = "New directory for the report (default: reports/<yyyyMMdd-HHmmss>-matrix, or -capacity).")
    public Path output;

    /** An option by its old name: one line naming the new one. */
    public void refuseOldNames() {
        if (oldBudget != null) {
            throw new UsageError("--budget is now --time-budget, the most machine time the matrix may take: give "
                    + "--time-budget " + oldBudget);
        }
    }

    /** Whether any of these was given (a resumed matrix takes its own). */
    public boolean anyGiven() {
        return config != null || only != null || variants != null || durationNs != null || warmupNs != null
                || rate != null || size != null || planOnly || runs != null || timeBudgetNs != null
                || producerCpu != null || consumerCpu != null || jvmOptions != null || kernelTrace != null
                || output != null;
    }

    /** The given options over the file's settings, by name; the settings check them when built. */
    public Settings.Builder over(Settings.Builder s) {
        if (durationNs != null) {
            s.durationNs(durationNs);
        }
        if (warmupNs != null) {
            s.warmupNs(warmupNs); // entries' own warm-ups stand: they say what that JVM needs (Graal compiles slowly)
        }
        if (rate != null) {
            s.rate(rate).rates(null);
        }
        if (producerCpu != null) {
            s.producerCpu(producerCpu);
        }
        if (consumerCpu != null) {
            s.consumerCpu(consumerCpu);
        }
        if (kernelTrace != null) {
            s.kernelTrace(kernelTrace);
        }
        if (jvmOptions != null) {
            s.jvmOptions(jvmOptions);
        }
        if (size != null) {
            s.size(size).sizes(null);
        }
        if (runs != null) {
            s.runs(runs(runs));
        }
        if (timeBudgetNs != null) {
            s.timeBudgetNs(timeBudgetNs);
        }
        return s;
    }

    /** --runs N or auto: the number, or null for auto; anything else is a usage error. */
    static Integer runs(String given) {
        if (Settings.AUTO.equals(given)) {
            return null;
        }
        try {
            return Integer.valueOf(given);
        } catch (NumberFormatException e) {
            throw new UsageError("--runs " + given + ": give a number of runs per JVM, or auto");
        }
    }

    /** --variants and --only applied to the file's entries; an id the file does not have is a usage error. */
    public MatrixConfig select(MatrixConfig matrix) {
        if (variants != null) {
            List<String> ids = new ArrayList<>();
            for (MatrixConfig.Variant v : matrix.variants) {
                ids.add(v.id);
            }
            for (String id : variants) {
                if (!ids.contains(id)) {
                    throw new UsageError("--variants " + id + ": no such variant in " + matrix.source
                            + (ids.isEmpty() ? " (it has no variants: list)"
                            : " (variants: " + String.join(", ", ids) + ")"));
                }
            }
            matrix = matrix.onlyVariants(variants);
        }
        if (only != null) {
            List<String> ids = new ArrayList<>();
            for (MatrixConfig.Entry e : matrix.jvms) {
                ids.add(e.id);
            }
            for (String id : only) {
                if (!ids.contains(id)) {
                    throw new UsageError("--only " + id + ": no such entry in " + matrix.source + " (entries: "
                            + String.join(", ", ids) + ")");
                }
            }
            return matrix.only(only);
        }
        return matrix;
    }
}
