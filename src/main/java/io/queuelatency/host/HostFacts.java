package io.queuelatency.host;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/** What the host is, read from /proc and /sys (their roots can be moved, so tests run against fake trees). */
public final class HostFacts {
    /** The virtualisation of a host whose CPU flags and /sys name no hypervisor. */
    public static final String BARE_METAL = "bare metal (no hypervisor flag)";

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
        return online != null ? CpuList.parse(online) : java.util.stream.IntStream
                .range(0, Runtime.getRuntime().availableProcessors()).boxed().collect(Collectors.toList());
    }

    /** CPUs the kernel keeps the scheduler off (isolcpus=...); empty when none or unknown. */
    public List<Integer> isolatedCpus() {
        return CpuList.parse(read(sys.resolve("devices/system/cpu/isolated")));
    }

    public io.queuelatency.result.CpuTopology topology() {
        return new SysfsTopology(sys).read();
    }

    /** CPUs this process may run on (its affinity), where its other threads go; all online ones when unknown. */
    public List<Integer> allowedCpus() {
        List<Integer> affinity = affinity();
        return affinity != null ? affinity : onlineCpus();
    }

    public PinnableCpus pinnableCpus() {
        return PinnableCpus.of(onlineCpus(), isolatedCpus(), affinity(), cpusetCpus());
    }

    /** Cpus_allowed_list of /proc/self/status, the online ones of it; null where unreadable. */
    private List<Integer> affinity() {
        String list = field(proc.resolve("self/status"), "Cpus_allowed_list:");
        if (list == null) {
            return null;
        }
        List<Integer> allowed = CpuList.parse(list);
        allowed.retainAll(onlineCpus());
        return allowed;
    }

    /** What follows ':' on {@code file}'s first line starting with {@code key}; null where none or unreadable. */
    public static String field(Path file, String key) {
        String text = read(file);
        for (String line : text == null ? new String[0] : text.split("\n")) {
            if (line.startsWith(key)) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return null;
    }

    /** The CPUs of this process's cgroup cpuset (v2 or v1), of its cgroup or its nearest parent; null where none. */
    List<Integer> cpusetCpus() {
        String cgroups = read(proc.resolve("self/cgroup"));
        for (String line : cgroups == null ? new String[0] : cgroups.split("\n")) {
            String[] f = line.trim().split(":", 3);
            if (f.length < 3) {
                continue;
            }
            boolean v2 = f[0].equals("0") && f[1].isEmpty();
            boolean v1 = java.util.Arrays.asList(f[1].split(",")).contains("cpuset");
            if (v2 || v1) {
                List<Integer> cpus = nearest(sys.resolve(v2 ? "fs/cgroup" : "fs/cgroup/cpuset"), f[2],
                        v2 ? "cpuset.cpus.effective" : "cpuset.effective_cpus");
                if (cpus != null) {
                    return cpus;
                }
            }
        }
        return null;
    }

    /** {@code file} of the cgroup at {@code path} under {@code mount}, or of its nearest parent that has it. */
    private static List<Integer> nearest(Path mount, String path, String file) {
        for (String p = path; ; p = p.substring(0, p.lastIndexOf('/'))) {
            String text = read(mount.resolve(p.replaceFirst("^/+", "")).resolve(file));
            if (text != null && !text.trim().isEmpty()) {
                return CpuList.parseOrNull(text);
            }
            if (p.lastIndexOf('/') < 0) {
                return null;
            }
        }
    }

    public String cpuModel() {
        String model = field(proc.resolve("cpuinfo"), "model name");
        return model != null ? model : System.getProperty("os.arch");
    }

    public String kernel() {
        String release = read(proc.resolve("sys/kernel/osrelease"));
        return release != null ? release.trim() : System.getProperty("os.version");
    }

    /** This host as files and the JVM tell it; the queue's filesystem, pinnable CPUs and pair are the caller's. */
    public io.queuelatency.result.Host host() {
        String cmdline = read(proc.resolve("cmdline"));
        io.queuelatency.result.Host h = new io.queuelatency.result.Host();
        h.hostname = hostname();
        h.os = System.getProperty("os.name") + " " + System.getProperty("os.arch");
        h.kernel = kernel();
        h.cpuModel = cpuModel();
        h.onlineCpus = onlineCpus().size();
        h.onlineCpuList = CpuList.format(onlineCpus());
        h.isolatedCpuList = CpuList.format(isolatedCpus());
        h.allowedCpuList = CpuList.format(allowedCpus());
        h.kernelCommandLine = cmdline == null ? null : cmdline.trim();
        h.platform = platform();
        return h;
    }

    public io.queuelatency.result.Fingerprint fingerprint(int producer, int consumer) {
        return io.queuelatency.result.Fingerprint.of(host(), topology(), onlineCpus(), producer, consumer);
    }

    /** environment.json: this host, its queue's filesystem /dev/shm and the matrix's CPU pair. */
    public io.queuelatency.result.Host environment(io.queuelatency.result.CpuPair pair) {
        java.io.File shm = new java.io.File("/dev/shm");
        io.queuelatency.result.Host h = host();
        h.queueFileSystem = "/dev/shm";
        h.queueFileSystemTotalBytes = shm.getTotalSpace();
        h.queueFileSystemFreeBytes = shm.getUsableSpace();
        h.cpuPair = pair;
        return h;
    }

    public io.queuelatency.result.Platform platform() {
        return new io.queuelatency.result.Platform(virtualisation(), nested(),
                firstLine(sys.resolve("devices/system/clocksource/clocksource0/current_clocksource")),
                timerTickHz(), hugePages(), governors());
    }

    /** "always [madvise] never; for shared memory (/dev/shm): always within_size [never] ..."; null if unreadable. */
    private String hugePages() {
        String enabled = firstLine(sys.resolve("kernel/mm/transparent_hugepage/enabled"));
        String shmem = firstLine(sys.resolve("kernel/mm/transparent_hugepage/shmem_enabled"));
        return enabled == null ? null : shmem == null ? enabled : enabled + "; for shared memory (/dev/shm): " + shmem;
    }

    private String cpuFlags() {
        String flags = field(proc.resolve("cpuinfo"), "flags");
        return flags == null ? " " : " " + flags + " ";
    }

    /** A VM where the CPU flags or /sys/hypervisor say so; which one from what the guest can see. */
    String virtualisation() {
        String hypervisorType = firstLine(sys.resolve("hypervisor/type"));
        boolean flag = cpuFlags().contains(" hypervisor ");
        if (!flag && hypervisorType == null) {
            return BARE_METAL;
        }
        java.util.List<String> seen = new ArrayList<>();
        if (hypervisorType != null) {
            seen.add(hypervisorType + " (/sys/hypervisor/type)");
        }
        String clocks =
                orEmpty(firstLine(sys.resolve("devices/system/clocksource/clocksource0/available_clocksource")));
        for (String[] known
                : new String[][] {{"kvm-clock", "KVM"}, {"hyperv_clocksource", "Hyper-V"}, {"xen", "Xen"}}) {
            if ((" " + clocks + " ").contains(known[0])) {
                seen.add(known[1] + " (" + known[0] + " offered)");
            }
        }
        String vendor = firstLine(sys.resolve("class/dmi/id/sys_vendor"));
        String product = firstLine(sys.resolve("class/dmi/id/product_name"));
        if (vendor != null || product != null) {
            seen.add((orEmpty(vendor) + " " + orEmpty(product)).trim() + " (DMI)");
        }
        if (text(proc.resolve("cmdline")).contains("firecracker")) {
            seen.add("Firecracker (kernel command line)");
        }
        return "virtual machine"
                + (seen.isEmpty() ? " (hypervisor flag; which one is not visible)" : ": " + String.join("; ", seen));
    }

    /** Whether this guest could run guests itself (vmx or svm), and any nested parameter it booted with. */
    String nested() {
        String flags = cpuFlags();
        boolean hw = flags.contains(" vmx ") || flags.contains(" svm ");
        List<String> params = java.util.Arrays.stream(text(proc.resolve("cmdline")).split("\\s+"))
                .filter(token -> token.startsWith("nested") || token.contains(".nested=")).collect(Collectors.toList());
        return (hw ? "vmx/svm visible (this system can run nested guests)" : "no vmx/svm visible")
                + (params.isEmpty() ? "" : "; kernel parameters " + String.join(" ", params));
    }

    /** CONFIG_HZ from /proc/config.gz or /boot/config-RELEASE; -1 where neither is readable. */
    int timerTickHz() {
        String config;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(proc.resolve("config.gz"))), StandardCharsets.UTF_8))) {
            config = in.lines().collect(Collectors.joining("\n"));
        } catch (IOException | RuntimeException e) {
            config = read(Paths.get("/boot/config-" + kernel()));
        }
        if (config != null) {
            for (String line : config.split("\n")) {
                if (line.startsWith("CONFIG_HZ=")) {
                    try {
                        return Integer.parseInt(line.substring("CONFIG_HZ=".length()).trim());
                    } catch (NumberFormatException e) {
                        return -1;
                    }
                }
            }
        }
        return -1;
    }

    /** "performance on 0-15", "schedutil on 0-3; performance on 4-7"; "none (no cpufreq: the hypervisor decides)". */
    String governors() {
        java.util.Map<String, java.util.List<Integer>> byGovernor = new java.util.TreeMap<>();
        for (int cpu : onlineCpus()) {
            String g = firstLine(sys.resolve("devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor"));
            if (g != null) {
                byGovernor.computeIfAbsent(g, k -> new ArrayList<>()).add(cpu);
            }
        }
        if (byGovernor.isEmpty()) {
            return "none (no cpufreq: in a VM the hypervisor decides)";
        }
        return byGovernor.entrySet().stream().map(e -> e.getKey() + " on " + CpuList.format(e.getValue()))
                .collect(Collectors.joining("; "));
    }

    private static String firstLine(Path file) {
        String text = read(file);
        if (text == null) {
            return null;
        }
        String line = text.trim();
        int nl = line.indexOf('\n');
        return line.isEmpty() ? null : nl < 0 ? line : line.substring(0, nl).trim();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    public static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env != null ? env : "unknown";
        }
    }

    /** The file's text, trimmed; "" where it cannot be read. */
    static String text(Path file) {
        String text = read(file);
        return text == null ? "" : text.trim();
    }

    static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
