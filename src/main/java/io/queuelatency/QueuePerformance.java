package io.queuelatency;

import io.queuelatency.cli.StudyOptions;
import io.queuelatency.cli.UsageError;
import io.queuelatency.host.HostFacts;
import io.queuelatency.host.JvmIdentity;
import io.queuelatency.launch.ClassPath;
import io.queuelatency.launch.JavaProbe;
import io.queuelatency.launch.MeasuredJvm;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mvn exec:java@QueuePerformance} and {@code java -jar target/queue-latency.jar}: one latency study.
 * By default this JVM only validates the options and forks the JVM that measures (as JMH does), so the
 * measured JVM has exactly the flags its version needs and nothing of Maven's; {@code --no-fork} measures
 * in this JVM.
 * <p>Exit codes: 0 a valid run; 1 the run failed; 2 bad input; 3 the run finished but is not valid.
 */
@Command(name = "queue-latency", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Measures one-way latency from a pinned producer thread through a Chronicle Queue to a pinned consumer thread,",
                "and prints percentiles (ns) of two latencies: from the scheduled send time (intended) and from the actual send."},
        footer = {"", "Exit codes: 0 valid run, 1 failed, 2 bad input, 3 finished but not valid (see the verdict)."})
public final class QueuePerformance implements Callable<Integer> {
    public static final int VALID = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;
    public static final int NOT_VALID = 3;

    @Mixin
    StudyOptions study = new StudyOptions();

    @Option(names = "--output", paramLabel = "DIR",
            description = "New directory for this run's files (default: reports/runs/<time>-jdk<version>).")
    Path output;

    @Option(names = "--jvm", paramLabel = "JAVA_HOME|JAVA",
            description = "The JVM to measure, a JDK home or its java (default: the one running this).")
    Path jvm;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An extra option for the measured JVM, repeatable; write --jvm-option=-XX:+UseZGC.")
    List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--fork", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Measure in a fresh JVM with the flags its version needs (default); --no-fork measures in this one.")
    boolean fork;

    private final String[] args;
    private final PrintStream out;
    private final PrintStream err;

    QueuePerformance(String[] args, PrintStream out, PrintStream err) {
        this.args = args;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        // Before any Chronicle class loads: no phoning home, even under --no-fork.
        if (System.getProperty("chronicle.analytics.disable") == null) {
            System.setProperty("chronicle.analytics.disable", "true");
        }
        QueuePerformance command = new QueuePerformance(args, System.out, System.err);
        int code = command.execute();
        if (code != VALID || !command.fork) {
            System.exit(code); // ends Chronicle's background threads too; under exec:java it ends Maven with the code
        }
    }

    int execute() {
        CommandLine cl = new CommandLine(this);
        PrintWriter helpOut = new PrintWriter(out, true);
        cl.setOut(helpOut);
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, given) -> fail(BAD_INPUT, oneLine(e)));
        cl.setExecutionExceptionHandler((e, line, parsed) -> e instanceof UsageError
                ? fail(BAD_INPUT, e.getMessage()) : fail(FAILED, "failed: " + e));
        try {
            return cl.execute(args);
        } finally {
            helpOut.flush();
        }
    }

    @Override
    public Integer call() throws Exception {
        List<String> warnings = new ArrayList<>();
        if (!fork) {
            return new RunInThisJvm(study, output, Arrays.asList(args), out, err).run();
        }
        study.toConfig(HostFacts.system(), warnings); // bad input fails here, before a JVM starts
        Path java = jvm == null ? Paths.get(System.getProperty("java.home"), "bin", "java") : JavaProbe.executable(jvm);
        int major = jvm == null ? JvmIdentity.currentMajorVersion()
                : JvmIdentity.majorVersion(JavaProbe.properties(java).get("java.specification.version"));
        List<String> childArgs = new ArrayList<>(Arrays.asList(args));
        childArgs.add("--no-fork");
        return MeasuredJvm.forVersion(java, major, jvmOptions, ClassPath.of(QueuePerformance.class),
                QueuePerformance.class.getName(), childArgs).run();
    }

    private int fail(int code, String message) {
        err.println("queue-latency: " + message);
        return code;
    }

    static String oneLine(CommandLine.ParameterException e) {
        String message = e.getMessage();
        if (e instanceof CommandLine.UnmatchedArgumentException) {
            List<String> suggestions = ((CommandLine.UnmatchedArgumentException) e).getSuggestions();
            if (!suggestions.isEmpty()) {
                message += "; did you mean " + String.join(" or ", suggestions) + "?";
            }
        }
        return message + " (--help lists the options)";
    }
}
