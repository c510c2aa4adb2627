package io.queuelatency.host;

import io.queuelatency.result.HostFindings.Severity;
import io.queuelatency.result.HostFindings;
import io.queuelatency.words.HostWords;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Could this host produce publishable numbers for these two CPUs? Each check says what it found and what to change;
 * anything BAD (no isolation, pinned CPUs not isolated, too little /dev/shm) makes the verdict "indicative only".
 */
public final class HostCheck {
    private static final String NO_CPU_TO_SPARE = "no CPU to spare on this host (see isolation)";

    private final HostFacts facts;
    private final Path sys;
    private final Path proc;

    public HostCheck(Path sys, Path proc) {
        this.facts = new HostFacts(sys, proc);
        this.sys = sys;
        this.proc = proc;
    }

    public static HostCheck system() {
        return new HostCheck(java.nio.file.Paths.get("/sys"), java.nio.file.Paths.get("/proc"));
    }

    /** Checks the host for a producer and consumer on these CPUs; {@code shmNeededBytes} 0: unknown. */
    public HostFindings check(int producerCpu, int consumerCpu, long shmNeededBytes, Path shm) {
        List<HostFindings.Finding> v = new ArrayList<>();
        List<Integer> online = facts.onlineCpus();
        List<Integer> isolated = facts.isolatedCpus();
        String cmdline = HostFacts.text(proc.resolve("cmdline"));
        List<Integer> pinned = Arrays.asList(producerCpu, consumerCpu);

        add(v, Severity.INFO, "CPUs", online.size() + " online (" + CpuList.format(online) + "), " + facts.cpuModel(),
                "");
        isolation(v, online, isolated, cmdline, producerCpu, consumerCpu);
        smtSiblings(v, pinned, isolated);
        governor(v, pinned);
        boost(v);
        String thp = HostFacts.text(sys.resolve("kernel/mm/transparent_hugepage/enabled"));
        if (thp.contains("[always]")) {
            add(v, Severity.WARN, "transparent huge pages", "always", "echo madvise > "
                    + "/sys/kernel/mm/transparent_hugepage/enabled: khugepaged compaction can stall a thread");
        } else {
            add(v, Severity.OK, "transparent huge pages", thp.isEmpty() ? "unknown" : thp, "");
        }
        String shmem = HostFacts.text(sys.resolve("kernel/mm/transparent_hugepage/shmem_enabled"));
        if (!shmem.isEmpty()) {
            // The queue's file lives in tmpfs: whether its pages are huge is shmem_enabled's, not enabled's.
            add(v, Severity.INFO, "huge pages for /dev/shm", shmem, "");
        }
        if (processRunning("irqbalance")) {
            add(v, Severity.WARN, "irqbalance", "running: it may move interrupts onto the pinned CPUs",
                    "stop irqbalance and set /proc/irq/*/smp_affinity away from the pinned CPUs");
        } else {
            add(v, Severity.OK, "irqbalance", "not running", "");
        }
        shm(v, shm, shmNeededBytes);
        virtualisation(v);
        return new HostFindings(v);
    }

