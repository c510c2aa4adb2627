package io.queuelatency.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.host.CpuChoice;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KernelTraceModeTest {
    private static final CpuChoice MEASURED = CpuChoice.byUser(0, 1);

    @Test
    void autoTracesOnlyWhereTheReaderHasACpuOfItsOwn() {
        assertFalse(KernelTraceMode.whyNot("auto", Arrays.asList(0, 1, 2), MEASURED).isPresent(),
                "CPU 2 for the reader");
        assertTrue(KernelTraceMode.whyNot("auto", Arrays.asList(0, 1), MEASURED).get().contains("--kernel-trace on"),
                "no CPU for the reader: names the option that traces anyway");
        assertFalse(KernelTraceMode.whyNot("on", Arrays.asList(0, 1), MEASURED).isPresent(), "on: anyway");
        assertTrue(KernelTraceMode.whyNot("off", Arrays.asList(0, 1, 2, 3), MEASURED).get()
                .contains("--kernel-trace off"),
                "off: names the option that turned it off");
    }
}
