package io.queuelatency;

import io.queuelatency.report.Comparer;
import io.queuelatency.result.ExitCode;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code compare A B}: B against A, percentile by percentile, with intervals and verdicts. Runs nothing. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compares two matrix reports (JVM by JVM) or two runs: per percentile the change of B against A, "
                + "its 95% interval and a verdict (improved, regressed, unchanged). Warns when host or settings differ.")
final class Compare implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A", description = "The baseline: a run directory or a matrix report directory.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The one compared with it.")
    Path b;

    @Option(names = "--output", paramLabel = "DIR", description = "Also write compare.md and compare.json there.")
    Path output;

    @Override
    public Integer call() throws Exception {
        Comparer c = Comparer.of(a, b);
        String md = c.markdown();
        System.out.print(md);
        if (output != null) {
            c.writeTo(OutputDirs.create("--output", output));
        }
        return ExitCode.OK.code;
    }
}
