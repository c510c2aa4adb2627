package io.queuelatency;

import io.queuelatency.cli.OutputDirs;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.Comparer;
import io.queuelatency.exit.BadInputException;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.files.Format;
import io.queuelatency.report.CompareMarkdown;
import io.queuelatency.report.Formats;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code compare A B}: B against A, percentile by percentile, with intervals and verdicts. Runs nothing. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compares two matrix reports (JVM by JVM) or two sets of runs: per percentile the change of B "
                + "against A, its interval and a verdict (improved, regressed, equivalent, cannot tell), with the "
                + "error controlled across all percentiles. Warns when host or settings differ. Exits 3 when a "
                + "percentile regressed beyond the margin.")
final class Compare implements Callable<Integer> {
    @Parameters(arity = "1..2", paramLabel = "DIR", description = "A then B: the baseline (a run directory or a matrix "
            + "report directory) and the one compared with it; with --baseline, only B.")
    java.util.List<Path> dirs;

    @Option(names = "--baseline", paramLabel = "DIR",
            description = "The baseline (A), named: compare --baseline DIR B, as a CI gate reads.")
    Path baseline;

    @Option(names = "--output", paramLabel = "DIR", description = "Also write compare.md and compare.json there.")
    Path output;

    @Option(names = "--margin", paramLabel = "PERCENT", defaultValue = Analysis.DEFAULT_MARGIN_PERCENT + "%",
            converter = io.queuelatency.cli.Margins.class,
            description = "Changes within this much either way are equivalent; a regression beyond it exits 3 "
                    + "(default: ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--exit-zero", description = "Exit 0 even when a percentile regressed (the report still says so).")
    boolean exitZero;

    @Override
    public Integer call() throws Exception {
        if (dirs.size() != (baseline == null ? 2 : 1)) {
            throw new io.queuelatency.exit.BadInputException(baseline == null
                    ? "compare takes two directories, A then B (or --baseline A and B)"
                    : "compare --baseline A takes one more directory, B; got " + dirs.size());
        }
        Path a = baseline != null ? baseline : dirs.get(0);
        Path b = dirs.get(dirs.size() - 1);
        Comparer c = Comparer.of(a, b, margin);
        System.out.print(CompareMarkdown.render(c));
        if (output != null) {
            Format.writeAll(c, OutputDirs.create("--output", output), Formats.COMPARE);
        }
        return c.regressed() && !exitZero ? ExitCode.NOT_VALID.code : ExitCode.OK.code;
    }
}
