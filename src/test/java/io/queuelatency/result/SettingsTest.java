package io.queuelatency.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.BadInputException;
import io.queuelatency.measure.MessageLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The one configuration: checked in its builder, listed whole in a fixed order, each setting under one name. */
class SettingsTest {
    private static final long S = Settings.SECOND_NS;

    /** Each value that can never be right, and the setting it is refused under. */
    private static Map<String, UnaryOperator<SettingsBuilder>> wrong() {
        Map<String, UnaryOperator<SettingsBuilder>> w = new LinkedHashMap<>();
        w.put("rate 0", b -> b.rate(0));
        w.put("rate over the most", b -> b.rate(Settings.MAX_RATE + 1));
        w.put("size below the smallest", b -> b.size(MessageLayout.MIN_SIZE - 1));
        w.put("size over the largest", b -> b.size(MessageLayout.MAX_SIZE + 1));
        w.put("duration 0", b -> b.durationNs(0));
        w.put("duration negative", b -> b.durationNs(-S));
        w.put("duration over a day", b -> b.durationNs(Settings.MAX_RUN_NS + 1));
        w.put("warm-up negative", b -> b.warmupNs(-1));
        w.put("warm-up over a day", b -> b.warmupNs(Settings.MAX_RUN_NS + 1));
        w.put("floor negative", b -> b.floorNs(-1));
        w.put("floor over a day", b -> b.floorNs(Settings.MAX_RUN_NS + 1));
        w.put("a window of one message", b -> b.rate(1).durationNs(S));
        w.put("block below 64k", b -> b.blockSize(Settings.MIN_BLOCK - 1));
        w.put("block over 64g", b -> b.blockSize(Settings.MAX_BLOCK + 1));
        w.put("block under four messages", b -> b.size(65_536).blockSize(128 << 10));
        w.put("kernel trace not a mode", b -> b.kernelTrace("yes"));
        w.put("no runs", b -> b.runs(0));
        w.put("a swept size out of range", b -> b.sizes(Arrays.asList(64, 8)));
        w.put("a swept rate out of range", b -> b.rates(Arrays.asList(1_000L, 0L)));
        w.put("a swept rate too slow for the window", b -> b.durationNs(S).rates(Arrays.asList(1_000L, 1L)));
        w.put("a swept size too large for the block", b -> b.blockSize(128 << 10).sizes(Arrays.asList(64, 65_536)));
        w.put("cell grace negative", b -> b.cellGraceNs(-1));
        w.put("max rate over the most", b -> b.maxRate(Settings.MAX_RATE + 1));
        w.put("one percentile budgeted twice",
                b -> b.sla(Arrays.asList(Budget.parse("p99=1ms"), Budget.parse("p99=2ms"))));
        return w;
    }

    private static final List<String> REFUSED_UNDER = Arrays.asList("rate", "rate", "size", "size", "durationNs",
            "durationNs", "durationNs", "warmupNs", "warmupNs", "floorNs", "floorNs", "durationNs", "blockSize",
            "blockSize", "blockSize", "kernelTrace", "runs", "sizes", "rates", "rates", "blockSize", "cellGraceNs",
            "maxRate", "sla");

    @Test
    void aValueThatCanNeverBeRightIsBadInputNamingItsSetting() {
        List<String> refusedUnder = new ArrayList<>();
        for (Map.Entry<String, UnaryOperator<SettingsBuilder>> w : wrong().entrySet()) {
            SettingsBuilder b = w.getValue().apply(Settings.builder());
            Settings.Invalid e = assertThrows(Settings.Invalid.class, b::build, w.getKey());
            assertTrue(e instanceof BadInputException, w.getKey());
            String setting = e.problem.setting;
            assertTrue(Settings.DEFAULTS.entries().containsKey(setting), w.getKey() + ": " + setting);
            refusedUnder.add(setting);
        }
        assertEquals(REFUSED_UNDER, refusedUnder);
    }

