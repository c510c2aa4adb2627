package io.queuelatency.report;

/** Just enough Markdown: lines and pipe tables whose cells cannot break the table. */
final class Markdown {
    private final StringBuilder text = new StringBuilder();

    void line(String s) {
        text.append(s).append('\n');
    }

    void line() {
        text.append('\n');
    }

    /** Text already in Markdown (a section rendered apart). */
    void raw(String markdown) {
        text.append(markdown);
    }

    void row(String... cells) {
        text.append('|');
        for (String cell : cells) {
            text.append(' ').append(cell == null ? "" : cell.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        text.append('\n');
    }

    void rule(int columns) {
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
