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

    /** "75%", "93.8%": a confidence. */
    static String percent(double p) {
        double v = 100 * p;
        return Math.abs(v - Math.round(v)) < 0.05 ? String.format(Locale.ROOT, "%.0f%%", v) : String.format(Locale.ROOT, "%.1f%%", v);
    }
}