    /** Isolation, the pinned CPUs, nohz_full and rcu_nocbs: one layout for every row's advice. */
    private void isolation(List<HostFindings.Finding> v, List<Integer> online, List<Integer> isolated, String cmdline,
                           int producerCpu, int consumerCpu) {
        List<Integer> pinned = Arrays.asList(producerCpu, consumerCpu);
        IsolationPlan plan = IsolationPlan.of(online, isolated, producerCpu, consumerCpu,
                new SysfsTopology(sys).read());
        String noPlan = "this host has " + online.size() + " CPU" + (online.size() == 1 ? "" : "s") + ": isolating the "
                + "two measured ones would leave none for the kernel, interrupts and the JVM's other threads; measure "
                + "on a host with 4 or more CPUs (two measured, the rest for housekeeping)";
        if (isolated.isEmpty()) {
            add(v, Severity.BAD, "isolation", "no isolated CPUs (/sys/devices/system/cpu/isolated is empty)",
                    plan == null ? noPlan : "isolate two cores from the scheduler: " + plan.kernelParameters()
                    + " on the kernel command line, then reboot (" + plan.describe() + ")");
        } else {
            String isolcpus = parameter(cmdline, "isolcpus");
            add(v, Severity.OK, "isolation", "isolated CPUs " + CpuList.format(isolated)
                    + (isolcpus.isEmpty() ? " (not by isolcpus=: a cpuset or tuned profile?)"
                    : " (isolcpus=" + isolcpus + ")"), "");
        }
        List<Integer> notIsolated = pinned.stream().filter(cpu -> !isolated.contains(cpu)).collect(Collectors.toList());
        if (!notIsolated.isEmpty()) {
            String pinThere = plan == null ? ""
                    : "--producer-cpu " + plan.producer + " --consumer-cpu " + plan.consumer;
            add(v, Severity.BAD, "pinned CPUs", "producer on CPU " + producerCpu + ", consumer on CPU " + consumerCpu
                    + "; not isolated: " + CpuList.format(notIsolated), plan == null ? NO_CPU_TO_SPARE
                    : isolated.contains(plan.producer) && isolated.contains(plan.consumer)
                    ? "pin to isolated CPUs: " + pinThere
                    : "isolate CPUs " + CpuList.format(plan.isolate) + " (see isolation), then pin there: " + pinThere);
        } else {
            add(v, Severity.OK, "pinned CPUs",
                    "producer on CPU " + producerCpu + ", consumer on CPU " + consumerCpu + ", both isolated", "");
        }
        for (String param : new String[] {"nohz_full", "rcu_nocbs"}) {
            List<Integer> covered = CpuList.parse(parameter(cmdline, param));
            if (covered.containsAll(pinned)) {
                add(v, Severity.OK, param, param + "=" + CpuList.format(covered), "");
            } else {
                add(v, Severity.WARN, param,
                        covered.isEmpty() ? "not set" : param + "=" + CpuList.format(covered) + " misses a pinned CPU",
                        plan == null ? NO_CPU_TO_SPARE
                        : "add " + param + "=" + CpuList.format(plan.isolate) + " to the kernel command line with the "
                                + "isolation row's isolcpus: "
                                + (param.equals("nohz_full") ? "no timer tick interrupts the spinning threads"
                                : "RCU callbacks run elsewhere"));
            }
        }
    }

    private void smtSiblings(List<HostFindings.Finding> v, List<Integer> pinned, List<Integer> isolated) {
        List<String> busy = new ArrayList<>();
        for (int cpu : pinned) {
            String text =
                    HostFacts.read(sys.resolve("devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list"));
            for (int sibling : CpuList.parse(text)) {
                if (sibling == cpu) {
                    continue;
                }
                if (pinned.contains(sibling)) {
                    busy.add("CPUs " + cpu + " and " + sibling + " are one core's two threads");
                } else if (!isolated.contains(sibling)) {
                    busy.add("CPU " + cpu + "'s sibling " + sibling + " runs other work");
                }
            }
        }
        if (busy.isEmpty()) {
            add(v, Severity.OK, "SMT siblings", virtualMachine() ? "none busy among the CPUs this VM shows (the host's "
                    + "own siblings are not visible from inside it)" : "none busy", "");
        } else {
            add(v, Severity.WARN, "SMT siblings", String.join("; ", busy),
                    "give each thread a whole core: isolate the siblings too, or turn SMT off");
        }
    }

    private void governor(List<HostFindings.Finding> v, List<Integer> pinned) {
        List<String> found = new ArrayList<>();
        boolean allPerformance = true;
        for (int cpu : pinned) {
            String g = HostFacts.read(sys.resolve("devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor"));
            if (g == null) {
                add(v, Severity.INFO, "frequency governor",
                        "no cpufreq for CPU " + cpu + " (usual in a VM: the host decides)", "");
                return;
            }
            found.add("CPU " + cpu + ": " + g.trim());
            allPerformance &= g.trim().equals("performance");
        }
        add(v, allPerformance ? Severity.OK : Severity.WARN, "frequency governor", String.join(", ", found),
                allPerformance ? "" : "cpupower frequency-set -g performance: a ramping clock turns into latency");
    }

