package io.queuelatency.host;

import io.queuelatency.result.CpuPair;
import io.queuelatency.result.CpuTopology;
import io.queuelatency.words.PairWords;
import java.util.ArrayList;
import java.util.List;

/** Why {@code auto} chose its pair, rule by rule ({@link CpuChoice}), stored as the pair's {@code why}. */
final class ChoiceWords {
    private ChoiceWords() {
    }

    /** Why {@code chosen} among {@code pairs} candidates; {@code partner}: one CPU was named (no reference note). */
    static String why(CpuTopology topology, List<Integer> allowed, int[] chosen, boolean reference, int pairs,
                      boolean partner) {
        CpuPair pair = topology.pair(chosen[0], chosen[1], CpuPair.ChosenBy.AUTO, null);
        List<String> rules = new ArrayList<>();
        rules.add(isolation(topology, allowed, pair));
        rules.add(pair.smtSiblings == null ? "SMT siblings unknown to sysfs"
                : pair.smtSiblings ? "SMT siblings, as no other pair is allowed" : "not SMT siblings");
        rules.add(caches(topology, pair));
        if (allowed.contains(0)) {
            boolean onCpu0 = topology.coreOf(0).contains(chosen[0]) || topology.coreOf(0).contains(chosen[1]);
            rules.add(onCpu0 ? "on CPU 0's core, as no pair without it is allowed" : "off CPU 0's core");
        }
        String head = "CPUs " + chosen[0] + " and " + chosen[1]
                + (pairs == 1 ? ", the only pair allowed" : reference ? ", the reference study's" : "");
        return head + ": " + String.join(", ", rules)
                + (partner ? "" : referenceNote(topology, allowed, reference, pairs));
    }

    private static String isolation(CpuTopology topology, List<Integer> allowed, CpuPair pair) {
        List<Integer> isolated = new ArrayList<>(topology.isolated());
        isolated.retainAll(allowed);
        if (pair.producerIsolated && pair.consumerIsolated) {
            return "both isolated";
        }
        if (isolated.size() < 2) {
            return "not both isolated (isolated here: " + (isolated.isEmpty() ? "none" : CpuList.format(isolated))
                    + ")";
        }
        return "not both isolated: the isolated CPUs " + CpuList.format(isolated)
                + " make no pair of two cores";
    }

    private static String caches(CpuTopology topology, CpuPair pair) {
        CpuTopology.Cpu producer = topology.cpu(pair.producerCpu);
        switch (pair.relation) {
            case SMT_SIBLINGS:
                return "one core";
            case SHARED_L2:
                return "one L2 (CPUs " + CpuList.format(producer.l2) + ")";
            case SHARED_L3:
                return "one L3 (CPUs " + CpuList.format(producer.l3) + ")";
            case ACROSS_L3:
                return "two L3s: no allowed pair by these rules shares one";
            case ACROSS_SOCKETS:
                return "two sockets: no allowed pair by these rules shares one";
            default:
                return PairWords.brief(pair) + " (sysfs lists no caches)";
        }
    }

    /** Why not the reference study's 2 and 4, where the choice is not theirs. */
    private static String referenceNote(CpuTopology topology, List<Integer> allowed, boolean reference, int pairs) {
        if (reference || pairs == 1 && !allowed.contains(CpuChoice.REFERENCE_PRODUCER)) {
            return "";
        }
        if (!allowed.contains(CpuChoice.REFERENCE_PRODUCER) || !allowed.contains(CpuChoice.REFERENCE_CONSUMER)) {
            return "; the reference study's CPUs 2 and 4 are not both allowed here";
        }
        CpuPair ref = topology.pair(CpuChoice.REFERENCE_PRODUCER, CpuChoice.REFERENCE_CONSUMER,
                CpuPair.ChosenBy.AUTO, null);
        return "; the reference study's CPUs 2 and 4 rank lower here (" + PairWords.brief(ref) + ", "
                + (ref.producerIsolated && ref.consumerIsolated ? "both isolated" : "not both isolated")
                + (topology.coreOf(0).contains(CpuChoice.REFERENCE_PRODUCER)
                || topology.coreOf(0).contains(CpuChoice.REFERENCE_CONSUMER) ? ", on CPU 0's core" : "") + ")";
    }
}
