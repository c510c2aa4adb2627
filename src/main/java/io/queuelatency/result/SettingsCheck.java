package io.queuelatency.result;

import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The one check of {@link Settings}, run by its builder: each value that can never be right, whatever the host, is
 * refused in one line naming the option. What depends on the host (the CPUs allowed, the queue's space, the roll
 * cycles Chronicle knows) is checked where the host is known (cli.StudyOptions).
 */
final class SettingsCheck {
    private SettingsCheck() {
    }

    static void check(Settings s) {
        rate("rate", s.rate);
        size("size", s.size);
        if (s.durationNs <= 0 || s.durationNs > Settings.MAX_RUN_NS) {
            throw new Settings.Invalid("durationNs", "--duration must be more than 0 and at most 24h");
        }
        notNegative("floorNs", "--floor", s.floorNs);
        if (s.floorNs > Settings.MAX_RUN_NS) {
            throw new Settings.Invalid("floorNs", "--floor must be at most 24h");
        }
        notNegative("warmupNs", "--warmup", s.warmupNs);
        if (s.warmupNs > Settings.MAX_RUN_NS) {
            throw new Settings.Invalid("warmupNs", "--warmup must be at most 24h");
        }
        window("durationNs", s.durationNs, s.rate);
        block(s.blockSize, s.size);
        if (!Settings.KERNEL_TRACE_MODES.contains(s.kernelTrace)) {
            throw new Settings.Invalid("kernelTrace", "--kernel-trace " + s.kernelTrace
                    + " is not a mode: use auto, on or off");
        }
        matrix(s);
    }

    /** A matrix's and a capacity search's: each cell of a sweep as a single study's, the runs, the budgets. */
    private static void matrix(Settings s) {
        if (s.runs < 1) {
            throw new Settings.Invalid("runs", "--runs " + s.runs + ": at least 1");
        }
        for (int size : s.sizes != null ? s.sizes : Collections.<Integer>emptyList()) {
            size("sizes", size);
            block(s.blockSize, size);
        }
        for (long rate : s.rates != null ? s.rates : Collections.<Long>emptyList()) {
            rate("rates", rate);
            window("rates", s.durationNs, rate);
        }
        notNegative("cellGraceNs", "cellGrace", s.cellGraceNs);
        if (s.maxRate != null && (s.maxRate < 1 || s.maxRate > Settings.MAX_RATE)) {
            throw maxRate(s);
        }
        List<Budget> sla = s.sla;
        for (int i = 0; i < sla.size(); i++) {
            for (int k = 0; k < i; k++) {
                if (sla.get(i).percentile == sla.get(k).percentile) {
                    throw new Settings.Invalid("sla", "--sla gives " + sla.get(i).percentile().name()
                            + " twice: one budget per percentile");
                }
            }
        }
    }

    /** The highest rate a capacity search tries, from its start (a search's own check) to the most a run takes. */
    static Settings.Invalid maxRate(Settings s) {
        return new Settings.Invalid("maxRate", String.format(Locale.ROOT,
                "--max-rate %,d: from the start rate (%,d msg/s) to %,d", s.maxRate, s.rate, Settings.MAX_RATE));
    }

    private static void rate(String setting, long rate) {
        if (rate < 1 || rate > Settings.MAX_RATE) {
            throw new Settings.Invalid(setting, String.format(Locale.ROOT, "--rate %d is out of range: 1 to %,d msg/s",
                    rate, Settings.MAX_RATE));
        }
    }

    private static void size(String setting, int size) {
        if (size < Definition.INTENDED.smallestMessageBytes || size > Settings.MAX_SIZE) {
            throw new Settings.Invalid(setting, "--size " + size + " is out of range: "
                    + Definition.INTENDED.smallestMessageBytes + " (sequence and intended send time; from "
                    + Definition.ACTUAL.smallestMessageBytes + " the actual send time too, from "
                    + Definition.IN_QUEUE.smallestMessageBytes + " the in-queue one) to " + Settings.MAX_SIZE
                    + " bytes");
        }
    }

    /** The measured window holds at least two messages: a latency needs one, a rate two. */
    private static void window(String setting, long durationNs, long rate) {
        if (Settings.messagesIn(durationNs, rate) < 2) {
            throw new Settings.Invalid(setting, "--duration is too short for --rate " + rate
                    + ": the window must hold at least 2 messages");
        }
    }

    private static void block(long blockSize, int size) {
        if (blockSize < Settings.MIN_BLOCK || blockSize > Settings.MAX_BLOCK || blockSize < 4L * size) {
            throw new Settings.Invalid("blockSize", "--block-size " + blockSize
                    + " is out of range: 64k to 64g, and at least 4 messages");
        }
    }

    private static void notNegative(String setting, String option, long ns) {
        if (ns < 0) {
            throw new Settings.Invalid(setting, option + " must not be negative");
        }
    }
}
