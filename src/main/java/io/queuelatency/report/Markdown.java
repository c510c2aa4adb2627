package io.queuelatency.report;

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

    public void header(String... cells) {
        row(cells);
        rule(cells.length);
    }

    public void rule(int columns) {
        text.append('|');
        for (int i = 0; i < columns; i++) {
            text.append(" --- |");
        }
        text.append('\n');
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
