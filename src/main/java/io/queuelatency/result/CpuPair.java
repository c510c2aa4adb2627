package io.queuelatency.result;

/**
 * How the producer's CPU and the consumer's relate: what moves a hand-off between them most. A cache line that moves
 * within one core (SMT siblings) takes a few ns, within one L3 tens of ns, across L3s several times that, across
 * sockets more again. The relation names the closest level the two share, from sysfs ({@link CpuTopology}); a fact
 * sysfs does not give is null (unknown), never guessed. What is not given is unknown (null) or false.
 */
public final class CpuPair {
    public enum Relation {
        /** One core's two hardware threads. */
        SMT_SIBLINGS("smt-siblings"),
        /** Two cores that share an L2 (a cluster of small cores), not one core. */
        SHARED_L2("shared-l2"),
        /** Two cores of one L3 (one CCX or CCD, one tile or mesh): the reference study's pair. */
        SHARED_L3("shared-l3"),
        /** One package, two L3s (two CCDs of a Ryzen or EPYC, two tiles). */
        ACROSS_L3("across-l3"),
        /** Two packages. */
        ACROSS_SOCKETS("across-sockets"),
        /** sysfs does not say enough (no cache topology, no package). */
        UNKNOWN("unknown");

        public final String id;

        Relation(String id) {
            this.id = id;
        }

        /** Null for none of ours. */
        public static Relation byId(String id) {
            return Ids.byId(values(), r -> r.id, id);
        }

        /** Not the hand-off the reference study measured: a pair chosen for the user gets a warning. */
        public boolean apart() {
            return this == SMT_SIBLINGS || this == ACROSS_L3 || this == ACROSS_SOCKETS;
        }
    }

    public enum ChosenBy {
        USER("user"), AUTO("auto");

        public final String id;

        ChosenBy(String id) {
            this.id = id;
        }

        public static ChosenBy byId(String id) {
            return Ids.byId(values(), c -> c.id, id);
        }
    }

    public int producerCpu = -1;
    public int consumerCpu = -1;
    public Relation relation = Relation.UNKNOWN;
    /** Null where unknown. */
    public Boolean smtSiblings;
    public Boolean sharedL2;
    public Boolean sharedL3;
    public Boolean samePackage;
    public Boolean sameNumaNode;
    public boolean producerIsolated;
    public boolean consumerIsolated;
    public boolean producerNohzFull;
    public boolean consumerNohzFull;
    public ChosenBy chosenBy = ChosenBy.AUTO;
    /** Why these two: the user's, or auto's rules as they decided. */
    public String why;

    public boolean warnable() {
        return chosenBy != ChosenBy.USER && relation.apart();
    }
}