    /** Each refusal's kind and numbers: value, low, high (or the name given). */
    private static final List<String> REFUSED_AS = Arrays.asList(
            "RATE_OUT_OF_RANGE rate 0 1 10000000",
            "RATE_OUT_OF_RANGE rate 10000001 1 10000000",
            "SIZE_OUT_OF_RANGE size 15 16 65536",
            "SIZE_OUT_OF_RANGE size 65537 16 65536",
            "DURATION_OUT_OF_RANGE durationNs 0 0 86400000000000",
            "DURATION_OUT_OF_RANGE durationNs -1000000000 0 86400000000000",
            "DURATION_OUT_OF_RANGE durationNs 86400000000001 0 86400000000000",
            "NEGATIVE warmupNs -1 0 0",
            "TOO_LONG warmupNs 86400000000001 0 86400000000000",
            "NEGATIVE floorNs -1 0 0",
            "TOO_LONG floorNs 86400000000001 0 86400000000000",
            "WINDOW_TOO_SHORT durationNs 1 2 0",
            "BLOCK_OUT_OF_RANGE blockSize 65535 65536 68719476736",
            "BLOCK_OUT_OF_RANGE blockSize 68719476737 65536 68719476736",
            "BLOCK_OUT_OF_RANGE blockSize 131072 65536 68719476736",
            "NOT_A_MODE kernelTrace yes",
            "TOO_FEW_RUNS runs 0 1 0",
            "SIZE_OUT_OF_RANGE sizes 8 16 65536",
            "RATE_OUT_OF_RANGE rates 0 1 10000000",
            "WINDOW_TOO_SHORT rates 1 2 0",
            "BLOCK_OUT_OF_RANGE blockSize 131072 65536 68719476736",
            "NEGATIVE cellGraceNs -1 0 0",
            "MAX_RATE_OUT_OF_RANGE maxRate 10000001 100000 10000000",
            "DUPLICATE_BUDGET sla p99");

    @Test
    void eachRefusalIsItsKindWithItsNumbers() {
        List<String> refusedAs = new ArrayList<>();
        for (Map.Entry<String, UnaryOperator<SettingsBuilder>> w : wrong().entrySet()) {
            Settings.Invalid e = assertThrows(Settings.Invalid.class, w.getValue().apply(Settings.builder())::build);
            SettingProblem p = e.problem;
            refusedAs.add(p.what + " " + p.setting + " " + (p.given != null ? p.given : p.value + " " + p.low + " "
                    + p.high));
        }
        assertEquals(REFUSED_AS, refusedAs);
        Settings.Invalid search = assertThrows(Settings.Invalid.class,
                Settings.builder().rate(100_000).maxRate(99_999L).build()::forCapacitySearch);
        assertEquals("MAX_RATE_OUT_OF_RANGE maxRate=99999 [100000, 10000000]", search.getMessage(),
                "from the start rate to the most");
    }

    @Test
    void theEdgesOfEachRangeAreRight() {
        Settings.builder().rate(1).durationNs(2 * S).build();
        Settings.builder().rate(Settings.MAX_RATE).size(MessageLayout.MIN_SIZE).build();
        Settings.builder().size(MessageLayout.MAX_SIZE).blockSize(4L * MessageLayout.MAX_SIZE).build();
        Settings.builder().warmupNs(0).floorNs(0).cellGraceNs(0).durationNs(Settings.MAX_RUN_NS).build();
        Settings.builder().blockSize(Settings.MAX_BLOCK).maxRate(Settings.DEFAULTS.rate).runs(1).build();
        for (String mode : Settings.KERNEL_TRACE_MODES) {
            assertEquals(mode, Settings.builder().kernelTrace(mode).build().kernelTrace);
        }
    }

    @Test
    void aCapacitySearchStartsAtOrBelowItsHighestRate() {
        Settings plain = Settings.builder().rate(100_000).maxRate(99_999L).build();
        Settings.Invalid e = assertThrows(Settings.Invalid.class, plain::forCapacitySearch, "a matrix ignores maxRate");
        assertEquals("maxRate", e.problem.setting);
        Settings s = Settings.builder().rate(100_000).maxRate(100_000L).build();
        assertEquals(s, s.forCapacitySearch());
    }

    @Test
    void theSizeRangeIsTheMessageLayouts() {
        assertEquals(MessageLayout.MIN_SIZE, Definition.INTENDED.smallestMessageBytes);
        assertEquals(MessageLayout.MAX_SIZE, Settings.MAX_SIZE);
    }

