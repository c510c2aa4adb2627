package io.queuelatency.result;

/**
 * The one model of a host: a run's result.json holds it, a matrix's environment.json as the host the controller saw
 * (its /dev/shm as the queue's filesystem), and a map's map.json as the host it mapped. What is not given is unknown:
 * null, or -1 for the queue filesystem's sizes.
 */
public final class Host {
    public String hostname;
    public String os;
    public String kernel;
    public String cpuModel;
    public int onlineCpus;
    public String onlineCpuList;
    public String isolatedCpuList;
    /** Null where /proc/cmdline cannot be read, or was not recorded (results and maps do not record it). */
    public String kernelCommandLine;
    /** This process's affinity (Cpus_allowed_list): where the JVM's other threads may run. */
    public String allowedCpuList;
    /**
     * The CPUs the tool may pin the measured threads to (under isolcpus the affinity and the isolated CPUs), and why;
     * null in results and maps stored before they were recorded.
     */
    public String pinnableCpuList;
    public String pinnableWhy;
    public String queueFileSystem;
    public long queueFileSystemTotalBytes = -1;
    public long queueFileSystemFreeBytes = -1;
    /** Null in results of schema 3. */
    public Platform platform;
    /** Null in results of schemas 3 to 5 (unknown). */
    public CpuPair cpuPair;
}
