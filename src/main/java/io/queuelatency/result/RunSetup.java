package io.queuelatency.result;

/**
 * What a run is before it measures: the tool, when it started, its configuration, the JVM, the host and
 * check-host's verdict, and the queue. The header printed before the study is made from this alone.
 */
public final class RunSetup {
    public final String tool;
    public final String startedAt;
    public final RunResult.Config config;
    public final JvmFacts jvm;
    public final Host host;
    /** Null when the host was not checked. */
    public final HostVerdict hostCheck;
    public final String queueImplementation;

    public RunSetup(String tool, String startedAt, RunResult.Config config, JvmFacts jvm, Host host,
                    HostVerdict hostCheck, String queueImplementation) {
        this.tool = tool;
        this.startedAt = startedAt;
        this.config = config;
        this.jvm = jvm;
        this.host = host;
        this.hostCheck = hostCheck;
        this.queueImplementation = queueImplementation;
    }

    /** Messages in the measured window: rate x duration. */
    public long measuredMessages() {
        return messagesIn(config.durationNs, config.ratePerSecond);
    }

    public long warmupMessages() {
        return messagesIn(config.warmupNs, config.ratePerSecond);
    }

    /** Exact for every duration up to 24 h and rate up to 10^7/s: no intermediate product overflows. */
    public static long messagesIn(long ns, long ratePerSecond) {
        return ns / 1_000_000L * ratePerSecond / 1_000L + (ns % 1_000_000L) * ratePerSecond / 1_000_000_000L;
    }
}
