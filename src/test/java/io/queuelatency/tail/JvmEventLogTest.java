package io.queuelatency.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmEventLogTest {
    @Test
    void compilationsAndDiscardedCodeInTheWindowAreCountedAndTheMethodsNamed() {
        List<String> lines = Arrays.asList(
                // before the window
                "[100ns]  178       3       java.util.zip.ZipUtils::CENCOM (9 bytes)",
                "[1000ns]  183 %     4       java.util.zip.ZipFile$Source::hashN @ 2 (26 bytes)",
                "[1100ns]  685     n 0       jdk.internal.misc.Unsafe::putInt (native)",
                "[1200ns]  2376      3       java.util.LinkedList$ListItr::hasNext (20 bytes)   made not entrant",
                "[1300ns]  2376      3       java.util.LinkedList$ListItr::hasNext (20 bytes)   made not entrant",
                "[1400ns]  2376      3       java.util.LinkedList$ListItr::hasNext (20 bytes)   made zombie",
                "not a log line",
                "[9000ns]  4950      4       java.util.LinkedList$ListItr::hasNext (20 bytes)");     // after it
        io.queuelatency.result.Tail.Jit c = JvmEventLog.countJit(lines, 1000, 2000);
        assertEquals(2, c.compilations);
        assertEquals(2, c.deoptimizations);
        assertEquals(Arrays.asList("java.util.LinkedList$ListItr::hasNext (tier 3)"), c.deoptimized);
        assertEquals(0, c.tool, "none of this tool's code");
    }

    @Test
    void theToolsOwnMethodsInTheWindowAreCountedButNotTheMeasuredLoopsEndingWithIt() {
        List<String> lines = Arrays.asList(
                "[500ns]  178       3       io.queuelatency.tail.Fold::match (9 bytes)",          // before the window
                "[1000ns]  183 %     4       io.queuelatency.kernel.Counters::indexOf @ 6 (34 bytes)",
                "[1500ns]  190       4       io.queuelatency.measure.Producer::run @ 23 (68 bytes)   made not entrant",
                "[1600ns]  191       3       net.openhft.chronicle.queue.impl.single.SCQIndexing::getIndex2index (9 "
                        + "bytes)",
                "[2000ns]  192       3       io.queuelatency.store.IntervalLog::append (212 bytes)   made not entrant");
        io.queuelatency.result.Tail.Jit c = JvmEventLog.countJit(lines, 1000, 2000);
        assertEquals(2, c.tool, "the per-second counters' and the log's; the producer's loop ending is measured");
        assertEquals(Arrays.asList("io.queuelatency.kernel.Counters::indexOf (tier 4)",
                "io.queuelatency.store.IntervalLog::append (tier 3)"), c.toolMethods);
    }
}
