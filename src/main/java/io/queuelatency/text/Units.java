package io.queuelatency.text;

import java.util.Locale;

/** Numbers as people read them, one way each wherever they appear: the one formatting unit the writers share. */
public final class Units {
    private Units() {
    }

    /** "1 run", "2 runs", "0 runs". */
    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** "832 ns", "12.3 µs", "2.24 ms", "1.05 s"; never "1,000 µs" (999,600 ns is "1.00 ms"). */
    public static String ns(double v) {
        return number(v / scale(v)) + " " + unit(v);
    }

    /** "582 ns [578, 697]", "566 µs [369, 1850]": the interval in the value's unit, no grouping comma. */
    public static String withInterval(double v, double low, double high) {
        double s = scale(v);
        return plain(v / s) + " " + unit(v) + " [" + plain(low / s) + ", " + plain(high / s) + "]";
    }

    /** The largest unit whose count, to three significant digits, is at least 1. */
    public static double scale(double v) {
        double a = Math.abs(v);
        double s = a < 1e3 ? 1 : a < 1e6 ? 1e3 : a < 1e9 ? 1e6 : 1e9;
        return s < 1e9 && a / s >= 999.5 ? s * 1e3 : s; // 999.6 µs rounds to 1,000 µs: 1.00 ms
    }

    public static String unit(double v) {
        double s = scale(v);
        return s == 1 ? "ns" : s == 1e3 ? "µs" : s == 1e6 ? "ms" : "s";
    }

    /** Three significant digits, no exponent: 832, 12.3, 2.24, 0.0991. */
    public static String number(double x) {
        double a = Math.abs(x);
        if (a >= 1000) { // a bound in a smaller unit than its value: 1,850 µs, not 1,847 (the histogram keeps three)
            double step = Math.pow(10, Math.floor(Math.log10(a)) - 2);
            return String.format(Locale.ROOT, "%,.0f", Math.round(x / step) * step);
        }
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

    /** A message size: "64 B", "1 KiB", "4 KiB", "64 KiB". */
    public static String size(int b) {
        return b >= 1024 && b % 1024 == 0 ? (b / 1024) + " KiB" : b + " B";
    }

    /** An amount of memory or disk: "16.0 GiB", "372.1 MiB", "4,096 B". */
    public static String bytes(long b) {
        if (b >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30));
        }
        if (b >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%,d B", b);
    }

    /** A setting's duration: "15 s", "0.5 s", "1.25 s". */
    public static String seconds(long ns) {
        if (ns % 1_000_000_000L == 0) {
            return (ns / 1_000_000_000L) + " s";
        }
        return java.math.BigDecimal.valueOf(ns / 1e9).setScale(3, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros()
                .toPlainString() + " s";
    }

    /** A time left or taken, to the second: "42s", "34m00s", "33h25m59s". */
    public static String minutes(long ns) {
        long s = Math.round(ns / 1e9);
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60);
        }
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }

    /** Nanoseconds as counted, for the tail block's sums: "8,712 ns" below a millisecond, else "12.345 ms". */
    public static String exact(long ns) {
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.3f ms", ns / 1e6)
                : String.format(Locale.ROOT, "%,d ns", ns);
    }

    /** Beyond this factor either way a ratio or change is shown as a bound. */
    public static final double WIDEST = 100;

    /** A ratio to two decimals: "0.73", "2.96"; "over 100" and "under 0.01" beyond {@link #WIDEST}. */
    public static String ratio(double r) {
        return bounded(r, "", String.format(Locale.ROOT, "%.2f", r));
    }

    /** A ratio as a signed change: "+12.3%", "-4.0%"; "over x100" and "under x0.01" beyond {@link #WIDEST}. */
    public static String change(double r) {
        return bounded(r, "x", String.format(Locale.ROOT, "%+.1f%%", 100 * (r - 1)));
    }

    private static String bounded(double r, String times, String within) {
        return r >= WIDEST ? "over " + times + number(WIDEST) : r <= 1 / WIDEST ? "under " + times + (1 / WIDEST)
                : within;
    }

    /** "11%", "4.2%", "0.35%" (a bound that rounds to 0% would read as no difference). */
    public static String share(double s) {
        double v = 100 * s;
        double a = Math.abs(v);
        return a >= 10 ? String.format(Locale.ROOT, "%.0f%%", v) : a >= 1 ? String.format(Locale.ROOT, "%.1f%%", v)
                : String.format(Locale.ROOT, "%.2g%%", v);
    }

    /** With as many decimals as keep it on its side of {@code threshold}: 0.4951 against 0.5 is "49.5%", not "50%". */
    public static String shareAgainst(double share, double threshold) {
        for (int decimals = 0; decimals < 6; decimals++) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", 100 * share);
            if (Double.parseDouble(s) >= 100 * threshold == share >= threshold) {
                return s + "%";
            }
        }
        return String.format(Locale.ROOT, "%.6f%%", 100 * share);
    }

    /** "75%", "93.8%", "96.9%" (a confidence: whole, else to one decimal); "0.0909%" below 1% (three digits). */
    public static String percent(double p) {
        double v = 100 * p;
        if (v < 1) {
            return number(v) + "%";
        }
        return Math.abs(v - Math.round(v)) < 0.05 ? String.format(Locale.ROOT, "%.0f%%", v)
                : String.format(Locale.ROOT, "%.1f%%", v);
    }

    /** To one decimal, as compare.json stores it (no long in between: a huge ratio stays huge). */
    public static double changePercent(double ratio) {
        return Math.rint(1000 * (ratio - 1)) / 10.0;
    }

    /** Three significant digits without a grouping comma: 1850, 832, 12.3, 0.0188. */
    private static String plain(double x) {
        if (Math.abs(x) < 1000) {
            return number(x).replace(",", "");
        }
        return new java.math.BigDecimal(x).round(new java.math.MathContext(3)).toPlainString();
    }
}
