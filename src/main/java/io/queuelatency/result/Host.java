package io.queuelatency.result;

/**
 * The one model of a host: a run's result.json holds it, a matrix's environment.json as the host the controller saw
 * (its /dev/shm as the queue's filesystem), and a map's map.json as the host it mapped.
 */
public final class Host {
    public final String hostname;
    public final String os;
    public final String kernel;
    public final String cpuModel;
    public final int onlineCpus;
    public final String onlineCpuList;
    public final String isolatedCpuList;
    /** Null where /proc/cmdline cannot be read, or was not recorded (results and maps do not record it). */
    public final String kernelCommandLine;
    /** This process's affinity (Cpus_allowed_list): where the JVM's other threads may run. */
    public final String allowedCpuList;
    /**
     * The CPUs the tool may pin the measured threads to (under isolcpus the affinity and the isolated CPUs), and why;
     * null in results and maps stored before they were recorded.
     */
    public final String pinnableCpuList;
    public final String pinnableWhy;
    public final String queueFileSystem;
    public final long queueFileSystemTotalBytes;
    public final long queueFileSystemFreeBytes;
    /** Null in results of schema 3. */
    public final Platform platform;
    /** Null in results of schemas 3 to 5 (unknown). */
    public final CpuPair cpuPair;

    private Host(Builder b) {
        hostname = b.hostname;
        os = b.os;
        kernel = b.kernel;
        cpuModel = b.cpuModel;
        onlineCpus = b.onlineCpus;
        onlineCpuList = b.onlineCpuList;
        isolatedCpuList = b.isolatedCpuList;
        kernelCommandLine = b.kernelCommandLine;
        allowedCpuList = b.allowedCpuList;
        pinnableCpuList = b.pinnableCpuList;
        pinnableWhy = b.pinnableWhy;
        queueFileSystem = b.queueFileSystem;
        queueFileSystemTotalBytes = b.queueFileSystemTotalBytes;
        queueFileSystemFreeBytes = b.queueFileSystemFreeBytes;
        platform = b.platform;
        cpuPair = b.cpuPair;
    }

    /** What is not given is unknown: null, or -1 for the queue filesystem's sizes. */
    public static final class Builder {
        public String hostname;
        public String os;
        public String kernel;
        public String cpuModel;
        public int onlineCpus;
        public String onlineCpuList;
        public String isolatedCpuList;
        public String kernelCommandLine;
        public String allowedCpuList;
        public String pinnableCpuList;
        public String pinnableWhy;
        public String queueFileSystem;
        public long queueFileSystemTotalBytes = -1;
        public long queueFileSystemFreeBytes = -1;
        public Platform platform;
        public CpuPair cpuPair;

        public Host build() {
            return new Host(this);
        }
    }
}
