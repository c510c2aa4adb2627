package io.queuelatency.result;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What --profile counts as a slow message: beyond a percentile of the run's intended latency ({@code p99}, the
 * default; {@code p99.9}) or beyond a stated latency ({@code 50us}, {@code 1ms}). A message is slow when its intended
 * latency is at least the limit.
 */
public final class SlowLimit {
    public static final String DEFAULT = "p99";
    private static final Pattern LATENCY = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms)");

    /** Null where the limit is a latency. */
    public final Percentile percentile;
    /** 0 where the limit is a percentile. */
    public final long latencyNs;

    private SlowLimit(Percentile percentile, long latencyNs) {
        this.percentile = percentile;
        this.latencyNs = latencyNs;
    }

    /** Null when {@code text} is neither a percentile below the worst nor a latency of at least 1 ns. */
    public static SlowLimit parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("p")) {
            try {
                Percentile p = Percentile.parse(t);
                return p.compareTo(Percentile.WORST) < 0 ? new SlowLimit(p, 0) : null;
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        Matcher m = LATENCY.matcher(t);
        if (!m.matches()) {
            return null;
        }
        String unit = m.group(2);
        double ns = Double.parseDouble(m.group(1)) * (unit.equals("ns") ? 1 : unit.equals("ms") ? 1e6 : 1e3);
        return ns >= 1 && ns <= Validity.HIGHEST_TRACKABLE_NS ? new SlowLimit(null, Math.round(ns)) : null;
    }

    /** The limit in ns, given the run's intended latency at {@link #percentile}. */
    public long ns(long atPercentileNs) {
        return percentile == null ? latencyNs : atPercentileNs;
    }
}
