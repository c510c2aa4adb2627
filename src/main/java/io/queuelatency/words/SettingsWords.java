package io.queuelatency.words;

import io.queuelatency.result.Definition;
import io.queuelatency.result.SettingProblem;
import io.queuelatency.result.Settings;
import java.util.Locale;

/** A setting that can never be right in the one line the user sees, its option named. */
public final class SettingsWords {
    private SettingsWords() {
    }

    /** "--rate 0 is out of range: 1 to 10,000,000 msg/s". */
    public static String text(Settings.Invalid invalid) {
        return text(invalid.problem);
    }

    /** "--rate 0 is out of range: 1 to 10,000,000 msg/s". */
    public static String text(SettingProblem e) {
        switch (e.what) {
            case RATE_OUT_OF_RANGE:
                return String.format(Locale.ROOT, "--rate %d is out of range: %d to %,d msg/s", e.value, e.low, e.high);
            case SIZE_OUT_OF_RANGE:
                return "--size " + e.value + " is out of range: " + e.low + " (" + sendTimes() + ") to " + e.high
                        + " bytes";
            case DURATION_OUT_OF_RANGE:
                return "--duration must be more than 0 and at most 24h";
            case NEGATIVE:
                return option(e.setting) + " must not be negative";
            case NOT_POSITIVE:
                return option(e.setting) + " must be more than 0";
            case TOO_LONG:
                return option(e.setting) + " must be at most 24h";
            case WINDOW_TOO_SHORT:
                return "--duration is too short for --rate " + e.value + ": the window must hold at least " + e.low
                        + " messages";
            case BLOCK_OUT_OF_RANGE:
                return "--block-size " + e.value + " is out of range: 64k to 64g, and at least "
                        + SettingProblem.BLOCK_MESSAGES + " messages";
            case NOT_A_MODE:
                return "--kernel-trace " + e.given + " is not a mode: use auto, on or off";
            case TOO_FEW_RUNS:
                return "--runs " + e.value + ": at least " + e.low;
            case MAX_RATE_OUT_OF_RANGE:
                return String.format(Locale.ROOT, "--max-rate %,d: from the start rate (%,d msg/s) to %,d", e.value,
                        e.low, e.high);
            case DUPLICATE_BUDGET:
                return "--sla gives " + e.given + " twice: one budget per percentile";
            default:
                throw new IllegalArgumentException(e.what.name());
        }
    }

    /** What a time setting is called where it is refused: the option, or for the cell grace the file's key. */
    private static String option(String setting) {
        switch (setting) {
            case "warmupNs":
                return "--warmup";
            case "floorNs":
                return "--floor";
            case "cellGraceNs":
                return "cellGrace";
            case "timeBudgetNs":
                return "--time-budget";
            default:
                throw new IllegalArgumentException(setting);
        }
    }

    /** "sequence and intended send time; from 24 the actual send time too, from 32 the in-queue one". */
    private static String sendTimes() {
        StringBuilder s = new StringBuilder();
        for (Definition d : Definition.values()) {
            String label = DefinitionWords.label(d);
            s.append(d.ordinal() == 0 ? "sequence and " + label + " send time"
                    : (d.ordinal() == 1 ? "; from " : ", from ") + d.smallestMessageBytes + " the " + label
                            + (d.ordinal() == 1 ? " send time too" : " one"));
        }
        return s.toString();
    }
}
