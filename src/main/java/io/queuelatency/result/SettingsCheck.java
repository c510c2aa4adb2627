package io.queuelatency.result;

import io.queuelatency.result.SettingProblem.What;
import io.queuelatency.result.Settings.Invalid;
import java.util.Collections;
import java.util.List;

/**
 * The one check of {@link Settings}, run by its builder: each value that can never be right, whatever the host, is
 * an {@link Invalid}. What depends on the host is checked where the host is known (cli.StudyOptions).
 */
final class SettingsCheck {
    private SettingsCheck() {
    }

    static void check(Settings s) {
        rate("rate", s.rate);
        size("size", s.size);
        if (s.durationNs <= 0 || s.durationNs > Settings.MAX_RUN_NS) {
            throw invalid(What.DURATION_OUT_OF_RANGE, "durationNs", s.durationNs, 0, Settings.MAX_RUN_NS);
        }
        notNegative("floorNs", s.floorNs);
        atMostADay("floorNs", s.floorNs);
        notNegative("warmupNs", s.warmupNs);
        atMostADay("warmupNs", s.warmupNs);
        window("durationNs", s.durationNs, s.rate);
        block(s.blockSize, s.size);
        if (!Settings.KERNEL_TRACE_MODES.contains(s.kernelTrace)) {
            throw invalid(What.NOT_A_MODE, "kernelTrace", s.kernelTrace);
        }
        if (!Settings.TOPOLOGIES.contains(s.topology)) {
            throw invalid(What.NOT_A_TOPOLOGY, "topology", s.topology);
        }
        if (s.profileIntervalNs != null && s.profileIntervalNs <= 0) {
            throw invalid(What.NOT_POSITIVE, "profileIntervalNs", s.profileIntervalNs, 0, 0);
        }
        if (s.profileIntervalNs != null && s.profileIntervalNs > Settings.MAX_RUN_NS) {
            throw invalid(What.TOO_LONG, "profileIntervalNs", s.profileIntervalNs, 0, Settings.MAX_RUN_NS);
        }
        if (s.profile != null && SlowLimit.parse(s.profile) == null) {
            throw invalid(What.NOT_A_SLOW_LIMIT, "profile", s.profile);
        }
        matrix(s);
    }

    private static void matrix(Settings s) {
        if (s.runs != null && s.runs < 1) {
            throw invalid(What.TOO_FEW_RUNS, "runs", s.runs, 1, 0);
        }
        if (s.timeBudgetNs != null && s.timeBudgetNs <= 0) {
            throw invalid(What.NOT_POSITIVE, "timeBudgetNs", s.timeBudgetNs, 0, 0);
        }
        for (int size : s.sizes != null ? s.sizes : Collections.<Integer>emptyList()) {
            size("sizes", size);
            block(s.blockSize, size);
        }
        for (long rate : s.rates != null ? s.rates : Collections.<Long>emptyList()) {
            rate("rates", rate);
            window("rates", s.durationNs, rate);
        }
        notNegative("cellGraceNs", s.cellGraceNs);
        if (s.maxRate != null && (s.maxRate < 1 || s.maxRate > Settings.MAX_RATE)) {
            throw maxRate(s);
        }
        List<Budget> sla = s.sla;
        for (int i = 0; i < sla.size(); i++) {
            for (int k = 0; k < i; k++) {
                if (sla.get(i).percentile == sla.get(k).percentile) {
                    throw invalid(What.DUPLICATE_BUDGET, "sla", sla.get(i).percentile().name());
                }
            }
        }
    }

    static Invalid maxRate(Settings s) {
        return invalid(What.MAX_RATE_OUT_OF_RANGE, "maxRate", s.maxRate, s.rate, Settings.MAX_RATE);
    }

    private static void rate(String setting, long rate) {
        if (rate < 1 || rate > Settings.MAX_RATE) {
            throw invalid(What.RATE_OUT_OF_RANGE, setting, rate, 1, Settings.MAX_RATE);
        }
    }

    private static void size(String setting, int size) {
        if (size < Definition.INTENDED.smallestMessageBytes || size > Settings.MAX_SIZE) {
            throw invalid(What.SIZE_OUT_OF_RANGE, setting, size, Definition.INTENDED.smallestMessageBytes,
                    Settings.MAX_SIZE);
        }
    }

    private static void window(String setting, long durationNs, long rate) {
        if (Settings.messagesIn(durationNs, rate) < SettingProblem.WINDOW_MESSAGES) {
            throw invalid(What.WINDOW_TOO_SHORT, setting, rate, SettingProblem.WINDOW_MESSAGES, 0);
        }
    }

    private static void block(long blockSize, int size) {
        if (blockSize < Settings.MIN_BLOCK || blockSize > Settings.MAX_BLOCK
                || blockSize < (long) SettingProblem.BLOCK_MESSAGES * size) {
            throw invalid(What.BLOCK_OUT_OF_RANGE, "blockSize", blockSize, Settings.MIN_BLOCK,
                    Settings.MAX_BLOCK);
        }
    }

    private static void notNegative(String setting, long ns) {
        if (ns < 0) {
            throw invalid(What.NEGATIVE, setting, ns, 0, 0);
        }
    }

    private static void atMostADay(String setting, long ns) {
        if (ns > Settings.MAX_RUN_NS) {
            throw invalid(What.TOO_LONG, setting, ns, 0, Settings.MAX_RUN_NS);
        }
    }

    private static Invalid invalid(What what, String setting, long value, long low, long high) {
        return new Invalid(new SettingProblem(what, setting, value, low, high));
    }

    private static Invalid invalid(What what, String setting, String given) {
        return new Invalid(new SettingProblem(what, setting, given));
    }
}
