package io.queuelatency.host;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.result.Fingerprint;
import io.queuelatency.result.Platform;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The host's part of a {@link Fingerprint}, read from /proc and /sys (their roots can be moved, so tests run against
 * fake trees): the CPU model, sockets (distinct packages), cores (distinct package and core), CPUs online, how the
 * measured pair relates (the topology's relation, as result.json's host.cpuPair says it), the kernel, the isolation,
 * the virtualisation and the clock source. What sysfs does not show is left unknown.
 */
public final class FingerprintFacts {
    private final HostFacts facts;
    private final Path proc;

    public FingerprintFacts(HostFacts facts, Path proc) {
        this.facts = facts;
        this.proc = proc;
    }

    public static FingerprintFacts system() {
        return new FingerprintFacts(HostFacts.system(), Paths.get("/proc"));
    }

    /** This host with the pair {@code producer}, {@code consumer}; the JVMs' builds are the plan's to add. */
    public Fingerprint of(int producer, int consumer) {
        Fingerprint f = new Fingerprint();
        f.cpuModel = facts.cpuModel();
        List<Integer> online = facts.onlineCpus();
        f.cpus = online.size();
        CpuTopology topology = facts.topology();
        Set<Integer> packages = new HashSet<>();
        Set<String> cores = new HashSet<>();
        for (int id : online) {
            CpuTopology.Cpu cpu = topology.cpu(id);
            if (cpu == null || cpu.socket < 0 || cpu.core < 0) {
                packages = null;
                break;
            }
            packages.add(cpu.socket);
            cores.add(cpu.socket + "/" + cpu.core);
        }
        f.sockets = packages == null ? null : packages.size();
        f.cores = packages == null ? null : cores.size();
        f.producerCpu = producer;
        f.consumerCpu = consumer;
        f.relation = relation(topology, producer, consumer);
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

    /** How two CPUs relate, as the topology decides it; null where it is unknown. */
    String relation(int a, int b) {
        return relation(facts.topology(), a, b);
    }

    private static String relation(CpuTopology topology, int a, int b) {
        CpuPair.Relation r = topology.relation(a, b);
        return r == CpuPair.Relation.UNKNOWN ? null : r.id;
    }
}
