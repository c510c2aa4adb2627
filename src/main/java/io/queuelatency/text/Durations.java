package io.queuelatency.text;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them: 500ms, 10s, 2m, 30m, 1h. A bare number is refused: its unit is unclear. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h)");
    private static final List<String> UNITS = Arrays.asList("h", "m", "s", "ms");
    private static final long[] NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L};

    public static long parseNanos(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text
                    + "' is not a duration: write e.g. 500ms, 10s, 2m, 30m or 1h");
        }
        return Long.parseLong(m.group(1)) * NANOS[UNITS.indexOf(m.group(2))];
    }

    private Durations() {
    }

    /** The way a person would write {@code ns}: "1h", "30m", "15s", "500ms". */
    public static String format(long ns) {
        if (ns > 0 && ns % NANOS[0] == 0) {
            return ns / NANOS[0] + "h";
        }
        if (ns > 0 && ns % NANOS[1] == 0) {
            return ns / NANOS[1] + "m";
        }
        return ns % NANOS[2] == 0 ? ns / NANOS[2] + "s" : ns / NANOS[3] + "ms";
    }
}
