package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.measure.LatencyRecorder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    @TempDir
    Path tmp;

    @Test
    void theHlogReadBackWithHdrHistogramsReaderGivesTheSamePercentilesAsResultJson() throws Exception {
        Path finalDir = tmp.resolve("run");
        Path staging = Files.createDirectory(ResultFiles.stagingFor(finalDir));
        Histogram intendedTotal = LatencyRecorder.newHistogram();
        Histogram actualTotal = LatencyRecorder.newHistogram();
        Random random = new Random(42);
        long startMs = 1_700_000_000_000L;
        try (IntervalLog log = new IntervalLog(staging.resolve(IntervalLog.FILE_NAME), startMs, "test")) {
            for (int second = 0; second < 5; second++) {
                Histogram warm = interval(startMs, second, random, 5_000);
                log.append("warmup-intended", warm);
                Histogram intended = interval(startMs, second + 5, random, 1_000);
                Histogram actual = interval(startMs, second + 5, random, 800);
                log.append("intended", intended);
                log.append("actual", actual);
                intendedTotal.add(intended);
                actualTotal.add(actual);
            }
        }
        RunResult result = new RunResult();
        result.tool = "test";
        result.latency.put("intended", Percentiles.of("intended", intendedTotal));
        result.latency.put("actual", Percentiles.of("actual", actualTotal));
        ResultFiles.complete(staging, finalDir, result, intendedTotal, actualTotal);

        assertFalse(Files.exists(staging), "staging renamed away");
        for (String name : new String[] {"result.json", "latency.hlog", "intended.hgrm", "actual.hgrm", "table.txt"}) {
            assertTrue(Files.isRegularFile(finalDir.resolve(name)), name);
        }
        RunResult stored = ResultFiles.read(finalDir);
        for (String tag : new String[] {"intended", "actual"}) {
            Histogram fromLog = IntervalLog.sum(finalDir.resolve(IntervalLog.FILE_NAME), tag);
            RunResult.Latency recomputed = Percentiles.of(tag, fromLog);
            RunResult.Latency inJson = stored.latency.get(tag);
            assertEquals(inJson.count, recomputed.count, tag);
            for (int i = 0; i < Percentiles.REPORTED.length; i++) {
                assertEquals(inJson.percentiles.get(i).valueNs, recomputed.percentiles.get(i).valueNs, tag + " " + Percentiles.REPORTED[i]);
                assertEquals(inJson.percentiles.get(i).beyond, recomputed.percentiles.get(i).beyond, tag + " " + Percentiles.REPORTED[i]);
            }
        }
        String hgrm = new String(Files.readAllBytes(finalDir.resolve("intended.hgrm")), StandardCharsets.UTF_8);
        assertTrue(hgrm.contains("#[Mean") && hgrm.contains("#[Max"), "an HdrHistogram percentile distribution");
    }

    private static Histogram interval(long startMs, int second, Random random, long scale) {
        Histogram h = LatencyRecorder.newHistogram();
        for (int i = 0; i < 10_000; i++) {
            h.recordValue(scale + (long) (Math.abs(random.nextGaussian()) * scale) + (i % 1000 == 0 ? scale * 100 : 0));
        }
        h.setStartTimeStamp(startMs + second * 1000L);
        h.setEndTimeStamp(startMs + second * 1000L + 1000);
        return h;
    }
}
