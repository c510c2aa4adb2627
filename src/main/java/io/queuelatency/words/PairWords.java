package io.queuelatency.words;

import io.queuelatency.result.CpuPair;
import java.util.ArrayList;
import java.util.List;

/**
 * How the producer's and the consumer's CPUs relate, in words: briefly for a run's screen ("one L3, not SMT
 * siblings"), whole for table.txt and a report's environment, and the warning a pair chosen apart gets.
 */
public final class PairWords {
    private PairWords() {
    }

    /** "one L3, not SMT siblings": the relation in a few words; what is unknown says so. */
    public static String brief(CpuPair p) {
        switch (p.relation) {
            case SMT_SIBLINGS:
                return "SMT siblings, one core's two threads";
            case SHARED_L2:
                return "one L2, not SMT siblings";
            case SHARED_L3:
                return "one L3, not SMT siblings";
            case ACROSS_L3:
                return "two L3s, one socket";
            case ACROSS_SOCKETS:
                return "two sockets";
            default:
                return unknown(p);
        }
    }

    /** "L3 unknown, not SMT siblings, one socket": what sysfs did give of a pair whose relation it does not. */
    private static String unknown(CpuPair p) {
        List<String> known = new ArrayList<>();
        known.add(p.sharedL3 == null ? "L3 unknown" : p.sharedL3 ? "one L3" : "two L3s");
        if (p.smtSiblings != null) {
            known.add(p.smtSiblings ? "SMT siblings" : "not SMT siblings");
        }
        if (p.samePackage != null) {
            known.add(p.samePackage ? "one socket" : "two sockets");
        }
        return String.join(", ", known);
    }

    /**
     * "shared-l3: one L3, not SMT siblings, one socket, one NUMA node; neither isolated, neither nohz_full": the
     * relation's id and every fact (table.txt, a report's environment).
     */
    public static String facts(CpuPair p) {
        List<String> facts = new ArrayList<>();
        facts.add(brief(p));
        if (p.relation != CpuPair.Relation.UNKNOWN && p.relation != CpuPair.Relation.ACROSS_SOCKETS
                && p.samePackage != null) {
            facts.add(p.samePackage ? "one socket" : "two sockets");
        }
        facts.add(p.sameNumaNode == null ? "NUMA node unknown" : p.sameNumaNode ? "one NUMA node" : "two NUMA nodes");
        return p.relation.id + ": " + String.join(", ", facts) + "; "
                + both(p.producerIsolated, p.consumerIsolated, "isolated") + ", "
                + both(p.producerNohzFull, p.consumerNohzFull, "nohz_full");
    }

    /** "both isolated", "neither isolated", "only the producer's isolated". */
    private static String both(boolean producer, boolean consumer, String what) {
        return producer && consumer ? "both " + what : !producer && !consumer ? "neither " + what
                : "only the " + (producer ? "producer's" : "consumer's") + " " + what;
    }

    /** "chosen by the user" or "chosen automatically: WHY". */
    public static String chosen(CpuPair p) {
        return p.chosenBy == CpuPair.ChosenBy.USER ? "named by the user"
                : "chosen automatically" + (p.why == null ? "" : ": " + p.why);
    }

    /** What a hand-off between such CPUs crosses: the warning's middle. */
    static String apart(CpuPair.Relation r) {
        switch (r) {
            case SMT_SIBLINGS:
                return "one core's two threads, which share its execution units: the hand-off never leaves the core";
            case ACROSS_L3:
                return "every hand-off crosses between two L3 caches (two CCDs or tiles), several times slower than "
                        + "within one";
            case ACROSS_SOCKETS:
                return "every hand-off crosses the sockets' interconnect, slower again than across L3s";
            default:
                return "";
        }
    }
}
