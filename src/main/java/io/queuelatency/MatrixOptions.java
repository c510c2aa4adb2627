package io.queuelatency;

import io.queuelatency.cli.DurationConverter;
import io.queuelatency.cli.UsageError;
import io.queuelatency.matrix.MatrixConfig;
import io.queuelatency.result.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options a matrix and a capacity search share (a picocli mixin of both): which JVMs, what each cell runs, where
 * the report goes and how long it may take. Each given one overrides jvm-matrix.yaml's setting.
 */
final class MatrixOptions {
    @Option(names = "--config", paramLabel = "FILE",
            description = "The matrix (default: jvm-matrix.yaml beside run-matrix.sh).")
    Path config;

    @Option(names = "--only", paramLabel = "ID,ID", split = ",", description = "Run only these entries.")
    List<String> only;

    @Option(names = "--variants", paramLabel = "ID,ID", split = ",",
            description = "Run only these variants of the file's variants: list.")
    List<String> variants;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Measured window per cell (overrides the file).")
    Long durationNs;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm-up per cell (overrides the file's settings; an entry's own longer warm-up, e.g. "
                    + "GraalVM's, still applies).")
    Long warmupNs;

    @Option(names = "--rate", paramLabel = "MSG/S",
            description = "Messages per second (overrides the file); a capacity search starts there.")
    Long rate;

    @Option(names = "--size", paramLabel = "BYTES", description = "Bytes per message (overrides the file).")
    Integer size;

    @Option(names = "--plan", description = "Show every cell (a capacity search: its most steps) and the total time, "
            + "then stop: runs nothing.")
    boolean planOnly;

    @Option(names = "--budget", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "6h",
            description = "The time allowed: a matrix that would take longer is refused; a capacity search starts no "
                    + "step that would pass it and reports what it found (default: ${DEFAULT-VALUE}).")
    long budgetNs;

    @Option(names = "--runs", paramLabel = "N",
            description = "Runs per JVM (a capacity search: per step), each a fresh JVM (overrides the file).")
    Integer runs;

    @Option(names = "--producer-cpu", paramLabel = "CPU",
            description = "The producer's CPU for every cell (overrides the file).")
    Integer producerCpu;

    @Option(names = "--consumer-cpu", paramLabel = "CPU",
            description = "The consumer's CPU for every cell (overrides the file).")
    Integer consumerCpu;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An option for every JVM, repeatable, in place of the file's jvmOptions; write "
                    + "--jvm-option=-XX:+UseZGC.")
    List<String> jvmOptions;

    @Option(names = "--kernel-trace", paramLabel = "auto|on|off",
            description = "Every cell's --kernel-trace, in place of the file's kernelTrace (default: auto).")
    String kernelTrace;

    @Option(names = "--output", paramLabel = "DIR",
            description = "New directory for the report (default: reports/<yyyyMMdd-HHmmss>-matrix, or -capacity).")
    Path output;

    /** Whether any of these was given (a resumed matrix takes its own). */
    boolean anyGiven() {
        return config != null || only != null || variants != null || durationNs != null || warmupNs != null
                || rate != null || size != null
                || planOnly || runs != null || producerCpu != null || consumerCpu != null || jvmOptions != null
                || kernelTrace != null
                || output != null;
    }

    /** The given options over the file's settings, by name; the settings check them when built. */
    Settings.Builder over(Settings.Builder s) {
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
            s.runs(runs);
        }
        return s;
    }

    /** --variants and --only applied to the file's entries; an id the file does not have is a usage error. */
    MatrixConfig select(MatrixConfig matrix) {
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
