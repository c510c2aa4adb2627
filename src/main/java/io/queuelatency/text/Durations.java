package io.queuelatency.text;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them: 500ms, 10s, 2m, 30m, 1h. A bare number is refused: its unit is unclear. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

    public static long parseNanos(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text
                    + "' is not a duration: write e.g. 500ms, 10s, 2m, 30m or 1h");
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ms":
                return n * 1_000_000L;
            case "s":
                return n * 1_000_000_000L;
            case "m":
                return n * 60_000_000_000L;
            default:
                return n * 3_600_000_000_000L;
        }
    }

    private Durations() {
    }

    /** The way a person would write {@code ns}: "1h", "30m", "15s", "500ms". */
    public static String format(long ns) {
        if (ns % 3_600_000_000_000L == 0 && ns > 0) {
            return ns / 3_600_000_000_000L + "h";
        }
        if (ns % 60_000_000_000L == 0 && ns > 0) {
            return ns / 60_000_000_000L + "m";
        }
        return ns % 1_000_000_000L == 0 ? ns / 1_000_000_000L + "s" : ns / 1_000_000L + "ms";
    }
}
