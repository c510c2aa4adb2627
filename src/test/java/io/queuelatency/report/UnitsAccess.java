package io.queuelatency.report;

/** For tests outside the package: the report's one way of writing a confidence. */
public final class UnitsAccess {
    private UnitsAccess() {
    }

    public static String percent(double p) {
        return Units.percent(p);
    }
}
