package io.queuelatency.result;

/** environment.json: what a reader needs to judge a matrix's numbers from its host. */
public final class Environment {
    public static final String FILE_NAME = "environment.json";

    public final String hostname;
    public final String os;
    public final String kernel;
    public final String cpuModel;
    public final String onlineCpus;
    public final int cpuCount;
    public final String isolatedCpus;
    public final String allowedCpus;
    /** Null where /proc/cmdline cannot be read. */
    public final String kernelCommandLine;
    /** -1 where unknown. */
    public final long devShmTotalBytes;
    public final long devShmFreeBytes;
    /** Virtualisation, clock source, timer tick, huge pages, governor; null in files written before they were recorded. */
    public final Platform platform;

    public Environment(String hostname, String os, String kernel, String cpuModel, String onlineCpus, int cpuCount,
                       String isolatedCpus, String allowedCpus, String kernelCommandLine, long devShmTotalBytes,
                       long devShmFreeBytes, Platform platform) {
        this.platform = platform;
        this.hostname = hostname;
        this.os = os;
        this.kernel = kernel;
        this.cpuModel = cpuModel;
        this.onlineCpus = onlineCpus;
        this.cpuCount = cpuCount;
        this.isolatedCpus = isolatedCpus;
        this.allowedCpus = allowedCpus;
        this.kernelCommandLine = kernelCommandLine;
        this.devShmTotalBytes = devShmTotalBytes;
        this.devShmFreeBytes = devShmFreeBytes;
    }
}
