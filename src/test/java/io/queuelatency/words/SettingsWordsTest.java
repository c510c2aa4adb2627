package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.result.Budget;
import io.queuelatency.result.SettingProblem;
import io.queuelatency.result.SettingProblem.What;
import io.queuelatency.result.Settings;
import io.queuelatency.result.SettingsBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Each kind of refused setting: its kind, and one line naming the option, the value given and what it may be. */
class SettingsWordsTest {
    private static final long S = Settings.SECOND_NS;

    /** A builder that breaks a rule, the kind of problem it is, and the values its line names. */
    private static final class Case {
        final UnaryOperator<SettingsBuilder> change;
        final SettingProblem.What what;
        final String[] named;

        Case(UnaryOperator<SettingsBuilder> change, SettingProblem.What what, String... named) {
            this.change = change;
            this.what = what;
            this.named = named;
        }
    }

    private static List<Case> cases() {
        List<Case> w = new ArrayList<>();
        w.add(new Case(b -> b.rate(0), What.RATE_OUT_OF_RANGE, "--rate 0 ", " 1 ", " 10,000,000 "));
        w.add(new Case(b -> b.rates(Arrays.asList(10_000_001L)), What.RATE_OUT_OF_RANGE, "--rate 10000001 "));
        w.add(new Case(b -> b.size(8), What.SIZE_OUT_OF_RANGE, "--size 8 ", " 16 ", " 24 ", " 32 ", " 65536 "));
        w.add(new Case(b -> b.durationNs(0), What.DURATION_OUT_OF_RANGE, "--duration ", " 0 ", " 24h"));
        w.add(new Case(b -> b.warmupNs(-1), What.NEGATIVE, "--warmup "));
        w.add(new Case(b -> b.floorNs(-1), What.NEGATIVE, "--floor "));
        w.add(new Case(b -> b.cellGraceNs(-1), What.NEGATIVE, "cellGrace "));
        w.add(new Case(b -> b.timeBudgetNs(0L), What.NOT_POSITIVE, "--time-budget ", " 0"));
        w.add(new Case(b -> b.warmupNs(Settings.MAX_RUN_NS + 1), What.TOO_LONG, "--warmup ", " 24h"));
        w.add(new Case(b -> b.floorNs(Settings.MAX_RUN_NS + 1), What.TOO_LONG, "--floor ", " 24h"));
        w.add(new Case(b -> b.rate(1).durationNs(S), What.WINDOW_TOO_SHORT, "--duration ", "--rate 1", " 2 "));
        w.add(new Case(b -> b.blockSize(1024), What.BLOCK_OUT_OF_RANGE, "--block-size 1024 ", " 64k ", " 64g", " 4 "));
        w.add(new Case(b -> b.kernelTrace("yes"), What.NOT_A_MODE, "--kernel-trace yes ", " auto", " on ", " off"));
        w.add(new Case(b -> b.runs(0), What.TOO_FEW_RUNS, "--runs 0", " 1"));
        w.add(new Case(b -> b.maxRate(Settings.MAX_RATE + 1), What.MAX_RATE_OUT_OF_RANGE, "--max-rate 10,000,001",
                "(100,000 ", " 10,000,000"));
        w.add(new Case(b -> b.sla(Arrays.asList(Budget.parse("p99=1ms"), Budget.parse("p99=2ms"))),
                What.DUPLICATE_BUDGET, "--sla ", " p99 "));
        w.add(new Case(b -> b.topology("process"), What.NOT_A_TOPOLOGY, "--topology process ", " threads ",
                " processes"));
        w.add(new Case(b -> b.profile("p101"), What.NOT_A_SLOW_LIMIT, "--profile p101", "(p99", "(50us"));
        w.add(new Case(b -> b.profile("50"), What.NOT_A_SLOW_LIMIT, "--profile 50:"));
        w.add(new Case(b -> b.profileIntervalNs(0L), What.NOT_POSITIVE, "--profile-interval "));
        return w;
    }

    @Test
    void eachKindIsItsOneLine() {
        Set<SettingProblem.What> seen = EnumSet.noneOf(SettingProblem.What.class);
        for (Case c : cases()) {
            Settings.Invalid e = assertThrows(Settings.Invalid.class, () -> c.change.apply(Settings.builder()).build());
            assertEquals(c.what, e.problem.what, SettingsWords.text(e));
            names(SettingsWords.text(e), c.named);
            seen.add(e.problem.what);
        }
        assertEquals(EnumSet.allOf(SettingProblem.What.class), seen, "every kind has its line here");
    }

    /** {@code line} is one line naming each of {@code values}. */
    private static void names(String line, String... values) {
        assertFalse(line.contains("\n"), line);
        for (String v : values) {
            assertTrue(line.contains(v), v + " in " + line);
        }
    }

    @Test
    void aCapacitySearchsHighestRateBelowItsStart() {
        Settings s = Settings.builder().rate(100_000).maxRate(99_999L).build();
        Settings.Invalid e = assertThrows(Settings.Invalid.class, s::forCapacitySearch);
        assertEquals(What.MAX_RATE_OUT_OF_RANGE, e.problem.what);
        names(SettingsWords.text(e), "--max-rate 99,999", "(100,000 ", " 10,000,000");
    }
}
