package io.queuelatency.host;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import java.util.ArrayList;
import java.util.List;

/**
 * Which two CPUs the producer and consumer get, and why: the user's, else {@code auto}'s by the rules of docs/host.md
 * in order ({@link #score}: not SMT siblings, isolated, one L3, off CPU 0's core), then CPUs 2 and 4 (the reference
 * study's) where among the best, else the lowest pair. One CPU named: the best partner for it by the same rules.
 */
public final class CpuChoice {
    static final int REFERENCE_PRODUCER = 2;
    static final int REFERENCE_CONSUMER = 4;

    public final int producer;
    public final int consumer;
    public final String reason;
    public final CpuPair.ChosenBy chosenBy;

    public CpuChoice(int producer, int consumer, String reason, CpuPair.ChosenBy chosenBy) {
        this.producer = producer;
        this.consumer = consumer;
        this.reason = reason;
        this.chosenBy = chosenBy;
    }

    public static CpuChoice byUser(int producer, int consumer) {
        return new CpuChoice(producer, consumer, "chosen by the user", CpuPair.ChosenBy.USER);
    }

    /** The pair for the CPUs asked (null: auto's); null where fewer than two CPUs are allowed and none was named. */
    public static CpuChoice of(Integer producer, Integer consumer, CpuTopology topology, List<Integer> allowed) {
        if (producer != null && consumer != null) {
            return byUser(producer, consumer);
        }
        if (producer != null || consumer != null) {
            return partner(topology, allowed, producer != null ? producer : consumer, producer != null);
        }
        return auto(topology, allowed);
    }

    /** The pair {@code auto} chooses among {@code allowed}; null where fewer than two CPUs are allowed. */
    public static CpuChoice auto(CpuTopology topology, List<Integer> allowed) {
        List<int[]> pairs = pairs(allowed);
        return pairs.isEmpty() ? null : best(topology, allowed, pairs, null);
    }

    /** Every pair of {@code cpus}, the lower CPU producing, in CPU order. */
    public static List<int[]> pairs(List<Integer> cpus) {
        List<int[]> pairs = new ArrayList<>();
        for (int a : cpus) {
            for (int b : cpus) {
                if (a < b) {
                    pairs.add(new int[] {a, b});
                }
            }
        }
        return pairs;
    }

    /** The best partner for the CPU named; the CPU itself where no other is allowed (refused later). */
    public static CpuChoice partner(CpuTopology topology, List<Integer> allowed, int given, boolean producerGiven) {
        List<int[]> pairs = allowed.stream().filter(other -> other != given)
                .map(other -> producerGiven ? new int[] {given, other} : new int[] {other, given})
                .collect(java.util.stream.Collectors.toList());
        if (pairs.isEmpty()) {
            return new CpuChoice(given, given, "no other CPU allowed", CpuPair.ChosenBy.USER);
        }
        String named = (producerGiven ? "producer's CPU " : "consumer's CPU ") + given + " named by the user, the "
                + (producerGiven ? "consumer's" : "producer's") + " chosen by auto's rules: ";
        return best(topology, allowed, pairs, named);
    }

    /** The best of {@code pairs}; {@code prefix}, where one CPU was named, says so (null: none was). */
    private static CpuChoice best(CpuTopology topology, List<Integer> allowed, List<int[]> pairs, String prefix) {
        int[] chosen = null;
        long best = Long.MIN_VALUE;
        boolean reference = false;
        for (int[] p : pairs) {
            long score = score(topology, p[0], p[1]);
            boolean isReference = p[0] == REFERENCE_PRODUCER && p[1] == REFERENCE_CONSUMER;
            if (score > best || score == best && isReference) {
                best = score;
                chosen = p;
                reference = isReference;
            }
        }
        return new CpuChoice(chosen[0], chosen[1], (prefix == null ? "" : prefix)
                + ChoiceWords.why(topology, allowed, chosen, reference, pairs.size(), prefix != null),
                CpuPair.ChosenBy.AUTO);
    }

    /** The rules as one number, higher better. */
    static long score(CpuTopology topology, int a, int b) {
        CpuPair pair = topology.pair(a, b, CpuPair.ChosenBy.AUTO, null);
        long notSiblings = Boolean.TRUE.equals(pair.smtSiblings) ? 0 : 1;
        long isolated = pair.producerIsolated && pair.consumerIsolated ? 1 : 0;
        long offCpu0 = topology.coreOf(0).contains(a) || topology.coreOf(0).contains(b) ? 0 : 1;
        return notSiblings * 1000 + isolated * 100 + closeness(pair.relation) * 10 + offCpu0;
    }

    /** One L3 (or one L2) best, then an L3 unknown, then across L3s, then across sockets. */
    static int closeness(CpuPair.Relation r) {
        return r == CpuPair.Relation.SHARED_L2 || r == CpuPair.Relation.SHARED_L3 || r == CpuPair.Relation.SMT_SIBLINGS
                ? 3 : r == CpuPair.Relation.UNKNOWN ? 2 : r == CpuPair.Relation.ACROSS_L3 ? 1 : 0;
    }
}
