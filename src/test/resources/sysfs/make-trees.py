#!/usr/bin/env python3
"""Writes the minimal sysfs trees CpuTopologyTest reads: only the files host/SysfsTopology reads, laid out as the
kernel lays them out on each machine (see README.md). The VM's tree is copied from this project's VM, not made here.
Run from this directory: ./make-trees.py"""
import os


def put(root, path, text):
    f = os.path.join(root, path)
    os.makedirs(os.path.dirname(f), exist_ok=True)
    with open(f, "w") as out:
        out.write(text + "\n")


def cpulist(cpus):
    """The kernel's list format: ranges of consecutive CPUs, commas between."""
    cpus = sorted(cpus)
    parts, i = [], 0
    while i < len(cpus):
        j = i
        while j + 1 < len(cpus) and cpus[j + 1] == cpus[j] + 1:
            j += 1
        parts.append(str(cpus[i]) if i == j else "%d-%d" % (cpus[i], cpus[j]))
        i = j + 1
    return ",".join(parts)


def tree(root, cpus, isolated=(), nohz_full=None):
    """cpus: {cpu: dict(core, package, die, siblings, l2, l3, node)}."""
    put(root, "devices/system/cpu/online", cpulist(cpus))
    put(root, "devices/system/cpu/isolated", cpulist(isolated))
    if nohz_full is not None:
        put(root, "devices/system/cpu/nohz_full", cpulist(nohz_full) if nohz_full else "(null)")
    nodes = {}
    for cpu, c in cpus.items():
        base = "devices/system/cpu/cpu%d/" % cpu
        put(root, base + "topology/core_id", str(c["core"]))
        put(root, base + "topology/physical_package_id", str(c["package"]))
        put(root, base + "topology/die_id", str(c["die"]))
        put(root, base + "topology/thread_siblings_list", cpulist(c["siblings"]))
        caches = [(1, "Data", c["siblings"]), (1, "Instruction", c["siblings"]), (2, "Unified", c["l2"]),
                  (3, "Unified", c["l3"])]
        for index, (level, kind, shared) in enumerate(caches):
            put(root, base + "cache/index%d/level" % index, str(level))
            put(root, base + "cache/index%d/type" % index, kind)
            put(root, base + "cache/index%d/shared_cpu_list" % index, cpulist(shared))
        nodes.setdefault(c["node"], []).append(cpu)
    for node, members in nodes.items():
        put(root, "devices/system/node/node%d/cpulist" % node, cpulist(members))


def ryzen_5950x():
    """AMD Ryzen 9 5950X: 16 cores, 32 threads, one package, two CCDs each with its own 32 MiB L3 (CPUs 0-7 and their
    siblings 16-23; 8-15 and 24-31), a 512 KiB L2 per core, SMT siblings n and n+16, one NUMA node."""
    cpus = {}
    for cpu in range(32):
        core = cpu % 16
        ccd = core // 8
        siblings = [core, core + 16]
        l3 = list(range(8 * ccd, 8 * ccd + 8)) + list(range(16 + 8 * ccd, 16 + 8 * ccd + 8))
        cpus[cpu] = dict(core=core, package=0, die=0, siblings=siblings, l2=siblings, l3=l3, node=0)
    tree("ryzen-5950x", cpus)


def xeon_2s_alternate():
    """Two Intel Xeon E5-2630 v3 (8 cores, 16 threads each), numbered alternately across the sockets as many
    two-socket servers' firmware does: even CPUs on socket 0, odd on socket 1; SMT siblings n and n+16 (so 2 and 18);
    one L3 and one NUMA node per socket; an L2 per core."""
    cpus = {}
    for cpu in range(32):
        socket = cpu % 2
        core = (cpu // 2) % 8
        siblings = [cpu % 16, cpu % 16 + 16]
        l3 = [c for c in range(32) if c % 2 == socket]
        cpus[cpu] = dict(core=core, package=socket, die=0, siblings=siblings, l2=siblings, l3=l3, node=socket)
    tree("xeon-2s-alternate", cpus)


def xeon_1s():
    """A single-socket server, Intel Xeon E-2278G: 8 cores, 16 threads, SMT siblings n and n+8, one 16 MiB L3, an L2
    per core, one NUMA node; tuned: isolcpus=2,4 nohz_full=2,4."""
    cpus = {}
    for cpu in range(16):
        core = cpu % 8
        siblings = [core, core + 8]
        cpus[cpu] = dict(core=core, package=0, die=0, siblings=siblings, l2=siblings, l3=list(range(16)), node=0)
    tree("xeon-1s", cpus, isolated=[2, 4], nohz_full=[2, 4])


if __name__ == "__main__":
    ryzen_5950x()
    xeon_2s_alternate()
    xeon_1s()
