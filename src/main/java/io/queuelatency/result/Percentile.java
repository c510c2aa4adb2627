package io.queuelatency.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One percentile, known by its value (50, 99.99, 100 for the worst), never by its place in a list: stored
 * results are read by value, so results written with another reported set are still read correctly.
 */
public final class Percentile implements Comparable<Percentile> {
    public static final Percentile P50 = new Percentile(50);
    public static final Percentile P90 = new Percentile(90);
    public static final Percentile P99 = new Percentile(99);
    public static final Percentile P99_9 = new Percentile(99.9);
    public static final Percentile P99_99 = new Percentile(99.99);
    public static final Percentile P99_999 = new Percentile(99.999);
    public static final Percentile WORST = new Percentile(100);

    /** Every table, file and chart shows these, in order; adding one is one line here. */
    public static final List<Percentile> REPORTED = Collections.unmodifiableList(Arrays.asList(
            P50, P90, P99, P99_9, P99_99, P99_999, WORST));

    /** The percentiles a decision is made on, every one a verdict of the family. */
    public static final List<Percentile> HEADLINE =
            Collections.unmodifiableList(Arrays.asList(P50, P99, P99_9, P99_99));

    /** 0 < value <= 100. */
    public final double value;

    private Percentile(double value) {
        this.value = value;
    }

    public static Percentile of(double value) {
        if (!(value > 0 && value <= 100)) {
            throw new IllegalArgumentException("a percentile is above 0 and at most 100: " + value);
        }
        for (Percentile p : REPORTED) {
            if (p.value == value) {
                return p;
            }
        }
        return new Percentile(value);
    }

    /** The ones with an interval and a count beyond. */
    public static List<Percentile> belowWorst() {
        List<Percentile> below = new ArrayList<>(REPORTED);
        below.remove(WORST);
        return below;
    }

    public boolean isWorst() {
        return value == 100;
    }

    /** The one spelling every file, table and chart uses: "p50", "p99.9", and "worst" for the maximum. */
    public String name() {
        return isWorst() ? "worst" : "p" + number();
    }

    /** The bare number, without the "p": "50", "99.99", "100" (a figure's axis adds its own "%"). */
    public String number() {
        String s = Double.toString(value);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /**
     * Every spelling a file of ours has held: "p99.9" and "worst", "99.9" and "100" (before run/5, summary/3), "pmax"
     * (results.csv); anything else is an IllegalArgumentException.
     */
    public static Percentile parse(String text) {
        if ("worst".equals(text) || "pmax".equals(text)) {
            return WORST;
        }
        if (!text.matches("p?[0-9]+(\\.[0-9]+)?")) {
            throw new IllegalArgumentException("not a percentile (p50, p99.9, worst): " + text);
        }
        return of(Double.parseDouble(text.startsWith("p") ? text.substring(1) : text));
    }

    @Override
    public int compareTo(Percentile o) {
        return Double.compare(value, o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Percentile && Double.compare(((Percentile) o).value, value) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(value);
    }

    @Override
    public String toString() {
        return name();
    }
}
