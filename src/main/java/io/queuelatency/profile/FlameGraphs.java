package io.queuelatency.profile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * Collapsed stacks (async-profiler's text: frames separated by ';', the count last) summed, and drawn as
 * async-profiler's own HTML flame graphs: one profile, or a differential of two. A differential compares shares,
 * each profile scaled to a million samples, so that a profile of 200 samples can be set beside one of 20,000: its
 * shape is the first profile's, each frame red where the first spends a larger share of its time there than the
 * second, blue where a smaller; frames only the second has are not drawn.
 */
public final class FlameGraphs {
    static final long SCALE = 1_000_000;

    private FlameGraphs() {
    }

    /** Several profiles as one: each stack once, its counts added. */
    public static String sum(List<String> collapsed) throws IOException {
        FlameGraph fg = new FlameGraph(new Arguments("-o", "collapsed"));
        for (String c : collapsed) {
            fg.parseCollapsed(new StringReader(c));
        }
        return new String(dump(fg), StandardCharsets.UTF_8);
    }

    public static long samples(String collapsed) {
        long n = 0;
        for (String line : collapsed.split("\n")) {
            int space = line.lastIndexOf(' ');
            n += space < 0 ? 0 : Long.parseLong(line.substring(space + 1).trim());
        }
        return n;
    }

    public static byte[] html(String collapsed, String title) throws IOException {
        FlameGraph fg = new FlameGraph(new Arguments("--title", title));
        fg.parseCollapsed(new StringReader(collapsed));
        return dump(fg);
    }

    /** Where {@code first} spends a larger share of its samples than {@code second} (red), or a smaller (blue). */
    public static byte[] diff(String first, String second, String title) throws IOException {
        FlameGraph fg = new FlameGraph(new Arguments("--title", title));
        fg.parseCollapsed(new StringReader(shares(first)));
        FlameGraph other = new FlameGraph(new Arguments());
        other.parseCollapsed(new StringReader(shares(second)));
        fg.diff(other);
        return dump(fg);
    }

    /** Each count as its share of the whole, in millionths. */
    static String shares(String collapsed) {
        long total = samples(collapsed);
        StringBuilder s = new StringBuilder();
        for (String line : collapsed.split("\n")) {
            int space = line.lastIndexOf(' ');
            if (space > 0 && total > 0) {
                long n = Long.parseLong(line.substring(space + 1).trim());
                s.append(line, 0, space).append(' ')
                        .append(String.format(Locale.ROOT, "%d", Math.round((double) n * SCALE / total))).append('\n');
            }
        }
        return s.toString();
    }

    static byte[] dump(FlameGraph fg) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8.name())) {
            fg.dump(out);
        }
        return bytes.toByteArray();
    }
}
