package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's CPUs as sysfs describes them (host/SysfsTopology). What sysfs does not give is unknown (-1, null), and a
 * pair's facts then say so: nothing is guessed. In a virtual machine this is what the hypervisor presents, which need
 * not be the host's own layout (the map, {@code queue-latency map}, measures what is).
 */
public final class CpuTopology {
    private final Map<Integer, Cpu> cpus;

    public static final class Cpu {
        public final int id;
        public int core = -1;
        /** physical_package_id: the socket. */
        public int socket = -1;
        public int die = -1;
        public int cluster = -1;
        public int node = -1;
        /** thread_siblings_list, itself included. */
        public List<Integer> siblings;
        /** The CPUs its L2 is shared with (cache/indexN of level 2), itself included. */
        public List<Integer> l2;
        /** Its CCX, CCD or tile. */
        public List<Integer> l3;
        public boolean isolated;
        public boolean nohzFull;

        public Cpu(int id) {
            this.id = id;
        }
    }

    public CpuTopology(List<Cpu> cpus) {
        Map<Integer, Cpu> byId = new LinkedHashMap<>();
        for (Cpu c : cpus) {
            byId.put(c.id, c);
        }
        this.cpus = Collections.unmodifiableMap(byId);
    }

    public List<Integer> cpus() {
        return new ArrayList<>(cpus.keySet());
    }

    /** Null for a CPU sysfs does not describe. */
    public Cpu cpu(int id) {
        return cpus.get(id);
    }

    public List<Integer> isolated() {
        List<Integer> out = new ArrayList<>();
        for (Cpu c : cpus.values()) {
            if (c.isolated) {
                out.add(c.id);
            }
        }
        return out;
    }

    /** The CPUs of {@code cpu}'s core (its SMT siblings, itself included); just itself where unknown. */
    public List<Integer> coreOf(int cpu) {
        Cpu c = cpus.get(cpu);
        return c == null || c.siblings == null ? Collections.singletonList(cpu) : c.siblings;
    }

    public CpuPair pair(int producer, int consumer, CpuPair.ChosenBy chosenBy, String why) {
        Cpu p = cpus.get(producer);
        Cpu c = cpus.get(consumer);
        CpuPair b = new CpuPair();
        b.producerCpu = producer;
        b.consumerCpu = consumer;
        b.chosenBy = chosenBy;
        b.why = why;
        b.producerIsolated = p != null && p.isolated;
        b.consumerIsolated = c != null && c.isolated;
        b.producerNohzFull = p != null && p.nohzFull;
        b.consumerNohzFull = c != null && c.nohzFull;
        if (p != null && c != null) {
            b.smtSiblings = shares(p.siblings, c.siblings, consumer);
            b.sharedL2 = shares(p.l2, c.l2, consumer);
            b.sharedL3 = shares(p.l3, c.l3, consumer);
            b.samePackage = p.socket < 0 || c.socket < 0 ? null : p.socket == c.socket;
            b.sameNumaNode = p.node < 0 || c.node < 0 ? null : p.node == c.node;
            b.relation = relation(b.smtSiblings, b.sharedL2, b.sharedL3, b.samePackage);
        }
        return b;
    }

    public CpuPair.Relation relation(int producer, int consumer) {
        return pair(producer, consumer, CpuPair.ChosenBy.AUTO, null).relation;
    }

    /**
     * The closest level shared, where known: two packages are across sockets whatever else is unknown; within one,
     * the core, then the L2, then the L3; an L3 known not to be shared is across L3s; the rest is unknown.
     */
    static CpuPair.Relation relation(Boolean smt, Boolean l2, Boolean l3, Boolean samePackage) {
        if (Boolean.FALSE.equals(samePackage)) {
            return CpuPair.Relation.ACROSS_SOCKETS;
        }
        if (Boolean.TRUE.equals(smt)) {
            return CpuPair.Relation.SMT_SIBLINGS;
        }
        if (Boolean.TRUE.equals(l2)) {
            return CpuPair.Relation.SHARED_L2;
        }
        if (Boolean.TRUE.equals(l3)) {
            return CpuPair.Relation.SHARED_L3;
        }
        if (Boolean.FALSE.equals(l3) && Boolean.TRUE.equals(samePackage)) {
            return CpuPair.Relation.ACROSS_L3;
        }
        return CpuPair.Relation.UNKNOWN;
    }

    /** Whether {@code other} is among the first CPU's group; null where either CPU's group is unknown. */
    private static Boolean shares(List<Integer> group, List<Integer> othersGroup, int other) {
        if (group == null || othersGroup == null) {
            return null;
        }
        return group.contains(other);
    }
}
