package io.queuelatency.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** trace_pipe's lines as this machine's kernel (6.18) writes them, parsed into events on the samples' clock. */
class TraceLinesTest {
    private final Names names = new Names();
    private final KernelEvents events = new KernelEvents(16);
    private final TraceLines lines = new TraceLines(names, events, "queue-latency-stop-1f");

    private int parse(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return lines.line(b, 0, b.length);
    }

    @Test
    void aSwitchNamesWhoRanInsteadAndWhetherTheThreadWasPreemptedOrSlept() {
        assertEquals(TraceLines.EVENT, parse("            bash-15970   [001] d..2.  8522.781736: sched_switch: "
                + "prev_comm=bash prev_pid=15970 prev_prio=120 prev_state=R ==> next_comm=C2 CompilerThre "
                + "next_pid=15975 next_prio=120"));
        assertEquals(TraceLines.EVENT, parse("  java-16001   [000] d..2.  8522.781800: sched_switch: prev_comm=java "
                + "prev_pid=16001 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"));
        assertEquals(2, events.written());
        assertEquals(8_522_781_736_000L, events.ts(0), "seconds and microseconds on the mono clock, in ns");
        assertEquals(1, events.cpu(0));
        assertEquals(KernelEvents.SWITCH, events.type(0), "prev_state=R: still runnable, so preempted");
        assertEquals(15970, events.pid(0));
        assertEquals(15975, events.arg(0));
        assertEquals("C2 CompilerThre", names.name(events.name(0)), "a command with a space");
        assertEquals(KernelEvents.SWITCH_SLEEP, events.type(1), "prev_state=S: it went to sleep");
        assertEquals(0, events.cpu(1));
    }

    @Test
    void interruptsTicksAndFaultsAreEvents() {
        parse("          <idle>-0       [001] d.h1.  8522.782260: irq_handler_entry: irq=36 name=virtio1-req.0");
        parse("          <idle>-0       [001] d.h1.  8522.782270: irq_handler_exit: irq=36 ret=handled");
        parse("            java-16001   [000] ..s1.  8522.782300: softirq_entry: vec=4 [action=BLOCK]");
        parse("            java-16001   [000] d.h1.  8522.782400: local_timer_entry: vector=236");
        parse("            java-16002   [001] d....  8522.782500: page_fault_user: address=0x55c2d27cfa88 "
                + "ip=0x7f98e45365be error_code=0x7");
        assertEquals(5, events.written());
        assertEquals(KernelEvents.IRQ_ENTRY, events.type(0));
        assertEquals(36, events.arg(0));
        assertEquals("virtio1-req.0", names.name(events.name(0)));
        assertEquals(KernelEvents.IRQ_EXIT, events.type(1));
        assertEquals(KernelEvents.SOFTIRQ_ENTRY, events.type(2));
        assertEquals("BLOCK", names.name(events.name(2)));
        assertEquals(KernelEvents.TIMER_ENTRY, events.type(3));
        assertEquals(KernelEvents.FAULT, events.type(4));
        assertEquals(16002, events.pid(4));
        assertEquals(0x55c2d27cfa88L, events.arg(4));
    }

    @Test
    void theStopMarkEndsTheReadingAndOtherLinesAreSkipped() {
        assertEquals(TraceLines.SKIPPED, parse("# tracer: nop"));
        assertEquals(TraceLines.SKIPPED, parse("CPU:1 [LOST 12 EVENTS]"));
        assertEquals(TraceLines.SKIPPED,
                parse("            java-16001   [000] .....  8522.9: tracing_mark_write: someone else's mark"));
        assertEquals(TraceLines.STOP,
                parse("            java-16001   [000] .....  8523.000001: tracing_mark_write: queue-latency-stop-1f"));
        assertEquals(0, events.written());
    }
}
