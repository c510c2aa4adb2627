package io.queuelatency.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** One cell of a matrix: a JVM entry's id and the run number, stored as {@code <jvm id>-run<k>} (its folder name). */
public final class CellId {
    private static final String SEPARATOR = "-run";

    public final String jvm;
    public final int run;

    public CellId(String jvm, int run) {
        if (run < 1) {
            throw new IllegalArgumentException("runs count from 1: " + run);
        }
        this.jvm = jvm;
        this.run = run;
    }

    @JsonCreator
    public static CellId parse(String id) {
        int at = id.lastIndexOf(SEPARATOR);
        if (at <= 0) {
            throw new IllegalArgumentException("not a cell id (<jvm>-run<k>): " + id);
        }
        try {
            return new CellId(id.substring(0, at), Integer.parseInt(id.substring(at + SEPARATOR.length())));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a cell id (<jvm>-run<k>): " + id);
        }
    }

    @JsonValue
    @Override
    public String toString() {
        return jvm + SEPARATOR + run;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CellId && ((CellId) o).jvm.equals(jvm) && ((CellId) o).run == run;
    }

    @Override
    public int hashCode() {
        return jvm.hashCode() * 31 + run;
    }
}
