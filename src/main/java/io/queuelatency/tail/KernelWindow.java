package io.queuelatency.tail;

import io.queuelatency.kernel.KernelEvents;
import io.queuelatency.result.Why;
import java.util.Arrays;

/**
 * The kernel's recent events on one measured CPU, in time order, and what they say of a stall of the thread that
 * runs there: another task ran (the JVM's, the tool's, another process's), the thread slept, an interrupt, the timer,
 * a page fault (on the queue's file or elsewhere); what no event covers the kernel did not see (the hypervisor).
 * Fixed arrays: an event is kept until no stall left to name can need it.
 */
final class KernelWindow {
    static final int CAPACITY = 1 << 18;
    /** The events' clock has microseconds: a stall is looked at this much wider on each side. */
    static final long SLACK_NS = 1_000;
    private static final int TASKS = 8;
    private static final Why[] PARTS = {Why.PREEMPTED, Why.JVM_THREAD, Why.TOOL_THREAD, Why.WAITED, Why.INTERRUPT,
            Why.TIMER_TICK};

    final int cpu;
    private final long[] ts = new long[CAPACITY];
    private final byte[] type = new byte[CAPACITY];
    private final int[] pid = new int[CAPACITY];
    private final long[] arg = new long[CAPACITY];
    private final int[] name = new int[CAPACITY];
    private long head;
    private long next;
    long overflowed;
    private final int[] watched = new int[2];
    /** Per watched thread: when it was switched out and not yet back in; MAX_VALUE while it runs. */
    private final long[] outSince = {Long.MAX_VALUE, Long.MAX_VALUE};

    // What the last named stall was made of (read right after name()): its time by cause (a Why's ordinal), faults.
    private final long[] byWhy = new long[Why.values().length];
    long queueFaults;
    long otherFaults;
    /** The command (its number in the trace's names) that ran longest instead of the thread; -1 none. */
    int topTaskName;
    boolean topTaskJvm;
    boolean topTaskTool;
    private final int[] taskPid = new int[TASKS];
    private final int[] taskName = new int[TASKS];
    private final long[] taskNs = new long[TASKS];
    private int tasks;

    KernelWindow(int cpu) {
        this.cpu = cpu;
    }

    void add(KernelEvents e, long i) {
        if (next - head == CAPACITY) {
            head++; // the oldest goes: stalls that needed it are named long since
            overflowed++;
        }
        int s = (int) (next & (CAPACITY - 1));
        ts[s] = e.ts(i);
        type[s] = e.type(i);
        pid[s] = e.pid(i);
        arg[s] = e.arg(i);
        name[s] = e.name(i);
        if (type[s] == KernelEvents.SWITCH || type[s] == KernelEvents.SWITCH_SLEEP) {
            for (int w = 0; w < 2; w++) {
                if (watched[w] != 0 && pid[s] == watched[w]) {
                    outSince[w] = Math.min(outSince[w], ts[s]);
                }
                if (watched[w] != 0 && (int) arg[s] == watched[w]) {
                    outSince[w] = Long.MAX_VALUE;
                }
            }
        }
        next++;
    }

    /** A measured thread that runs on this CPU: its switch-out is kept until it is switched back in. */
    void watch(int tid) {
        watched[watched[0] == 0 ? 0 : 1] = tid;
    }

    /** But never a watched thread's switch-out not yet followed by its switch-in. */
    void trim(long beforeNs) {
        long keep = Math.min(beforeNs, Math.min(outSince[0], outSince[1]));
        while (head < next && ts[(int) (head & (CAPACITY - 1))] < keep - SLACK_NS) {
            head++;
        }
    }

