package io.queuelatency.host;

import io.queuelatency.result.CpuTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPUs' topology from sysfs (its root can be moved, so tests read fake trees of real layouts), file reads only:
 * <pre>
 *   devices/system/cpu/online, isolated, nohz_full
 *   devices/system/cpu/cpuN/topology/thread_siblings_list, core_id, physical_package_id, die_id, cluster_id
 *   devices/system/cpu/cpuN/cache/indexM/level, type, shared_cpu_list     (the L2 and the L3: CCX, CCD, tile)
 *   devices/system/node/nodeK/cpulist
 * </pre>
 * A file that is missing or unreadable leaves its fact unknown. nohz_full reads "(null)" on kernels built with it and
 * booted without it: none.
 */
public final class SysfsTopology {
    private final Path sys;

    public SysfsTopology(Path sys) {
        this.sys = sys;
    }

    public CpuTopology read() {
        Path cpuDir = sys.resolve("devices/system/cpu");
        List<Integer> online = list(cpuDir.resolve("online"));
        if (online.isEmpty()) {
            online = numbered(cpuDir, "cpu");
        }
        List<Integer> isolated = list(cpuDir.resolve("isolated"));
        List<Integer> nohzFull = list(cpuDir.resolve("nohz_full"));
        Map<Integer, Integer> nodes = nodes();
        List<CpuTopology.Cpu> cpus = new ArrayList<>();
        for (int id : online) {
            Path topology = cpuDir.resolve("cpu" + id).resolve("topology");
            Path cache = cpuDir.resolve("cpu" + id).resolve("cache");
            CpuTopology.Cpu cpu = new CpuTopology.Cpu(id);
            cpu.core = number(topology.resolve("core_id"));
            cpu.socket = number(topology.resolve("physical_package_id"));
            cpu.die = number(topology.resolve("die_id"));
            cpu.cluster = number(topology.resolve("cluster_id"));
            cpu.node = nodes.containsKey(id) ? nodes.get(id) : -1;
            cpu.siblings = optionalList(topology.resolve("thread_siblings_list"));
            cpu.l2 = sharing(cache, 2);
            cpu.l3 = sharing(cache, 3);
            cpu.isolated = isolated.contains(id);
            cpu.nohzFull = nohzFull.contains(id);
            cpus.add(cpu);
        }
        return new CpuTopology(cpus);
    }

    /** CPU to NUMA node, from each node's cpulist; empty where the kernel has no node directory. */
    private Map<Integer, Integer> nodes() {
        Map<Integer, Integer> byCpu = new HashMap<>();
        Path nodeDir = sys.resolve("devices/system/node");
        for (int node : numbered(nodeDir, "node")) {
            for (int cpu : list(nodeDir.resolve("node" + node).resolve("cpulist"))) {
                byCpu.put(cpu, node);
            }
        }
        return byCpu;
    }

    /** The CPUs sharing this CPU's data or unified cache of {@code level}; null where sysfs lists none (unknown). */
    private static List<Integer> sharing(Path cacheDir, int level) {
        for (int index : numbered(cacheDir, "index")) {
            Path dir = cacheDir.resolve("index" + index);
            String type = HostFacts.read(dir.resolve("type"));
            if (number(dir.resolve("level")) == level && type != null && !type.trim().equals("Instruction")) {
                return optionalList(dir.resolve("shared_cpu_list"));
            }
        }
        return null;
    }

    /** The numbers N of the entries named PREFIX+N in {@code dir}, in order; empty where it cannot be listed. */
    private static List<Integer> numbered(Path dir, String prefix) {
        String[] names = dir.toFile().list();
        return java.util.Arrays.stream(names == null ? new String[0] : names)
                .filter(name -> name.matches(prefix + "[0-9]{1,6}") && Files.isDirectory(dir.resolve(name)))
                .map(name -> Integer.parseInt(name.substring(prefix.length()))).sorted()
                .collect(java.util.stream.Collectors.toList());
    }

    /** A CPU list file; empty where missing or not a list ("(null)"). */
    private static List<Integer> list(Path file) {
        List<Integer> read = optionalList(file);
        return read == null ? new ArrayList<>() : read;
    }

    /** A CPU list file; null where missing or not a list. */
    private static List<Integer> optionalList(Path file) {
        return CpuList.parseOrNull(HostFacts.read(file));
    }

    /** A number file; -1 where missing, not a number, or the kernel's "none" (-1, or 65535 for a cluster). */
    private static int number(Path file) {
        String text = HostFacts.read(file);
        try {
            int n = text == null ? -1 : Integer.parseInt(text.trim());
            return n == 65535 ? -1 : n;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
