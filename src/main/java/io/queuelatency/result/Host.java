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

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return builder().hostname(hostname).os(os).kernel(kernel).cpuModel(cpuModel).onlineCpus(onlineCpus)
                .onlineCpuList(onlineCpuList).isolatedCpuList(isolatedCpuList).kernelCommandLine(kernelCommandLine)
                .allowedCpuList(allowedCpuList).pinnable(pinnableCpuList, pinnableWhy).queueFileSystem(queueFileSystem)
                .queueFileSystemTotalBytes(queueFileSystemTotalBytes).queueFileSystemFreeBytes(queueFileSystemFreeBytes)
                .platform(platform).cpuPair(cpuPair);
    }

    /** What is not given is unknown: null, or -1 for the queue filesystem's sizes. */
    public static final class Builder {
        private String hostname;
        private String os;
        private String kernel;
        private String cpuModel;
        private int onlineCpus;
        private String onlineCpuList;
        private String isolatedCpuList;
        private String kernelCommandLine;
        private String allowedCpuList;
        private String pinnableCpuList;
        private String pinnableWhy;
        private String queueFileSystem;
        private long queueFileSystemTotalBytes = -1;
        private long queueFileSystemFreeBytes = -1;
        private Platform platform;
        private CpuPair cpuPair;

        public Builder hostname(String v) {
            hostname = v;
            return this;
        }

        public Builder os(String v) {
            os = v;
            return this;
        }

        public Builder kernel(String v) {
            kernel = v;
            return this;
        }

        public Builder cpuModel(String v) {
            cpuModel = v;
            return this;
        }

        public Builder onlineCpus(int v) {
            onlineCpus = v;
            return this;
        }

        public Builder onlineCpuList(String v) {
            onlineCpuList = v;
            return this;
        }

        public Builder isolatedCpuList(String v) {
            isolatedCpuList = v;
            return this;
        }

        public Builder kernelCommandLine(String v) {
            kernelCommandLine = v;
            return this;
        }

        public Builder allowedCpuList(String v) {
            allowedCpuList = v;
            return this;
        }

        public Builder pinnable(String list, String why) {
            pinnableCpuList = list;
            pinnableWhy = why;
            return this;
        }

        public Builder queueFileSystem(String v) {
            queueFileSystem = v;
            return this;
        }

        public Builder queueFileSystemTotalBytes(long v) {
            queueFileSystemTotalBytes = v;
            return this;
        }

        public Builder queueFileSystemFreeBytes(long v) {
            queueFileSystemFreeBytes = v;
            return this;
        }

        public Builder platform(Platform v) {
            platform = v;
            return this;
        }

        public Builder cpuPair(CpuPair v) {
            cpuPair = v;
            return this;
        }

        public Host build() {
            return new Host(this);
        }
    }
}
