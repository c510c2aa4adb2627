package io.queuelatency.host;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import java.util.ArrayList;
import java.util.List;

/**
 * Which two CPUs the producer and consumer get, and why. Both named by the user: those. Otherwise {@code auto}
 * chooses among the CPUs this process may use by the pair's relation ({@link CpuTopology}), by these rules in order:
 * <ol>
 *   <li>never SMT siblings (one core's two threads), where any other pair exists;</li>
 *   <li>isolated CPUs first (isolcpus): a pair of two isolated CPUs before any other;</li>
 *   <li>both in one L3 (one L2 is one L3 too), else an L3 unknown to sysfs, else across L3s, else across sockets;</li>
 *   <li>neither on CPU 0's core where another pair exists (the boot CPU takes the timer and most interrupts, and
 *       nohz_full cannot include it), as check-host advises;</li>
 *   <li>among the pairs these rules leave equal: CPUs 2 and 4, the reference study's, where they are among them;
 *       else the lowest-numbered pair, the lower CPU producing.</li>
 * </ol>
 * One CPU named: the other is the best partner for it by the same rules. On a 2-CPU VM with no isolation the choice
 * is 0 and 1, and the reason says that no pair without CPU 0 exists.
 */
public final class CpuChoice {
    /** The reference study's pair, taken where the rules leave it among the best. */
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
        List<int[]> pairs = new ArrayList<>();
        for (int a : allowed) {
            for (int b : allowed) {
                if (a < b) {
                    pairs.add(new int[] {a, b});
                }
            }
        }
        if (pairs.isEmpty()) {
            return null;
        }
        return best(topology, allowed, pairs, null);
    }

    /**
     * The best partner by auto's rules for the CPU the user named ({@code given}, the producer's where
     * {@code producerGiven}); the CPU itself where no other is allowed (refused later as one CPU for both).
     */
    public static CpuChoice partner(CpuTopology topology, List<Integer> allowed, int given, boolean producerGiven) {
        List<int[]> pairs = new ArrayList<>();
        for (int other : allowed) {
            if (other != given) {
                pairs.add(producerGiven ? new int[] {given, other} : new int[] {other, given});
            }
        }
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
        switch (r) {
            case SHARED_L2:
            case SHARED_L3:
            case SMT_SIBLINGS:
                return 3;
            case UNKNOWN:
                return 2;
            case ACROSS_L3:
                return 1;
            default:
                return 0;
        }
    }
}
