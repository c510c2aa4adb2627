package io.queuelatency;

import io.queuelatency.exit.ExitCode;
import io.queuelatency.host.CpuChoice;
import io.queuelatency.host.HostCheck;
import io.queuelatency.host.HostFacts;
import io.queuelatency.report.Figures;
import io.queuelatency.result.HostFindings;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code check-host}: could this host give publishable numbers, and what to change if not. Runs nothing. */
@Command(name = "check-host", mixinStandardHelpOptions = true,
        description = "Could this host give publishable latency numbers? Checks isolated CPUs, pinning, nohz_full, "
                + "rcu_nocbs, SMT siblings, frequency governor and boost, transparent huge pages, irqbalance, "
                + "/dev/shm, virtualisation, and whether this JVM can draw the report's figures; each finding with its "
                + "severity and what to change. Every study runs it too and stores it. Exits 3 when the verdict is not "
                + "publishable (--exit-zero: always 0).")
final class CheckHost implements Callable<Integer> {
    @Option(names = "--producer-cpu", paramLabel = "CPU",
            description = "The producer's CPU (default: as a study would choose).")
    Integer producerCpu;

    @Option(names = "--consumer-cpu", paramLabel = "CPU",
            description = "The consumer's CPU (default: as a study would choose).")
    Integer consumerCpu;

    @Option(names = "--exit-zero", description = "Exit 0 even when the host is not fit for publishable numbers.")
    boolean exitZero;

    @Override
    public Integer call() {
        HostFacts facts = HostFacts.system();
        int[] cpus = cpus(facts, producerCpu, consumerCpu);
        HostFindings found = HostCheck.system().check(cpus[0], cpus[1], 0, Paths.get("/dev/shm"));
        // Whether this JVM can draw the report's figures: a host fact too (the font libraries), asked here and not in
        // the measured JVM, which must not load the AWT before its window.
        String cannotDraw = Figures.cannotDraw();
        java.util.List<HostFindings.Finding> findings = new java.util.ArrayList<>(found.findings);
        findings.add(new HostFindings.Finding(HostFindings.Severity.INFO, "CPUs to pin",
                facts.pinnableCpus().describe(), ""));
        findings.add(new HostFindings.Finding(HostFindings.Severity.INFO, "figures", cannotDraw == null
                ? "this JVM (" + System.getProperty("java.home") + ") can draw the report's figures"
                : "this JVM (" + System.getProperty("java.home")
                + ") cannot draw them: the reports leave them out and say so",
                cannotDraw == null ? "" : cannotDraw));
        found = new HostFindings(findings);
        System.out.print(HostCheck.describe(found));
        return found.publishable() || exitZero ? ExitCode.OK.code : ExitCode.NOT_VALID.code;
    }

    /** The producer's and consumer's CPUs a study would pin given these (one named: its partner by auto's rules). */
    static int[] cpus(HostFacts facts, Integer producer, Integer consumer) {
        CpuChoice choice = CpuChoice.of(producer, consumer, facts.topology(), facts.pinnableCpus().cpus);
        return choice == null ? new int[] {0, 0} : new int[] {choice.producer, choice.consumer};
    }
}
