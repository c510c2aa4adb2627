package io.queuelatency.result;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency budget of a capacity search: a reported percentile of the intended one-way latency (the headline,
 * coordinated-omission corrected, so a producer falling behind counts) and the most it may be. Written
 * {@code p99.99=20us}; stored as {@code {"percentile": "p99.99", "limitNs": 20000}}.
 */
public final class Budget {
    private static final Pattern FORM = Pattern.compile("p(\\d+(?:\\.\\d+)?)=(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s)?");

    public final double percentile;
    public final long limitNs;

    public Budget(double percentile, long limitNs) {
        this.percentile = percentile;
        this.limitNs = limitNs;
    }

    public Percentile percentile() {
        return Percentile.of(percentile);
    }

    /** The budget a person wrote; what is wrong with it is one line (IllegalArgumentException). */
    public static Budget parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text
                    + "' is not a budget: write a percentile and a latency, e.g. p99=1ms or p99.99=20us");
        }
        double p = Double.parseDouble(m.group(1));
        Percentile percentile = null;
        for (Percentile r : Percentile.belowWorst()) {
            if (r.value == p) {
                percentile = r;
            }
        }
        if (percentile == null) {
            StringBuilder names = new StringBuilder();
            for (Percentile r : Percentile.belowWorst()) {
                names.append(names.length() == 0 ? "" : ", ").append(r.name());
            }
            throw new IllegalArgumentException("'" + text + "': p" + m.group(1)
                    + " is not a percentile the tool reports (" + names + ")");
        }
        if (m.group(3) == null) {
            throw new IllegalArgumentException("'" + text + "' has no unit: write ns, us, ms or s (p99=1ms)");
        }
        double scale = m.group(3).equals("ns") ? 1 : m.group(3).equals("ms") ? 1e6 : m.group(3).equals("s") ? 1e9 : 1e3;
        double ns = Double.parseDouble(m.group(2)) * scale;
        if (ns < 1) {
            throw new IllegalArgumentException("'" + text + "': a budget must be at least 1 ns");
        }
        if (ns > Validity.HIGHEST_TRACKABLE_NS) {
            throw new IllegalArgumentException("'" + text
                    + "': a budget must be at most 1 h, the highest latency recorded");
        }
        return new Budget(percentile.value, Math.round(ns));
    }

    public static java.util.List<Budget> parseAll(java.util.List<String> texts) {
        java.util.List<Budget> budgets = new java.util.ArrayList<>();
        for (String t : texts) {
            budgets.add(parse(t));
        }
        return budgets;
    }

    /** "p99=1000000ns": as a person could write it again, for a test's message (the words are words/'s). */
    @Override
    public String toString() {
        return percentile().name() + "=" + limitNs + "ns";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Budget && ((Budget) o).percentile == percentile && ((Budget) o).limitNs == limitNs;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(percentile) * 31 + Long.hashCode(limitNs);
    }
}
