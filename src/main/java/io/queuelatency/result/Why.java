package io.queuelatency.result;

import java.util.Locale;

/**
 * Why a measured thread stalled, and so why a slow message was slow, as far as the evidence of the run can tell:
 * the kernel's events on the measured CPUs (a tracing instance), the JVM's own events (safepoints, GC), and the
 * queue's (a roll, a new block, a page fault on its file). Each cause belongs to whoever could remove it, the
 * {@link Group}: only the JVM's are a reason to prefer one JVM to another.
 */
public enum Why {
    GC_PAUSE("GC", "GC pause", Group.JVM),
    SAFEPOINT("safepoint", "other safepoint", Group.JVM),
    JVM_THREAD("JVM thread", "a thread of this JVM took the CPU (its compilers, GC workers, VM thread)", Group.JVM),
    QUEUE_FAULT("file fault", "page fault on a new page of the queue's file", Group.QUEUE),
    QUEUE_ROLL("roll", "a stall across the queue's roll to a new cycle file", Group.QUEUE),
    QUEUE_BLOCK("block", "a stall across the queue's mapping of a new block of its file", Group.QUEUE),
    PREEMPTED("preempted", "another process took the CPU", Group.HOST),
    INTERRUPT("interrupt", "a hard or soft interrupt", Group.HOST),
    TIMER_TICK("tick", "the local timer interrupt (the tick and high-resolution timers)", Group.HOST),
    OTHER_FAULT("fault", "a page fault elsewhere than the queue's file", Group.HOST),
    NOT_SEEN("not seen", "nothing the kernel saw: the hypervisor took the CPU, or the thread itself was slow", Group.HYPERVISOR),
    TOOL_THREAD("tool", "one of this tool's own threads took the CPU (its monitor, its kernel trace reader): the harness's", Group.OTHER),
    WAITED("waited", "the thread itself waited in the kernel (a lock, a futex, I/O)", Group.OTHER),
    NOT_TRACED("untraced", "a stall whose cause was not traced (no root or no tracefs: see the evidence)", Group.UNTRACED),
    PRODUCER_LATE("late send", "producer late, no stall found", Group.OTHER),
    NONE("none", "none found", Group.OTHER);

    /** Who could remove it. */
    public enum Group {
        JVM("the JVM's"), QUEUE("the queue's"), HOST("the host's"), HYPERVISOR("the hypervisor's"), UNTRACED("not traced"), OTHER("other");

        /** The causes of this group, in order. */
        public java.util.List<Why> members() {
            java.util.List<Why> m = new java.util.ArrayList<>();
            for (Why w : Why.values()) {
                if (w.group == this) {
                    m.add(w);
                }
            }
            return m;
        }

        public final String words;

        Group(String words) {
            this.words = words;
        }
    }

    /** A column's head: at most 10 characters. */
    public final String shortName;
    public final String words;
    public final Group group;

    Why(String shortName, String words, Group group) {
        this.shortName = shortName;
        this.words = words;
        this.group = group;
    }

    /** Its name in result.json: "queueFault", "notSeen". */
    public String id() {
        String[] parts = name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return b.toString();
    }

    /** The cause stored as {@code id}; null for one this release does not know. */
    public static Why of(String id) {
        for (Why w : values()) {
            if (w.id().equals(id)) {
                return w;
            }
        }
        return null;
    }
}
