package io.queuelatency.words;

import io.queuelatency.result.Definition;
import io.queuelatency.result.SettingProblem;
import io.queuelatency.result.Settings;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** A setting that can never be right in the one line the user sees, its option named. */
public final class SettingsWords {
    /**
     * Each problem's line, in {@link SettingProblem.What}'s order, over 1 the value, 2 the lowest, 3 the highest, 4
     * what was given, 5 the option, 6 the send times each size holds.
     */
    private static final String[] LINES = {"--rate %1$d is out of range: %2$d to %3$,d msg/s",
        "--size %1$d is out of range: %2$d (%6$s) to %3$d bytes", "--duration must be more than 0 and at most 24h",
        "%5$s must not be negative", "%5$s must be more than 0", "%5$s must be at most 24h",
        "--duration is too short for --rate %1$d: the window must hold at least %2$d messages",
        "--block-size %1$d is out of range: 64k to 64g, and at least " + SettingProblem.BLOCK_MESSAGES + " messages",
        "--kernel-trace %4$s is not a mode: use auto, on or off", "--runs %1$d: at least %2$d",
        "--max-rate %1$,d: from the start rate (%2$,d msg/s) to %3$,d",
        "--sla gives %4$s twice: one budget per percentile",
        "--topology %4$s is not one: use threads or processes",
        "--profile %4$s: say what is slow as a percentile of the run (p99, p99.9) or a latency (50us, 1ms)"};
    /** What a time setting is called where it is refused: the option, or for the cell grace the file's key. */
    private static final Map<String, String> OPTIONS = new HashMap<>();

    static {
        OPTIONS.put("warmupNs", "--warmup");
        OPTIONS.put("floorNs", "--floor");
        OPTIONS.put("cellGraceNs", "cellGrace");
        OPTIONS.put("timeBudgetNs", "--time-budget");
        OPTIONS.put("profileIntervalNs", "--profile-interval");
    }

    private SettingsWords() {
    }

    /** "--rate 0 is out of range: 1 to 10,000,000 msg/s". */
    public static String text(Settings.Invalid invalid) {
        SettingProblem e = invalid.problem;
        String line = LINES[e.what.ordinal()];
        if (line.contains("%5$s") && !OPTIONS.containsKey(e.setting)) {
            throw new IllegalArgumentException(e.setting);
        }
        return String.format(Locale.ROOT, line, e.value, e.low, e.high, e.given, OPTIONS.get(e.setting),
                line.contains("%6$s") ? sendTimes() : null);
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