    /** The parts of the stall are left in the fields above; returns the cause that covers most of it. */
    Why name(int tid, long start, long end, OwnThreads jvm, QueueFiles files) {
        clear();
        long from = start - SLACK_NS;
        long to = end + SLACK_NS;
        boolean off = false;
        boolean slept = false;
        int running = -1;
        long lastSwitch = 0;
        long irqFrom = -1;
        long softFrom = -1;
        long tickFrom = -1;
        for (long i = firstAtOrAfter(ts, head, next, from); i < next; i++) {
            int s = (int) (i & (CAPACITY - 1));
            long t = ts[s];
            if (t > to) {
                break;
            }
            byte k = type[s];
            if (k == KernelEvents.SWITCH || k == KernelEvents.SWITCH_SLEEP) {
                if (off && running >= 0) {
                    account(running, t - lastSwitch, slept);
                }
                if (pid[s] == tid) {
                    off = true;
                    slept = k == KernelEvents.SWITCH_SLEEP;
                }
                if ((int) arg[s] == tid) {
                    off = false;
                    running = -1;
                } else if (off) {
                    running = s;
                }
                lastSwitch = t;
            } else if (!off && (k == KernelEvents.IRQ_ENTRY || k == KernelEvents.SOFTIRQ_ENTRY
                    || k == KernelEvents.TIMER_ENTRY)) {
                irqFrom = k == KernelEvents.IRQ_ENTRY ? t : irqFrom;
                softFrom = k == KernelEvents.SOFTIRQ_ENTRY ? t : softFrom;
                tickFrom = k == KernelEvents.TIMER_ENTRY ? t : tickFrom;
            } else if (k == KernelEvents.IRQ_EXIT && irqFrom >= 0) {
                byWhy[Why.INTERRUPT.ordinal()] += t - irqFrom;
                irqFrom = -1;
            } else if (k == KernelEvents.SOFTIRQ_EXIT && softFrom >= 0) {
                byWhy[Why.INTERRUPT.ordinal()] += t - softFrom;
                softFrom = -1;
            } else if (k == KernelEvents.TIMER_EXIT && tickFrom >= 0) {
                byWhy[Why.TIMER_TICK.ordinal()] += t - tickFrom;
                tickFrom = -1;
            } else if (k == KernelEvents.FAULT && pid[s] == tid) {
                if (files.contains(arg[s])) {
                    queueFaults++;
                } else {
                    otherFaults++;
                }
            }
        }
        if (off && running >= 0) {
            account(running, Math.max(0, end - lastSwitch), slept);
        }
        return decide(end - start, jvm);
    }

    private void account(int slot, long ns, boolean slept) {
        if (ns <= 0) {
            return;
        }
        if (slept) {
            byWhy[Why.WAITED.ordinal()] += ns;
            return;
        }
        int p = (int) arg[slot];
        int i = Preemptors.indexOf(taskPid, tasks, p);
        if (i == tasks) {
            if (tasks == TASKS) {
                i = TASKS - 1; // the eighth and later share the last place
            } else {
                tasks++;
                taskPid[i] = p;
                taskName[i] = name[slot];
            }
        }
        taskNs[i] += ns;
    }

    private Why decide(long length, OwnThreads jvm) {
        long top = -1;
        for (int i = 0; i < tasks; i++) {
            boolean own = jvm.isOwnThread(taskPid[i]);
            Why w = own && jvm.isToolThread(taskPid[i]) ? Why.TOOL_THREAD : own ? Why.JVM_THREAD : Why.PREEMPTED;
            byWhy[w.ordinal()] += taskNs[i];
            if (taskNs[i] > top) {
                top = taskNs[i];
                topTaskName = taskName[i];
                topTaskJvm = own;
                topTaskTool = w == Why.TOOL_THREAD;
            }
        }
        long seen = 0;
        for (Why w : PARTS) {
            seen += byWhy[w.ordinal()];
        }
        Why best = queueFaults + otherFaults > 0 ? (queueFaults >= otherFaults ? Why.QUEUE_FAULT : Why.OTHER_FAULT)
                : Why.NOT_SEEN;
        long bestNs = Math.max(0, length - seen);
        for (Why w : PARTS) {
            if (byWhy[w.ordinal()] > bestNs) {
                bestNs = byWhy[w.ordinal()];
                best = w;
            }
        }
        return best;
    }

    /** The time another task took the CPU in the last named stall. */
    long tookNs() {
        return byWhy[Why.PREEMPTED.ordinal()] + byWhy[Why.JVM_THREAD.ordinal()] + byWhy[Why.TOOL_THREAD.ordinal()];
    }

    private void clear() {
        Arrays.fill(byWhy, 0);
        queueFaults = 0;
        otherFaults = 0;
        topTaskName = -1;
        topTaskJvm = false;
        topTaskTool = false;
        Arrays.fill(taskNs, 0, tasks, 0);
        tasks = 0;
    }

    /** The first of {@code ring}'s indices from head to next whose time is {@code t} or later; next where none. */
    static long firstAtOrAfter(long[] ring, long head, long next, long t) {
        long lo = head;
        long hi = next;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (ring[(int) (mid & (ring.length - 1))] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
