package io.queuelatency.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What kind of host a matrix ran on (fingerprint.json). Two hosts of equal fingerprints are one host type: they may
 * split one matrix's runs between them, and a fleet report groups them. A field not known is null (the relation:
 * {@link #UNKNOWN}); it is never guessed, and two unknowns do not separate two hosts.
 */
public final class Fingerprint {
    public static final int SCHEMA_VERSION = 1;
    public static final String UNKNOWN = "unknown";

    public String cpuModel;
    public Integer sockets;
    public Integer cores;
    public Integer cpus;
    public Integer producerCpu;
    public Integer consumerCpu;
    /** A {@link CpuPair.Relation}'s id (issue 29's host.cpuPair.relation); null where not known. */
    public String relation;
    public String kernel;
    /** The isolated CPUs ("2,4"; "" for none). */
    public String isolatedCpus;
    /** Both measured CPUs among the isolated ones. */
    public Boolean pairIsolated;
    /** The kernel's nohz_full= CPUs ("" where the command line has none). */
    public String nohzFull;
    public String virtualisation;
    public String clockSource;
    /** The JVMs the matrix runs, in the plan's order. */
    public List<JdkBuild> jdks = new ArrayList<>();

    public static final class JdkBuild {
        public String id;
        public String vendor;
        public String version;
        public String compiler;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof JdkBuild)) {
                return false;
            }
            JdkBuild b = (JdkBuild) o;
            return Objects.equals(id, b.id) && Objects.equals(vendor, b.vendor) && Objects.equals(version, b.version)
                    && Objects.equals(compiler, b.compiler);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, vendor, version, compiler);
        }
    }

    public static List<JdkBuild> jdksOf(MatrixPlan plan) {
        List<JdkBuild> builds = new ArrayList<>();
        for (MatrixPlan.PlannedJvm j : plan.jvms) {
            if (j.available) {
                JdkBuild b = new JdkBuild();
                b.id = j.id;
                b.vendor = j.vendor;
                b.version = j.version;
                b.compiler = j.compiler;
                builds.add(b);
            }
        }
        return builds;
    }

    /** A view of the host's facts with the pair's relation and {@code online}'s sockets and cores by the topology. */
    public static Fingerprint of(Host host, CpuTopology topology, List<Integer> online, int producer, int consumer) {
        Fingerprint f = new Fingerprint();
        f.cpuModel = host.cpuModel;
        f.cpus = online.size();
        java.util.Set<Integer> packages = new java.util.HashSet<>();
        java.util.Set<String> cores = new java.util.HashSet<>();
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
        CpuPair.Relation r = topology.relation(producer, consumer);
        f.relation = r == CpuPair.Relation.UNKNOWN ? null : r.id;
        f.kernel = host.kernel;
        f.isolatedCpus = host.isolatedCpuList;
        f.pairIsolated = listHolds(host.isolatedCpuList, producer) && listHolds(host.isolatedCpuList, consumer);
        f.nohzFull = nohzFullOf(host.kernelCommandLine);
        f.virtualisation = host.platform.virtualisation;
        f.clockSource = host.platform.clockSource;
        return f;
    }

    /** The CPUs of a kernel command line's nohz_full= ("" where it has none; null where it is not known). */
    public static String nohzFullOf(String kernelCommandLine) {
        if (kernelCommandLine == null) {
            return null;
        }
        for (String token : kernelCommandLine.trim().split("\\s+")) {
            if (token.equals("--")) {
                break; // what follows is init's, not the kernel's
            }
            if (token.startsWith("nohz_full=")) {
                return token.substring("nohz_full=".length());
            }
        }
        return "";
    }

    /** Whether a CPU list ("0-1,3,5-15") holds {@code cpu}. */
    public static boolean listHolds(String list, int cpu) {
        for (String part : list.trim().isEmpty() ? new String[0] : list.trim().split(",")) {
            String[] range = part.trim().split("-");
            try {
                int from = Integer.parseInt(range[0].trim());
                int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
                if (cpu >= from && cpu <= to) {
                    return true;
                }
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }

    /** Every field by its name in fingerprint.json (the pair's and isolation's dotted), in the file's order. */
    public Map<String, Object> fields() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("cpuModel", cpuModel);
        f.put("sockets", sockets);
        f.put("cores", cores);
        f.put("cpus", cpus);
        f.put("pair.producerCpu", producerCpu);
        f.put("pair.consumerCpu", consumerCpu);
        f.put("pair.relation", relation);
        f.put("kernel", kernel);
        f.put("isolation.isolatedCpus", isolatedCpus);
        f.put("isolation.pairIsolated", pairIsolated);
        f.put("isolation.nohzFull", nohzFull);
        f.put("virtualisation", virtualisation);
        f.put("clockSource", clockSource);
        f.put("jdks", jdks);
        return f;
    }

    /** An unknown differs from a known value. */
    public List<String> differences(Fingerprint other) {
        List<String> differ = new ArrayList<>();
        Map<String, Object> theirs = other.fields();
        for (Map.Entry<String, Object> e : fields().entrySet()) {
            if (!Objects.equals(e.getValue(), theirs.get(e.getKey()))) {
                differ.add(e.getKey());
            }
        }
        return differ;
    }

    /** Each field not known here taken from {@code other} (a file of the same host), where that knows it. */
    public Fingerprint fill(Fingerprint other) {
        cpuModel = cpuModel != null ? cpuModel : other.cpuModel;
        sockets = sockets != null ? sockets : other.sockets;
        cores = cores != null ? cores : other.cores;
        cpus = cpus != null ? cpus : other.cpus;
        producerCpu = producerCpu != null ? producerCpu : other.producerCpu;
        consumerCpu = consumerCpu != null ? consumerCpu : other.consumerCpu;
        relation = relation != null ? relation : other.relation;
        kernel = kernel != null ? kernel : other.kernel;
        isolatedCpus = isolatedCpus != null ? isolatedCpus : other.isolatedCpus;
        pairIsolated = pairIsolated != null ? pairIsolated : other.pairIsolated;
        nohzFull = nohzFull != null ? nohzFull : other.nohzFull;
        virtualisation = virtualisation != null ? virtualisation : other.virtualisation;
        clockSource = clockSource != null ? clockSource : other.clockSource;
        jdks = jdks != null && !jdks.isEmpty() ? jdks : other.jdks;
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint && differences((Fingerprint) o).isEmpty();
    }

    @Override
    public int hashCode() {
        return fields().hashCode();
    }
}
