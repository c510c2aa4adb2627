package io.queuelatency.words;

import io.queuelatency.result.Tail;
import io.queuelatency.result.Why;
import java.util.EnumMap;
import java.util.Map;

/** The tail's causes in words: each {@link Why}, its {@link Why.Group}, and each {@link Tail.Cause}. */
public final class CauseWords {
    /** Each why's column head and sentence. */
    private static final Map<Why, String[]> WHY = new EnumMap<>(Why.class);
    /** Whose each {@link Why.Group} is, in its order. */
    private static final String[] GROUPS = {"the JVM's", "the queue's", "the host's", "the hypervisor's", "not traced",
        "other"};
    /** Each cause's column head, its words in a run's brief and its sentence. */
    private static final Map<Tail.Cause, String[]> CAUSE = new EnumMap<>(Tail.Cause.class);

    static {
        why(Why.GC_PAUSE, "GC", "GC pause");
        why(Why.SAFEPOINT, "safepoint", "other safepoint");
        why(Why.JVM_THREAD, "JVM thread", "a thread of this JVM took the CPU (its compilers, GC workers, VM thread)");
        why(Why.QUEUE_FAULT, "file fault", "page fault on a new page of the queue's file");
        why(Why.QUEUE_ROLL, "roll", "a stall across the queue's roll to a new cycle file");
        why(Why.QUEUE_BLOCK, "block", "a stall across the queue's mapping of a new block of its file");
        why(Why.PREEMPTED, "preempted", "another process took the CPU");
        why(Why.INTERRUPT, "interrupt", "a hard or soft interrupt");
        why(Why.TIMER_TICK, "tick", "the local timer interrupt (the tick and high-resolution timers)");
        why(Why.OTHER_FAULT, "fault", "a page fault elsewhere than the queue's file");
        why(Why.NOT_SEEN, "not seen", "nothing the kernel saw: the hypervisor took the CPU, or the thread itself was "
                + "slow");
        why(Why.TOOL_THREAD, "tool", "one of this tool's own threads took the CPU (its monitor, its kernel trace "
                + "reader, with --profile the profiler's timer): the harness's");
        why(Why.WAITED, "waited", "the thread itself waited in the kernel (a lock, a futex, I/O)");
        why(Why.NOT_TRACED, "untraced", "a stall whose cause was not traced (no root or no tracefs: see the evidence)");
        why(Why.PRODUCER_LATE, "late send", "producer late, no stall found");
        why(Why.NONE, "none", "none found");
        cause(Tail.Cause.PRODUCER_STALL, "prod.stall", "producer-CPU stall",
                "producer-CPU stall while it waited for a slot");
        cause(Tail.Cause.WRITE_STALL, "in write", "producer stall in its write", "producer stall spanning its write to "
                + "the queue (a page fault on the mapped file, a block mapped, the CPU taken)");
        cause(Tail.Cause.CONSUMER_STALL, "cons.stall", "consumer-CPU stall", "consumer-CPU stall");
        cause(Tail.Cause.QUEUE_ROLL, "roll", "the queue's roll",
                "a stall of either thread across the queue's roll to a new cycle file");
        cause(Tail.Cause.QUEUE_BLOCK, "block", "the queue's new block",
                "a stall of either thread across the queue's mapping of a new block of its file");
        cause(Tail.Cause.GC_PAUSE, "GC", "GC pause", "GC pause");
        cause(Tail.Cause.SAFEPOINT, "safepoint", "other safepoint", "other safepoint");
        cause(Tail.Cause.PRODUCER_LATE, "late send", "late send, no stall", "producer late, no stall found");
        cause(Tail.Cause.NONE, "none", "no cause found", "none found");
    }

    private CauseWords() {
    }

    private static void why(Why w, String... words) {
        WHY.put(w, words);
    }

    private static void cause(Tail.Cause c, String... words) {
        CAUSE.put(c, words);
    }

    /** A column's head: "file fault", "not seen"; at most 10 characters. */
    public static String shortName(Why w) {
        return WHY.get(w)[0];
    }

    /** "page fault on a new page of the queue's file". */
    public static String words(Why w) {
        return WHY.get(w)[1];
    }

    /** "the host's". */
    public static String words(Why.Group g) {
        return GROUPS[g.ordinal()];
    }

    /** Which CPU takes this tool's own threads off the measured ones; {@code cpu} -1: none. */
    public static String toolCpu(int cpu) {
        return cpu >= 0 ? "CPU " + cpu + " takes them (they ran there)"
                : "a CPU besides the measured two would take them: this host had none";
    }

    /** "consumer-CPU stall". */
    public static String words(Tail.Cause c) {
        return CAUSE.get(c)[2];
    }

    /** table.txt's column head: "prod.stall", "in write". */
    public static String shortName(Tail.Cause c) {
        return CAUSE.get(c)[0];
    }

    /** "producer-CPU stall", "producer stall in its write": in two or three words, for a run's brief. */
    public static String brief(Tail.Cause c) {
        return CAUSE.get(c)[1];
    }
}
