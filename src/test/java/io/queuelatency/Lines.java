package io.queuelatency;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole lines of a rendered text, for tests that compare a line exactly rather than look for words in it:
 * {@code assertEquals("| a | p99.9 | 3 | ...", Lines.startingWith(md, "| a | p99.9 "))}.
 */
public final class Lines {
    private Lines() {
    }

    /** The one line of {@code text} that starts with {@code prefix}; fails the test when none or several do. */
    public static String startingWith(String text, String prefix) {
        List<String> found = all(text, prefix);
        if (found.size() != 1) {
            fail(found.size() + " lines start with [" + prefix + "]:\n" + text);
        }
        return found.get(0);
    }

    /**
     * The whole numbers in {@code text}, in order: "CPUs 2,4 of 0-15" gives 2, 4, 0, 15. Runs of ten digits or more
     * (a temporary directory's random name) are not numbers a test reads and are passed over.
     */
    public static List<Integer> numbers(String text) {
        List<Integer> found = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?<![0-9])[0-9]{1,9}(?![0-9])").matcher(text);
        while (m.find()) {
            found.add(Integer.parseInt(m.group()));
        }
        return found;
    }

    /** Every line of {@code text} that starts with {@code prefix}, in order. */
    public static List<String> all(String text, String prefix) {
        List<String> found = new ArrayList<>();
        for (String line : text.split("\r?\n", -1)) {
            if (line.startsWith(prefix)) {
                found.add(line);
            }
        }
        return found;
    }
}
