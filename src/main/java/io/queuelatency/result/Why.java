package io.queuelatency.result;

/**
 * Why a measured thread stalled, and so why a slow message was slow, as far as the evidence of the run can tell:
 * the kernel's events on the measured CPUs (a tracing instance), the JVM's own events (safepoints, GC), and the
 * queue's (a roll, a new block, a page fault on its file). Each cause belongs to whoever could remove it, the
 * {@link Group}: only the JVM's are a reason to prefer one JVM to another. Their words are words/CauseWords'.
 */
public enum Why {
    GC_PAUSE(Group.JVM),
    SAFEPOINT(Group.JVM),
    JVM_THREAD(Group.JVM),
    QUEUE_FAULT(Group.QUEUE),
    QUEUE_ROLL(Group.QUEUE),
    QUEUE_BLOCK(Group.QUEUE),
    PREEMPTED(Group.HOST),
    INTERRUPT(Group.HOST),
    TIMER_TICK(Group.HOST),
    OTHER_FAULT(Group.HOST),
    NOT_SEEN(Group.HYPERVISOR),
    TOOL_THREAD(Group.OTHER),
    WAITED(Group.OTHER),
    NOT_TRACED(Group.UNTRACED),
    PRODUCER_LATE(Group.OTHER),
    NONE(Group.OTHER);

    public enum Group {
        JVM, QUEUE, HOST, HYPERVISOR, UNTRACED, OTHER
    }

    public final Group group;

    Why(Group group) {
        this.group = group;
    }

    /** Its name in result.json: "queueFault", "notSeen". */
    public String id() {
        return Ids.camel(this);
    }

    /** Null for one this release does not know. */
    public static Why of(String id) {
        return Ids.byId(values(), Why::id, id);
    }
}
