package io.queuelatency.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Percentile;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.Tail;
import io.queuelatency.store.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool does not measure itself: with attribution on, its own code (the tail's fold, the matching, the kernel's
 * counters) is compiled in the warm-up, so the JIT's lines in the window (jit.log, counted by tail/JvmEventLog
 * between the window's start and end) name no method of the tool's; the measured loops ending with the window are what
 * is measured.
 * 9 s of warm-up and 1 s of window: 1,000,000 messages, short of the queue's first index array (2^20), past which the
 * JIT discards the measured loops' code (docs/options.md, --warmup).
 */
@FullSuite
class ToolJitIT {
    @TempDir
    Path tmp;

    @Test
    void theWindowsJitLinesNameNoMethodOfTheTool() throws Exception {
        Path queueDir = Jar.shmDir("tool-jit");
        try {
            Path out = tmp.resolve("run");
            Jar run = Jar.run(tmp.resolve("logs"), "--warmup", "9s", "--duration", "1s", "--floor", "0s", "--quiet",
                    "--queue-dir", queueDir.toString(), "--output", out.toString());
            Jar.assertFinished(run);
            RunResult r = ResultFiles.read(out);
            assertNotNull(r.tail, run.toString());
            assertTrue(Files.isRegularFile(out.resolve("jit.log")), "the JIT's log is kept with the run");
            Tail.Jit jit = r.tail.jit;
            assertNotNull(jit, "the JIT's work is recorded on JDK 9 and later: " + r.tail.jvmEventSource);
            assertEquals(0, jit.tool, "the tool's methods compiled or discarded in the window: " + jit.toolMethods
                    + "\n" + run.out);
            if (!r.valid()) {
                // a run that missed its rate may hold too few samples for a p99 at all
                Jar.skip("the window's p99 is matched only in a run that held its rate; the busy host made this one "
                        + "miss it: " + r.validity.invalidReasons);
            }
            Tail.Beyond p99 = r.tail.beyond(Percentile.P99);
            assertEquals(p99.samples, p99.matched, "every sample beyond p99 matched all the same, after the window");
        } finally {
            Files.deleteIfExists(queueDir);
        }
    }
}
