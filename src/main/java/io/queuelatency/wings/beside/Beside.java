package io.queuelatency.wings.beside;

import io.queuelatency.cli.OutputDirs;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.files.Format;
import io.queuelatency.json.JsonNodes;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code beside TABLE DIR}: a published table beside ours, percentile by percentile, and how the setups differ. */
@Command(name = "beside", mixinStandardHelpOptions = true,
        description = "Puts a published latency table (a YAML file, as published/*.yaml), one run, beside where one "
                + "run of ours lands: per published percentile the median of our runs at the same definition with "
                + "their range, which holds one more run with probability (n-1)/(n+1) (one run: its interval from "
                + "its samples, weak in the tail), whether the published value lies inside, above or below it, and "
                + "the facts of the two hosts and setups that differ (CPU model, the pair's relation, isolation, "
                + "governor, turbo, message size, rate, definition, JVM). Runs nothing.")
public final class Beside implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TABLE",
            description = "The published table: a YAML file (docs/published.md).")
    Path table;

    @Parameters(index = "1", paramLabel = "DIR",
            description = "Ours: a run directory, a directory of runs (--runs N) or a matrix report directory.")
    Path dir;

    @Option(names = "--jvm", paramLabel = "ID",
            description = "Only this JVM of ours: a matrix's JVM id, or jdk<N> for runs (default: every one).")
    String jvm;

    @Option(names = "--output", paramLabel = "DIR", description = "Also write beside.md and beside.json there.")
    Path output;

    /** beside's files: beside.md, with every fact, and beside.json. */
    public static final List<Format<PublishedComparison>> FORMATS = Arrays.asList(
            Format.text(BesideMarkdown.FILE_NAME, BesideMarkdown::render),
            JsonNodes.format(BesideJson.FILE_NAME, BesideJson::render));

    @Override
    public Integer call() throws Exception {
        PublishedComparison c = PublishedComparison.of(PublishedTableReader.read(table), dir, jvm);
        Path written = output == null ? null : OutputDirs.create("--output", output);
        if (written != null) {
            Format.writeAll(c, written, FORMATS);
        }
        System.out.print(BesideWords.render(c, written == null
                ? "files:     none (--output DIR writes beside.md, with every fact, and beside.json)"
                : "files:     " + written.resolve(BesideMarkdown.FILE_NAME) + ", " + BesideJson.FILE_NAME));
        return ExitCode.OK.code;
    }
}
