package io.queuelatency.host;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The CPUs the tool may pin its measured threads to, and why (docs/host.md, "Which CPUs the tool may pin"): the
 * affinity, plus the isolated CPUs where the affinity is the default isolcpus leaves; within the cgroup's cpuset.
 */
public final class PinnableCpus {
    public final List<Integer> cpus;
    /** Why these: "this process's affinity (0-1,3,5-15) and the isolated CPUs 2,4, which isolcpus ...". */
    public final String why;

    private PinnableCpus(List<Integer> cpus, String why) {
        this.cpus = Collections.unmodifiableList(cpus);
        this.why = why;
    }

    /** {@code affinity} null: unreadable; {@code cpuset} null: none readable. */
    public static PinnableCpus of(List<Integer> online, List<Integer> isolated, List<Integer> affinity,
                                  List<Integer> cpuset) {
        List<Integer> bound = new ArrayList<>(online);
        if (cpuset != null) {
            bound.retainAll(cpuset);
        }
        boolean narrowed = !bound.equals(online);
        String every = narrowed ? "every CPU of this process's cgroup cpuset (of the online " + CpuList.format(online)
                + ")" : "every online CPU";
        String within = narrowed ? " (within the cgroup's cpuset " + CpuList.format(bound) + ")" : "";
        if (affinity == null) {
            return new PinnableCpus(bound, every + " (this process's affinity is not readable)");
        }
        List<Integer> allowed = new ArrayList<>(affinity);
        allowed.retainAll(bound);
        List<Integer> isolatedWithin = new ArrayList<>(isolated);
        isolatedWithin.retainAll(bound);
        List<Integer> defaultMask = new ArrayList<>(bound);
        defaultMask.removeAll(isolatedWithin);
        if (!isolatedWithin.isEmpty() && allowed.equals(defaultMask)) {
            return new PinnableCpus(bound, "this process's affinity (" + CpuList.format(allowed) + ") and the isolated "
                    + cpus(isolatedWithin) + within + ", which isolcpus leaves out of every process's default affinity "
                    + "and a thread may still be pinned to" + outside(isolated, bound, bound));
        }
        if (allowed.equals(bound)) {
            return new PinnableCpus(allowed, every + ", all in this process's affinity"
                    + outside(isolated, bound, allowed));
        }
        return new PinnableCpus(allowed, "this process's affinity, narrower than "
                + (narrowed ? "its cgroup's cpuset " + CpuList.format(bound) : "the online CPUs "
                + CpuList.format(online)) + " (taskset, or its parent's choice): respected"
                + outside(isolated, bound, allowed));
    }

    /** "; the isolated CPUs 2,4 are outside it": isolated CPUs not among {@code pinnable}; "" where none. */
    private static String outside(List<Integer> isolated, List<Integer> bound, List<Integer> pinnable) {
        List<Integer> left = new ArrayList<>(isolated);
        left.removeAll(pinnable);
        if (left.isEmpty()) {
            return "";
        }
        List<Integer> inBound = new ArrayList<>(left);
        inBound.retainAll(bound);
        return "; the isolated " + cpus(left) + (left.size() == 1 ? " is" : " are")
                + (inBound.isEmpty() ? " outside the cgroup's cpuset" : " outside it");
    }

    public String describe() {
        return CpuList.format(cpus) + ": " + why;
    }

    /** "CPU 3", "CPUs 2,4". */
    private static String cpus(List<Integer> list) {
        return (list.size() == 1 ? "CPU " : "CPUs ") + CpuList.format(list);
    }
}
