package io.queuelatency;

import io.queuelatency.cli.UsageError;
import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.json.MatrixPlanJson;
import io.queuelatency.report.AnswerMarkdown;
import io.queuelatency.report.MatrixReport;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.wings.capacity.Capacity;
import io.queuelatency.wings.fleet.FleetReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code run-matrix.sh report DIR}: rebuilds a matrix's report from its stored cells, runs nothing; with
 * {@code --fleet}, DIR is a fleet's directory (one per host, as fleet/fleet.yml fetches them) and the report is the
 * fleet's: hosts grouped by fingerprint, an answer per host type, and whether the JVMs rank the same across them.
 * <p>Exit codes of {@code --fleet}: 0 every host reported; 3 a host has no report (it failed or was not reached: the
 * report names it and why); 2 a host's report is corrupt (one line naming its file, after the fleet's report is
 * written from the other hosts) or no host has one.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild DIR's report from its stored cells; with --fleet, the report of a fleet's directory.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "A matrix report directory (with matrix.json); with --fleet, a "
            + "fleet's directory (DIR/<host>/matrix/, as fleet/fleet.yml fetches them).")
    Path dir;

    @Option(names = "--fleet", description = "DIR holds one matrix per host: report them together (docs/fleet.md).")
    boolean fleet;

    @Option(names = "--margin", paramLabel = "PERCENT", converter = io.queuelatency.cli.Margins.class,
            description = "The verdicts' practical margin (default: the matrix's own, else "
                    + Analysis.DEFAULT_MARGIN_PERCENT + "%%).")
    Double margin;

    @Override
    public Integer call() throws Exception {
        if (fleet) {
            return FleetReport.write(dir, margin, System.out, System.err);
        }
        if (!Files.isRegularFile(dir.resolve(MatrixFiles.MATRIX_JSON))) {
            throw new UsageError(dir + ": no " + MatrixFiles.MATRIX_JSON + " there, so no matrix to report on");
        }
        MatrixReport.write(dir, margin, System.err, Capacity.BODY);
        if (MatrixPlanJson.read(dir.resolve(MatrixFiles.MATRIX_JSON)).capacity == null) {
            printAnswer(System.out, dir, margin);
        }
        System.out.println("report: " + dir.resolve(MatrixReport.SUMMARY_MD));
        return ExitCode.OK.code;
    }

    /** The answer, as summary.md opens with it: intended latency, per JVM lowest p50 estimate first (one per slice). */
    static void printAnswer(java.io.PrintStream out, Path runDir, Double margin) {
        for (Analysis a : Analysis.of(MatrixData.load(runDir), margin)) {
            out.println("answer" + (a.data.slice == null ? "" : " at " + a.data.slice.label())
                    + " (intended latency, the median of the runs with its interval; p99.9, the worst and why: "
                    + "summary.md):");
            for (String line : AnswerMarkdown.screen(a)) {
                out.println("  " + line);
            }
        }
    }
}
