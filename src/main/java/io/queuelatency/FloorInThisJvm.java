package io.queuelatency;

import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.exit.ExitCode;
import io.queuelatency.host.HostFacts;
import io.queuelatency.json.ResultJson;
import io.queuelatency.measure.QueueDirectory;
import io.queuelatency.measure.ThreadPinning;
import io.queuelatency.result.FloorCell;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.StudyConfig;
import io.queuelatency.result.Warning;
import io.queuelatency.store.MatrixFiles;
import io.queuelatency.text.Units;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A matrix's floor cell ({@code QueuePerformance --floor-only --no-fork}, hidden): in a fresh JVM of the matrix's
 * own java, not a JVM under test, the bare hand-off between the CPUs the matrix's cells pin to (chosen as a run
 * chooses them), {@code --floor} after as long a warm-up, at {@code --rate}; no queue, no window. Its JIT and GC
 * threads are kept off the two CPUs as a run's are. Writes {@code floor.json} into {@code --output}, last.
 */
final class FloorInThisJvm {
    private final StudyOptions options;
    private final Path output;
    private final List<String> mainAndArguments;
    private final PrintStream out;

    FloorInThisJvm(StudyOptions options, Path output, List<String> mainAndArguments, PrintStream out) {
        this.options = options;
        this.output = output;
        this.mainAndArguments = mainAndArguments;
        this.out = out;
    }

    ExitCode run() throws IOException, InterruptedException {
        if (output == null) {
            throw new UsageError("--floor-only needs --output DIR, the floor cell's directory");
        }
        Path dir = output.toAbsolutePath();
        if (Files.exists(dir.resolve(MatrixFiles.FLOOR_JSON))) {
            throw new UsageError("--output " + dir + " holds a floor cell already: name a new directory");
        }
        HostFacts host = HostFacts.system();
        StudyConfig config = options.toConfig(host, new ArrayList<Warning>());
        if (config.settings.floorNs <= 0) {
            throw new UsageError("--floor-only needs a --floor longer than 0s");
        }
        // The run's own directory, as a study's: JNA's temp files go there (pinning loads it), never to the home.
        QueueDirectory own = QueueDirectory.create(config.queueParent).holdingNativeLibraries();
        Thread cleanup = new Thread(own::close, "queue-latency-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        RunResult.Floor floor;
        String startedAt = Instant.now().toString();
        try {
            out.println("floor cell: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                    + "; " + ThreadPinning.keepOthersOff(host.allowedCpus(), config.pinnedProducerCpu,
                    config.pinnedConsumerCpu));
            floor = RunInThisJvm.floor(config, out);
        } finally {
            own.close();
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
        FloorCell.Builder cell = new FloorCell.Builder();
        cell.jvm = RunInThisJvm.thisJvm(mainAndArguments);
        cell.startedAt = startedAt;
        cell.finishedAt = Instant.now().toString();
        cell.producerCpu = config.pinnedProducerCpu;
        cell.consumerCpu = config.pinnedConsumerCpu;
        cell.rate = config.settings.rate;
        cell.floor = floor;
        if (!floor.measured()) {
            out.println("floor    not measured: no hand-off was received");
            return ExitCode.FAILED;
        }
        Files.createDirectories(dir);
        ResultJson.write(dir.resolve(MatrixFiles.FLOOR_JSON), cell.build());
        out.printf(Locale.ROOT, "floor    p50 %s, p99 %s, p99.99 %s (intended, %,d hand-offs, %,d overwritten)%s%n",
                Units.ns(floor.intended.ns(Percentile.P50)), Units.ns(floor.intended.ns(Percentile.P99)),
                Units.ns(floor.intended.ns(Percentile.P99_99)), floor.intended.count, floor.overwritten,
                floor.warning == null ? "" : "; " + io.queuelatency.words.RunWords.text(floor.warning));
        return ExitCode.OK;
    }
}
