package io.queuelatency.study;

import io.queuelatency.cli.DurationConverter;
import io.queuelatency.cli.UsageError;
import io.queuelatency.matrix.MatrixConfig;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import io.queuelatency.result.SlowLimit;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
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

    @Option(names = "--profile", paramLabel = "SLOW", arity = "0..1", fallbackValue = SlowLimit.DEFAULT,
            description = "Add a profiled run after every two runs of each JVM (--profile of a run: its slow messages' "
                    + "stacks and the rest's); SLOW as there (default: p99). In place of the file's profile.")
    public String profile;

    @Option(names = "--profile-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "The profiled runs' --profile-interval (overrides the file's profileInterval).")
    public Long profileIntervalNs;

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

    /** The given options over the file's settings, by name; the settings check them when built. */
    public SettingsBuilder over(SettingsBuilder s) {
        given(durationNs, s::durationNs);
        given(warmupNs, s::warmupNs); // entries' own warm-ups stand: what that JVM needs (Graal compiles slowly)
        given(rate, r -> s.rate(r).rates(null));
        given(producerCpu, s::producerCpu);
        given(consumerCpu, s::consumerCpu);
        given(kernelTrace, s::kernelTrace);
        given(profile, s::profile);
        given(profileIntervalNs, s::profileIntervalNs);
        given(jvmOptions, s::jvmOptions);
        given(size, z -> s.size(z).sizes(null));
        given(runs, r -> s.runs(runs(r)));
        given(timeBudgetNs, s::timeBudgetNs);
        return s;
    }

    /** An option's value to its setting, where the option was given. */
    public static <T> void given(T value, Consumer<T> setting) {
        if (value != null) {
            setting.accept(value);
        }
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
            List<String> ids = matrix.variants.stream().map(v -> v.id).collect(Collectors.toList());
            known("--variants", variants, ids, "variant in " + matrix.source, ids.isEmpty()
                    ? " (it has no variants: list)" : " (variants: " + String.join(", ", ids) + ")");
            matrix = matrix.onlyVariants(variants);
        }
        if (only != null) {
            List<String> ids = matrix.jvms.stream().map(e -> e.id).collect(Collectors.toList());
            known("--only", only, ids, "entry in " + matrix.source, " (entries: " + String.join(", ", ids) + ")");
            return matrix.only(only);
        }
        return matrix;
    }

    private static void known(String option, List<String> given, List<String> ids, String what, String listed) {
        for (String id : given) {
            if (!ids.contains(id)) {
                throw new UsageError(option + " " + id + ": no such " + what + listed);
            }
        }
    }
}
