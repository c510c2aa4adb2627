package io.queuelatency.host;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * What the host is, read from /proc and /sys (their roots can be moved, so tests run against fake trees):
 * the CPUs online, isolated and allowed to this process, the CPU model, the kernel.
 */
public final class HostFacts {
    private final Path sys;
    private final Path proc;

    public HostFacts(Path sys, Path proc) {
        this.sys = sys;
        this.proc = proc;
    }

    public static HostFacts system() {
        return new HostFacts(Paths.get("/sys"), Paths.get("/proc"));
    }

    public List<Integer> onlineCpus() {
        String online = read(sys.resolve("devices/system/cpu/online"));
        if (online == null) {
            List<Integer> all = new ArrayList<>();
            for (int cpu = 0; cpu < Runtime.getRuntime().availableProcessors(); cpu++) {
                all.add(cpu);
            }
            return all;
        }
        return CpuList.parse(online);
    }

    /** CPUs the kernel keeps the scheduler off (isolcpus=...); empty when none or unknown. */
    public List<Integer> isolatedCpus() {
        return CpuList.parse(read(sys.resolve("devices/system/cpu/isolated")));
    }

    /** CPUs this process may run on (its affinity mask, e.g. under taskset); all online ones when unknown. */
    public List<Integer> allowedCpus() {
        String status = read(proc.resolve("self/status"));
        if (status != null) {
            for (String line : status.split("\n")) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    List<Integer> allowed = CpuList.parse(line.substring(line.indexOf(':') + 1));
                    allowed.retainAll(onlineCpus());
                    return allowed;
                }
            }
        }
        return onlineCpus();
    }

    public String cpuModel() {
        String cpuinfo = read(proc.resolve("cpuinfo"));
        if (cpuinfo != null) {
            for (String line : cpuinfo.split("\n")) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        return System.getProperty("os.arch");
    }

    public String kernel() {
        String release = read(proc.resolve("sys/kernel/osrelease"));
        return release != null ? release.trim() : System.getProperty("os.version");
    }

    /** environment.json: what a reader needs to judge numbers from this host. */
    public io.queuelatency.result.Environment environment() {
        String cmdline = read(proc.resolve("cmdline"));
        java.io.File shm = new java.io.File("/dev/shm");
        return new io.queuelatency.result.Environment(hostname(), System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                kernel(), cpuModel(), CpuList.format(onlineCpus()), onlineCpus().size(), CpuList.format(isolatedCpus()),
                CpuList.format(allowedCpus()), cmdline == null ? null : cmdline.trim(), shm.getTotalSpace(), shm.getUsableSpace());
    }

    public static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env != null ? env : "unknown";
        }
    }

    static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
