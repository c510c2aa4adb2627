package io.queuelatency.host;

import java.util.List;

/**
 * Which two CPUs the producer and consumer get, and why. When the user names none: the first two isolated
 * CPUs this process may use; else CPUs 2 and 4 as in Per Minborg's study, when both exist and are allowed;
 * else the first two allowed CPUs.
 */
public final class CpuChoice {
    public final int producer;
    public final int consumer;
    public final String reason;

    public CpuChoice(int producer, int consumer, String reason) {
        this.producer = producer;
        this.consumer = consumer;
        this.reason = reason;
    }

    /** Null where the host offers fewer than two CPUs. */
    public static CpuChoice defaultFor(List<Integer> allowed, List<Integer> isolated) {
        int found = 0;
        int[] two = new int[2];
        for (int cpu : isolated) {
            if (allowed.contains(cpu) && found < 2) {
                two[found++] = cpu;
            }
        }
        if (found == 2) {
            return new CpuChoice(two[0], two[1], "the first two isolated CPUs");
        }
        if (allowed.contains(2) && allowed.contains(4)) {
            return new CpuChoice(2, 4, "CPUs 2 and 4 as in the reference study; no two isolated CPUs");
        }
        if (allowed.size() >= 2) {
            return new CpuChoice(allowed.get(0), allowed.get(1), "the first two CPUs allowed; no two isolated CPUs, "
                    + "and the reference study's CPUs 2 and 4 are not both allowed here");
        }
        return null;
    }
}
