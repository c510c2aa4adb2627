package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.queuelatency.result.Budget;
import io.queuelatency.result.SettingProblem;
import io.queuelatency.result.Settings;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Each kind of refused setting in its exact line: the words are the contract of bad input. */
class SettingsWordsTest {
    private static final long S = Settings.SECOND_NS;

    private static Map<String, UnaryOperator<Settings.Builder>> lines() {
        Map<String, UnaryOperator<Settings.Builder>> w = new LinkedHashMap<>();
        w.put("--rate 0 is out of range: 1 to 10,000,000 msg/s", b -> b.rate(0));
        w.put("--rate 10000001 is out of range: 1 to 10,000,000 msg/s", b -> b.rates(Arrays.asList(10_000_001L)));
        w.put("--size 8 is out of range: 16 (sequence and intended send time; from 24 the actual send time too, from"
                + " 32 the in-queue one) to 65536 bytes", b -> b.size(8));
        w.put("--duration must be more than 0 and at most 24h", b -> b.durationNs(0));
        w.put("--warmup must not be negative", b -> b.warmupNs(-1));
        w.put("--floor must not be negative", b -> b.floorNs(-1));
        w.put("cellGrace must not be negative", b -> b.cellGraceNs(-1));
        w.put("--time-budget must be more than 0", b -> b.timeBudgetNs(0L));
        w.put("--warmup must be at most 24h", b -> b.warmupNs(Settings.MAX_RUN_NS + 1));
        w.put("--floor must be at most 24h", b -> b.floorNs(Settings.MAX_RUN_NS + 1));
        w.put("--duration is too short for --rate 1: the window must hold at least 2 messages",
                b -> b.rate(1).durationNs(S));
        w.put("--block-size 1024 is out of range: 64k to 64g, and at least 4 messages", b -> b.blockSize(1024));
        w.put("--kernel-trace yes is not a mode: use auto, on or off", b -> b.kernelTrace("yes"));
        w.put("--runs 0: at least 1", b -> b.runs(0));
        w.put("--max-rate 10,000,001: from the start rate (100,000 msg/s) to 10,000,000",
                b -> b.maxRate(Settings.MAX_RATE + 1));
        w.put("--sla gives p99 twice: one budget per percentile",
                b -> b.sla(Arrays.asList(Budget.parse("p99=1ms"), Budget.parse("p99=2ms"))));
        return w;
    }

    @Test
    void eachKindIsItsOneLine() {
        Set<SettingProblem.What> seen = EnumSet.noneOf(SettingProblem.What.class);
        for (Map.Entry<String, UnaryOperator<Settings.Builder>> w : lines().entrySet()) {
            Settings.Invalid e = assertThrows(Settings.Invalid.class,
                    () -> w.getValue().apply(Settings.builder()).build(), w.getKey());
            assertEquals(w.getKey(), SettingsWords.text(e));
            seen.add(e.problem.what);
        }
        assertEquals(EnumSet.allOf(SettingProblem.What.class), seen, "every kind has its line here");
    }

    @Test
    void aCapacitySearchsHighestRateBelowItsStart() {
        Settings s = Settings.builder().rate(100_000).maxRate(99_999L).build();
        assertEquals("--max-rate 99,999: from the start rate (100,000 msg/s) to 10,000,000",
                SettingsWords.text(assertThrows(Settings.Invalid.class, s::forCapacitySearch)));
    }
}
