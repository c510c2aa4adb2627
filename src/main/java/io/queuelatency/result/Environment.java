package io.queuelatency.result;

/** environment.json: what a reader needs to judge a matrix's numbers from its host; by name ({@link #builder}). */
public final class Environment {
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
    /** Virtualisation, clock source, timer tick, huge pages, governor; null where the stored file lacks them. */
    public final Platform platform;
    /**
     * The pair the matrix's cells pin to, as the controller chose it before the first cell (each cell's result
     * records its own); null where the stored file lacks it.
     */
    public final CpuPair cpuPair;

    private Environment(Builder b) {
        hostname = b.hostname;
        os = b.os;
        kernel = b.kernel;
        cpuModel = b.cpuModel;
        onlineCpus = b.onlineCpus;
        cpuCount = b.cpuCount;
        isolatedCpus = b.isolatedCpus;
        allowedCpus = b.allowedCpus;
        kernelCommandLine = b.kernelCommandLine;
        devShmTotalBytes = b.devShmTotalBytes;
        devShmFreeBytes = b.devShmFreeBytes;
        platform = b.platform;
        cpuPair = b.cpuPair;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these facts. */
    public Builder toBuilder() {
        return builder().hostname(hostname).os(os).kernel(kernel).cpuModel(cpuModel).onlineCpus(onlineCpus)
                .cpuCount(cpuCount).isolatedCpus(isolatedCpus).allowedCpus(allowedCpus)
                .kernelCommandLine(kernelCommandLine).devShmTotalBytes(devShmTotalBytes)
                .devShmFreeBytes(devShmFreeBytes).platform(platform).cpuPair(cpuPair);
    }

    /** By name; what is not given is unknown: null, or -1 for /dev/shm's sizes. */
    public static final class Builder {
        private String hostname;
        private String os;
        private String kernel;
        private String cpuModel;
        private String onlineCpus;
        private int cpuCount;
        private String isolatedCpus;
        private String allowedCpus;
        private String kernelCommandLine;
        private long devShmTotalBytes = -1;
        private long devShmFreeBytes = -1;
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

        /** The online CPUs as a list ("0-3"). */
        public Builder onlineCpus(String v) {
            onlineCpus = v;
            return this;
        }

        public Builder cpuCount(int v) {
            cpuCount = v;
            return this;
        }

        public Builder isolatedCpus(String v) {
            isolatedCpus = v;
            return this;
        }

        public Builder allowedCpus(String v) {
            allowedCpus = v;
            return this;
        }

        public Builder kernelCommandLine(String v) {
            kernelCommandLine = v;
            return this;
        }

        public Builder devShmTotalBytes(long v) {
            devShmTotalBytes = v;
            return this;
        }

        public Builder devShmFreeBytes(long v) {
            devShmFreeBytes = v;
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

        public Environment build() {
            return new Environment(this);
        }
    }
}
