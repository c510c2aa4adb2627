package io.queuelatency.cli;

import io.queuelatency.host.CpuChoice;
import io.queuelatency.result.Settings;
import java.util.List;
import java.util.Optional;

/**
 * --kernel-trace auto|on|off ({@link Settings#KERNEL_TRACE_MODES}, checked with the other settings): whether a run
 * records the kernel's events on its measured CPUs. auto records them where the trace's reader has a CPU besides the
 * measured two: on a host without one the reader takes their time (p99 x1.27, 0.91-1.43, in 8 alternating pairs on a
 * 2-CPU VM: docs/findings.md).
 */
final class KernelTraceMode {
    private KernelTraceMode() {
    }

    /** Why the kernel's events are not to be recorded; empty when they are (root and tracefs: checked at the run). */
    static Optional<String> whyNot(String mode, List<Integer> allowed, CpuChoice cpus) {
        if (Settings.TRACE_OFF.equals(mode)) {
            return Optional.of("the kernel's events were not asked for (--kernel-trace off)");
        }
        if (Settings.TRACE_ON.equals(mode)) {
            return Optional.empty();
        }
        if (allowed.stream().anyMatch(cpu -> cpu != cpus.producer && cpu != cpus.consumer)) {
            return Optional.empty();
        }
        return Optional.of("no CPU besides the measured two for the trace's reader, which would take their time "
                + "(--kernel-trace on records the kernel's events anyway)");
    }
}