    @Test
    void everySettingIsListedOnceInAFixedOrderUnderItsFieldsName() throws Exception {
        Settings s = Settings.builder().rate(50_000).size(64).warmupNs(3 * S).durationNs(7 * S).floorNs(0)
                .producerCpu(2).consumerCpu(4).allowSameCpu(true).queueDir("/tmp").rollCycle("MINUTELY")
                .blockSize(1L << 30).attribution(false).kernelTrace("off").pretouch(true).workload("order")
                .workloadJar("/w.jar").probes(true).profile("50us").profileIntervalNs(S / 100)
                .topology(Settings.PROCESSES).quiet(true).runs(5)
                .sizes(Arrays.asList(32, 64)).rates(Arrays.asList(1_000L, 2_000L))
                .jvmOptions(Collections.singletonList("-XX:+UseZGC"))
                .cellGraceNs(9 * S).skipFirst(true).margin(0.1).sla(Collections.singletonList(Budget.parse("p99=1ms")))
                .maxRate(60_000L).timeBudgetNs(3_600 * S).build();
        List<String> fields = new ArrayList<>();
        for (Field f : Settings.class.getDeclaredFields()) {
            if (Modifier.isPublic(f.getModifiers()) && !Modifier.isStatic(f.getModifiers())) {
                fields.add(f.getName());
                assertEquals(f.get(s), s.entries().get(f.getName()), f.getName());
            }
        }
        assertEquals(fields.size(), s.entries().size());
        assertTrue(s.entries().keySet().containsAll(fields));
        assertEquals(Arrays.asList("rate", "size", "warmupNs", "durationNs", "floorNs"),
                new ArrayList<>(s.entries().keySet()).subList(0, 5), "a study's load first");
        assertEquals(s, s.toBuilder().build(), "an override of nothing is the same configuration");
        assertNotEquals(Settings.DEFAULTS, s);
        for (String name : s.entries().keySet()) {
            assertNotEquals(Settings.DEFAULTS.entries().get(name), s.entries().get(name), name + " set above");
        }
    }

    @Test
    void aStudysConfigurationListsTheSettingsAsAskedEachFollowedByWhatTheHostDecidedAndWhy() {
        Settings asked = Settings.builder().kernelTrace("auto").pretouch(true).build();
        StudyConfig c = new StudyConfig();
        c.settings = asked;
        c.pinnedProducerCpu = 2;
        c.pinnedConsumerCpu = 4;
        c.cpuChoice = "as in the article";
        c.queueParent = Paths.get("/dev/shm");
        c.chosenRollCycle = "FAST_DAILY";
        c.rollCycleChoice = "auto: the whole run fits";
        c.kernelTraceWhyNot = "no third CPU";
        c.pretouchCpu = 6;
        Map<String, Object> e = c.entries();
        List<String> names = new ArrayList<>(e.keySet());
        assertEquals(new ArrayList<>(asked.entries().keySet()), names.stream()
                .filter(asked.entries()::containsKey).collect(java.util.stream.Collectors.toList()),
                "the settings as asked, in their order");
        assertEquals(asked.entries().size() + 10, names.size(), "six decided values (toolCpu too) and four reasons");
        assertEquals(Arrays.asList("consumerCpu", "pinnedProducerCpu", "pinnedConsumerCpu", "cpuChoice"),
                names.subList(names.indexOf("consumerCpu"), names.indexOf("consumerCpu") + 4));
        assertEquals(names.indexOf("queueDir") + 1, names.indexOf("queueParent"));
        assertEquals(Arrays.asList("rollCycle", "chosenRollCycle", "rollCycleChoice"),
                names.subList(names.indexOf("rollCycle"), names.indexOf("rollCycle") + 3));
        assertEquals(Arrays.asList("kernelTrace", "traceKernel", "kernelTraceWhyNot"),
                names.subList(names.indexOf("kernelTrace"), names.indexOf("kernelTrace") + 3));
        assertEquals(names.indexOf("pretouch") + 1, names.indexOf("pretouchCpu"));
        assertEquals(null, e.get("producerCpu"), "as asked: none");
        assertEquals(2, e.get("pinnedProducerCpu"));
        assertEquals(4, e.get("pinnedConsumerCpu"));
        assertEquals("/dev/shm", e.get("queueParent"));
        assertEquals("auto", e.get("rollCycle"));
        assertEquals("FAST_DAILY", e.get("chosenRollCycle"));
        assertEquals("auto", e.get("kernelTrace"));
        assertEquals(false, e.get("traceKernel"));
        assertEquals(6, e.get("pretouchCpu"));
        assertEquals(asked.rate, e.get("rate"));
    }

    @Test
    void theMessagesOfAWindowAreRateTimesDurationExactly() {
        Settings s = Settings.builder().rate(99_990).warmupNs(S / 2).durationNs(10 * S).build();
        assertEquals(49_995, s.warmupMessages());
        assertEquals(999_900, s.measuredMessages());
        assertEquals(1_049_895, s.totalMessages());
        assertEquals(Settings.MAX_RATE * 24 * 3_600, Settings.messagesIn(Settings.MAX_RUN_NS, Settings.MAX_RATE));
    }
}
