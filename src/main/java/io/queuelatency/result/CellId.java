package io.queuelatency.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One cell of a matrix, stored as its folder name: {@code openjdk-17-run1}, {@code openjdk-21_zgc_S1024_R100000-run1}.
 * Ids are lower-case, so the upper-case S (size, bytes) and R (rate, msg/s) cannot be mistaken for part of one.
 */
public final class CellId {
    private static final String SEPARATOR = "-run";

    /** An entry's id, or entry_variant. */
    public final String jvm;
    /** Where the matrix sweeps sizes and rates; else null (the plan's one). */
    public final Integer size;
    public final Long rate;
    public final int run;

    public CellId(String jvm, int run) {
        this(jvm, null, null, run);
    }

    public CellId(String jvm, Integer size, Long rate, int run) {
        if (run < 1) {
            throw new IllegalArgumentException("runs count from 1: " + run);
        }
        this.jvm = jvm;
        this.size = size;
        this.rate = rate;
        this.run = run;
    }

    public static CellId parse(String id) {
        int at = id.lastIndexOf(SEPARATOR);
        if (at <= 0) {
            throw new IllegalArgumentException("not a cell id (<jvm>-run<k>): " + id);
        }
        try {
            int run = Integer.parseInt(id.substring(at + SEPARATOR.length()));
            List<String> jvm = new ArrayList<>();
            Integer size = null;
            Long rate = null;
            for (String token : id.substring(0, at).split("_")) {
                if (token.length() > 1 && token.charAt(0) == 'S' && allDigits(token)) {
                    size = Integer.parseInt(token.substring(1));
                } else if (token.length() > 1 && token.charAt(0) == 'R' && allDigits(token)) {
                    rate = Long.parseLong(token.substring(1));
                } else {
                    jvm.add(token);
                }
            }
            return new CellId(String.join("_", jvm), size, rate, run);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a cell id (<jvm>-run<k>): " + id);
        }
    }

    private static boolean allDigits(String token) {
        for (int i = 1; i < token.length(); i++) {
            if (!Character.isDigit(token.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    public CellId withRun(int k) {
        return new CellId(jvm, size, rate, k);
    }

    @Override
    public String toString() {
        return jvm + (size == null ? "" : "_S" + size) + (rate == null ? "" : "_R" + rate) + SEPARATOR + run;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CellId)) {
            return false;
        }
        CellId c = (CellId) o;
        return c.jvm.equals(jvm) && c.run == run && Objects.equals(c.size, size) && Objects.equals(c.rate, rate);
    }

    @Override
    public int hashCode() {
        return Objects.hash(jvm, size, rate, run);
    }
}
