package io.queuelatency.host;

import io.queuelatency.result.Fingerprint;
import io.queuelatency.result.Platform;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The host's part of a {@link Fingerprint}, read from /proc and /sys (their roots can be moved, so tests run against
 * fake trees): the CPU model, sockets (distinct physical_package_id), cores (distinct package and core_id), CPUs
 * online, how the measured pair relates in the cache topology, the kernel, the isolation, the virtualisation and the
 * clock source. What sysfs does not show is left unknown.
 */
public final class FingerprintFacts {
    private final HostFacts facts;
    private final Path sys;
    private final Path proc;

    public FingerprintFacts(HostFacts facts, Path sys, Path proc) {
        this.facts = facts;
        this.sys = sys;
        this.proc = proc;
    }

    public static FingerprintFacts system() {
        return new FingerprintFacts(HostFacts.system(), Paths.get("/sys"), Paths.get("/proc"));
    }

    /** This host with the pair {@code producer}, {@code consumer}; the JVMs' builds are the plan's to add. */
    public Fingerprint of(int producer, int consumer) {
        Fingerprint f = new Fingerprint();
        f.cpuModel = facts.cpuModel();
        List<Integer> online = facts.onlineCpus();
        f.cpus = online.size();
        Set<String> packages = new HashSet<>();
        Set<String> cores = new HashSet<>();
        for (int cpu : online) {
            String pkg = topology(cpu, "physical_package_id");
            String core = topology(cpu, "core_id");
            if (pkg == null || core == null) {
                packages = null;
                break;
            }
            packages.add(pkg);
            cores.add(pkg + "/" + core);
        }
        f.sockets = packages == null ? null : packages.size();
        f.cores = packages == null ? null : cores.size();
        f.producerCpu = producer;
        f.consumerCpu = consumer;
        f.relation = relation(producer, consumer);
        f.kernel = facts.kernel();
        List<Integer> isolated = facts.isolatedCpus();
        f.isolatedCpus = CpuList.format(isolated);
        f.pairIsolated = isolated.contains(producer) && isolated.contains(consumer);
        String cmdline = HostFacts.read(proc.resolve("cmdline"));
        f.nohzFull = Fingerprint.nohzFullOf(cmdline);
        Platform platform = facts.platform();
        f.virtualisation = platform.virtualisation;
        f.clockSource = platform.clockSource;
        return f;
    }

    /**
     * How two CPUs relate: SMT siblings of one core, else sharing an L2, else an L3, else across L3s of one socket,
     * else across sockets; null where sysfs does not say.
     */
    String relation(int a, int b) {
        String siblings = topology(a, "thread_siblings_list");
        String pkgA = topology(a, "physical_package_id");
        String pkgB = topology(b, "physical_package_id");
        if (siblings == null || pkgA == null || pkgB == null) {
            return null;
        }
        if (a != b && CpuList.parse(siblings).contains(b)) {
            return "smt-siblings";
        }
        if (!pkgA.equals(pkgB)) {
            return "across-sockets";
        }
        Boolean l2 = sharesCache(a, b, "2");
        Boolean l3 = sharesCache(a, b, "3");
        if (Boolean.TRUE.equals(l2)) {
            return "shared-l2";
        }
        if (Boolean.TRUE.equals(l3)) {
            return "shared-l3";
        }
        return l3 == null ? null : "across-l3";
    }

    /** Whether {@code a}'s cache of {@code level} is shared with {@code b}; null where there is none listed. */
    private Boolean sharesCache(int a, int b, String level) {
        for (int index = 0; index < 8; index++) {
            Path dir = sys.resolve("devices/system/cpu/cpu" + a + "/cache/index" + index);
            String l = HostFacts.read(dir.resolve("level"));
            if (l == null) {
                continue;
            }
            if (l.trim().equals(level)) {
                String shared = HostFacts.read(dir.resolve("shared_cpu_list"));
                return shared == null ? null : CpuList.parse(shared).contains(b);
            }
        }
        return null;
    }

    private String topology(int cpu, String name) {
        String v = HostFacts.read(sys.resolve("devices/system/cpu/cpu" + cpu + "/topology/" + name));
        return v == null || v.trim().isEmpty() ? null : v.trim();
    }
}
