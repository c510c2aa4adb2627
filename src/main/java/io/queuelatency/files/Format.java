package io.queuelatency.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One file of a report, as one class of JMH's results/format is one format of its results: the file's name and how
 * its whole content is made from what the report computed ({@code T}). Each report lists its formats in one place,
 * in the order they are written ({@link #writeAll}); a format makes its file from the report's facts, never by
 * calling another format, and every file is written whole ({@link WholeFile}). Figures are drawn by their own
 * kind, which degrades to a warning ({@code report.Figures}).
 */
public interface Format<T> {
    /** The file's name in the report's directory. */
    String fileName();

    /** The whole content of the file, made from {@code report}; null where this report writes no such file. */
    WholeFile.Content content(T report) throws IOException;

    /** Makes one thing of a report: a text, a JSON tree, a file's content. */
    interface Maker<T, R> {
        R make(T report) throws IOException;
    }

    /** A format of the file {@code fileName} whose content {@code content} makes. */
    static <T> Format<T> of(String fileName, Maker<? super T, WholeFile.Content> content) {
        return new Format<T>() {
            @Override
            public String fileName() {
                return fileName;
            }

            @Override
            public WholeFile.Content content(T report) throws IOException {
                return content.make(report);
            }
        };
    }

    /** A text file in UTF-8. */
    static <T> Format<T> text(String fileName, Maker<? super T, String> text) {
        return of(fileName, report -> {
            String s = text.make(report);
            return s == null ? null : WholeFile.utf8(s);
        });
    }

    /** Writes the file of each format into {@code dir}, in the list's order. */
    static <T> void writeAll(T report, Path dir, List<? extends Format<? super T>> formats) throws IOException {
        for (Format<? super T> f : formats) {
            WholeFile.Content c = f.content(report);
            if (c != null) {
                WholeFile.write(dir.resolve(f.fileName()), c);
            }
        }
    }
}
