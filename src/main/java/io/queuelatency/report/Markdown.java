package io.queuelatency.report;

import io.queuelatency.result.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Just enough Markdown: lines and pipe tables whose cells cannot break the table. */
public final class Markdown {
    private final StringBuilder text = new StringBuilder();

    public void line(String s) {
        text.append(s).append('\n');
    }

    public void line() {
        text.append('\n');
    }

    public void paragraph(String s) {
        text.append(s).append("\n\n");
    }

    /** Text already in Markdown (a section rendered apart). */
    public void raw(String markdown) {
        text.append(markdown);
    }

    public void row(String... cells) {
        text.append('|');
        for (String cell : cells) {
            text.append(' ').append(cell == null ? "" : cell.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        text.append('\n');
    }

    /** The header row and the rule under it. */
    public void header(String... cells) {
        row(cells);
        text.append('|');
        for (int i = 0; i < cells.length; i++) {
            text.append(" --- |");
        }
        text.append('\n');
    }

    /** A table of string rows under {@code header}, then a blank line. */
    public void table(List<String[]> rows, String... header) {
        header(header);
        rows.forEach(this::row);
        line();
    }

    /** A table: its columns' header, a row per item, then a blank line. */
    public <R> void table(Columns<R> columns, Iterable<? extends R> rows) {
        header(columns.headers.toArray(new String[0]));
        for (R r : rows) {
            row(columns.cells.stream().map(c -> c.apply(r)).toArray(String[]::new));
        }
        line();
    }

    public static <R> Columns<R> columns() {
        return new Columns<>();
    }

    /** A table's columns, each its header and its cell of a row. */
    public static final class Columns<R> {
        private final List<String> headers = new ArrayList<>();
        private final List<Function<? super R, String>> cells = new ArrayList<>();

        public Columns<R> add(String header, Function<? super R, String> cell) {
            headers.add(header);
            cells.add(cell);
            return this;
        }

        /** The column where {@code shown}, else none. */
        public Columns<R> add(boolean shown, String header, Function<? super R, String> cell) {
            return shown ? add(header, cell) : this;
        }

        /** A column per item, its header {@code header(item)}. */
        public <T> Columns<R> each(Iterable<T> items, Function<T, String> header, BiFunction<R, T, String> cell) {
            for (T t : items) {
                add(header.apply(t), r -> cell.apply(r, t));
            }
            return this;
        }

        /** A column per percentile, headed by its name ("p50" ... "worst"). */
        public Columns<R> percentiles(List<Percentile> ps, BiFunction<R, Percentile, String> cell) {
            return each(ps, Percentile::name, cell);
        }
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
