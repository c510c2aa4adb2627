package io.queuelatency.words;

import io.queuelatency.result.CpuPair;
import java.util.ArrayList;
import java.util.List;

/** How the producer's and the consumer's CPUs relate, in words: briefly, whole, and why a pair apart warns. */
public final class PairWords {
    /** Each relation in a few words, in {@link CpuPair.Relation}'s order (an unknown one says what sysfs gave). */
    private static final String[] BRIEF = {"SMT siblings, one core's two threads", "one L2, not SMT siblings",
        "one L3, not SMT siblings", "two L3s, one socket", "two sockets"};
    /** What a hand-off between such CPUs crosses, in the same order: the warning's middle. */
    private static final String[] APART = {"one core's two threads, which share its execution units: the hand-off "
        + "never leaves the core", "", "", "every hand-off crosses between two L3 caches (two CCDs or tiles), several "
        + "times slower than within one", "every hand-off crosses the sockets' interconnect, slower again than across "
        + "L3s", ""};

    private PairWords() {
    }

    /** "one L3, not SMT siblings": the relation in a few words; what is unknown says so. */
    public static String brief(CpuPair p) {
        return p.relation == CpuPair.Relation.UNKNOWN ? unknown(p) : BRIEF[p.relation.ordinal()];
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

    /** "shared-l3: one L3, not SMT siblings, one socket, one NUMA node; neither isolated, neither nohz_full". */
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

    static String apart(CpuPair.Relation r) {
        return APART[r.ordinal()];
    }
}