    private void boost(List<HostFindings.Finding> v) {
        String boost = HostFacts.read(sys.resolve("devices/system/cpu/cpufreq/boost"));
        String noTurbo = HostFacts.read(sys.resolve("devices/system/cpu/intel_pstate/no_turbo"));
        if (boost != null && boost.trim().equals("1") || noTurbo != null && noTurbo.trim().equals("0")) {
            add(v, Severity.WARN, "boost", "turbo/boost on: the frequency varies with load and heat",
                    "turn boost off for repeatable numbers (echo 0 > /sys/devices/system/cpu/cpufreq/boost, or 1 > "
                    + ".../intel_pstate/no_turbo)");
        } else if (boost == null && noTurbo == null) {
            add(v, Severity.INFO, "boost", "unknown (no cpufreq boost control)", "");
        } else {
            add(v, Severity.OK, "boost", "off", "");
        }
    }

    private void shm(List<HostFindings.Finding> v, Path shm, long needed) {
        File dir = shm.toFile();
        if (!dir.isDirectory()) {
            add(v, Severity.WARN, "/dev/shm", "missing: the queue would live on a disk", "mount a tmpfs at /dev/shm");
            return;
        }
        long free = dir.getUsableSpace();
        String found = String.format(Locale.ROOT, "%.1f GiB free of %.1f GiB", free / (double) (1L << 30),
                dir.getTotalSpace() / (double) (1L << 30));
        if (needed > 0 && free < needed) {
            add(v, Severity.BAD, "/dev/shm",
                    found + String.format(Locale.ROOT, "; the run needs %.1f GiB", needed / (double) (1L << 30)),
                    "mount -o remount,size=8G /dev/shm, or a shorter --roll-cycle");
        } else {
            add(v, Severity.OK, "/dev/shm", found, "");
        }
    }

    /** The CPU's hypervisor flag, or a hypervisor type in sysfs. */
    private boolean virtualMachine() {
        return HostFacts.text(proc.resolve("cpuinfo")).contains(" hypervisor")
                || HostFacts.read(sys.resolve("hypervisor/type")) != null;
    }

    private void virtualisation(List<HostFindings.Finding> v) {
        String hypervisor = HostFacts.read(sys.resolve("hypervisor/type"));
        if (virtualMachine()) {
            add(v, Severity.WARN, "virtualisation",
                    "a virtual machine" + (hypervisor == null ? "" : " (" + hypervisor.trim() + ")")
                    + ": the hypervisor can take the vCPUs away (steal time)",
                    "measure on bare metal, or on dedicated, pinned vCPUs");
        } else {
            add(v, Severity.OK, "virtualisation", HostFacts.BARE_METAL, "");
        }
    }

    private boolean processRunning(String name) {
        File[] entries = proc.toFile().listFiles();
        return entries != null && Arrays.stream(entries).anyMatch(e -> e.getName().chars().allMatch(Character::isDigit)
                && HostFacts.text(e.toPath().resolve("comm")).equals(name));
    }

    /** The CPUs of {@code name=} on the kernel command line (flags such as "domain," dropped); "" where absent. */
    static String parameter(String cmdline, String name) {
        for (String token : cmdline.split("\\s+")) {
            if (token.startsWith(name + "=")) {
                return Arrays.stream(token.substring(name.length() + 1).split(","))
                        .filter(part -> !part.isEmpty() && Character.isDigit(part.charAt(0)))
                        .collect(Collectors.joining(","));
            }
        }
        return "";
    }

    private static void add(List<HostFindings.Finding> v, Severity s, String check, String found, String fix) {
        v.add(new HostFindings.Finding(s, check, found, fix));
    }

    public static String describe(HostFindings v) {
        StringBuilder s = new StringBuilder();
        for (HostFindings.Finding f : v.findings) {
            s.append(String.format(Locale.ROOT, "%-5s %-22s %s%n", f.severity, f.check, f.found));
            if (!f.fix.isEmpty()) {
                s.append(String.format(Locale.ROOT, "      %-22s -> %s%n", "", f.fix));
            }
        }
        s.append("verdict: ").append(HostWords.headline(v)).append('\n');
        return s.toString();
    }
}
