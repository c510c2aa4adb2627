package io.queuelatency.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One file of a report: its name and how its whole content is made from what the report computed ({@code T}). Each
 * report lists its formats in one place, in the order they are written; a format never calls another, and every file
 * is written whole ({@link WholeFile}).
 */
public interface Format<T> {
    String fileName();

    /** Null where this report writes no such file. */
    WholeFile.Content content(T report) throws IOException;

    /** Makes one thing of a report: a text, a JSON tree, a file's content. */
    interface Maker<T, R> {
        R make(T report) throws IOException;
    }

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

    /** In the list's order. */
    static <T> void writeAll(T report, Path dir, List<? extends Format<? super T>> formats) throws IOException {
        for (Format<? super T> f : formats) {
            WholeFile.Content c = f.content(report);
            if (c != null) {
                WholeFile.write(dir.resolve(f.fileName()), c);
            }
        }
    }
}
