package io.queuelatency.report;

import java.util.Locale;

/** Latencies as people read them: three significant digits in ns, µs, ms or s, whichever fits; an interval in the value's unit. */
final class Units {
    private Units() {
    }

    /** "832 ns", "12.3 µs", "2.24 ms", "1.05 s". */
    static String ns(double v) {
        return number(v / scale(v)) + " " + unit(v);
    }

    /** "2.24 ms [0.99, 5.08]": the interval in the value's unit. */
    static String withInterval(double v, double low, double high) {
        double s = scale(v);
        return number(v / s) + " " + unit(v) + " [" + number(low / s) + ", " + number(high / s) + "]";
    }

    static double scale(double v) {
        double a = Math.abs(v);
        return a < 1e3 ? 1 : a < 1e6 ? 1e3 : a < 1e9 ? 1e6 : 1e9;
    }

    static String unit(double v) {
        double s = scale(v);
        return s == 1 ? "ns" : s == 1e3 ? "µs" : s == 1e6 ? "ms" : "s";
    }

    /** Three significant digits, no exponent: 832, 12.3, 2.24, 0.0991. */
    static String number(double x) {
        double a = Math.abs(x);
        if (a >= 100 || a == 0) {
            return String.format(Locale.ROOT, "%,.0f", x);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", x);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", x);
        }
        return String.format(Locale.ROOT, "%.3g", x);
    }

    /** "64 B", "1 KiB", "4 KiB", "64 KiB". */
    static String bytes(int b) {
        return b >= 1024 && b % 1024 == 0 ? (b / 1024) + " KiB" : b + " B";
    }

    /** Beyond this factor either way a ratio or change is shown as a bound: an interval that wide says only "unbounded". */
    static final double WIDEST = 100;

    /** A ratio to two decimals: "0.73", "2.96"; "over 100" and "under 0.01" beyond {@link #WIDEST}. */
    static String ratio(double r) {
        if (r >= WIDEST) {
            return "over " + number(WIDEST);
        }
        if (r <= 1 / WIDEST) {
            return "under " + (1 / WIDEST);
        }
        return String.format(Locale.ROOT, "%.2f", r);
    }

    /** A ratio as a signed change: "+12.3%", "-4.0%"; "over x100" and "under x0.01" beyond {@link #WIDEST}. */
    static String change(double r) {
        if (r >= WIDEST) {
            return "over x" + number(WIDEST);
        }
        if (r <= 1 / WIDEST) {
            return "under x" + (1 / WIDEST);
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * (r - 1));
    }

    /** A share as a percentage, two digits: "11%", "4.2%", "0.35%" (a bound that rounds to 0% would read as no difference). */
    static String share(double s) {
        double v = 100 * s;
        double a = Math.abs(v);
        return a >= 10 ? String.format(Locale.ROOT, "%.0f%%", v) : a >= 1 ? String.format(Locale.ROOT, "%.1f%%", v)
                : String.format(Locale.ROOT, "%.2g%%", v);
    }

    /** "75%", "93.8%", "96.9%" (a confidence: whole, else to one decimal); "0.0909%" below 1% (three digits). */
    static String percent(double p) {
        double v = 100 * p;
        if (v < 1) {
            return number(v) + "%";
        }
        return Math.abs(v - Math.round(v)) < 0.05 ? String.format(Locale.ROOT, "%.0f%%", v) : String.format(Locale.ROOT, "%.1f%%", v);
    }
}
