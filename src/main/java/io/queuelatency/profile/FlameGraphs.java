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

    /** One line of collapsed stacks: the stack (frames separated by ';') and its count. */
    private interface Line {
        void accept(String stack, long count);
    }

    /** Each line of {@code collapsed}, read once here for every use below. */
    private static void forEach(String collapsed, Line line) {
        for (String l : collapsed.split("\n")) {
            int space = l.lastIndexOf(' ');
            if (space > 0) {
                line.accept(l.substring(0, space), Long.parseLong(l.substring(space + 1).trim()));
            }
        }
    }

    /** The frame a stack ends in. */
    private static String leaf(String stack) {
        return stack.substring(stack.lastIndexOf(';') + 1);
    }

    public static long samples(String collapsed) {
        long[] n = {0};
        forEach(collapsed, (stack, count) -> n[0] += count);
        return n[0];
    }

    public static byte[] html(String collapsed, String title) throws IOException {
        FlameGraph fg = new FlameGraph(new Arguments("--title", title));
        fg.parseCollapsed(new StringReader(collapsed));
        return dump(fg);
    }

    /** Where {@code first} spends a larger share of its samples than {@code second} (red), or a smaller (blue). */
    public static byte[] diff(String first, String second, String title) throws IOException {
        FlameGraph fg = new FlameGraph(new Arguments("--title", title));
        fg.parseCollapsed(new StringReader(shares(methods(first))));
        FlameGraph other = new FlameGraph(new Arguments());
        other.parseCollapsed(new StringReader(shares(methods(second))));
        fg.diff(other);
        return dump(fg);
    }

    /** A frame's kind as async-profiler writes it after the method: {@code _[j]}, {@code _[1]}, {@code _[i]} ... */
    private static final java.util.regex.Pattern KIND = java.util.regex.Pattern.compile("_\\[[0-9a-z]\\](?=;| |$)");

    /**
     * The stacks by method alone, each frame's kind (which compiler made it, or inlined) dropped and equal stacks
     * summed: so that one JVM's method meets the other's, whoever compiled it. A differential compares these.
     */
    public static String methods(String collapsed) throws IOException {
        return sum(java.util.Collections.singletonList(KIND.matcher(collapsed).replaceAll("")));
    }

    /** A leaf frame's kind, by async-profiler's suffix: compiled by C2, by C1, inlined, interpreted, else native. */
    public static final String[] KINDS = {"C2", "C1", "inlined", "interpreted", "native, VM, stub or kernel"};
    private static final String[] SUFFIXES = {"_[j]", "_[1]", "_[i]", "_[0]"};

    /** Each kind's share of the samples by the leaf frame (where the thread was), in {@link #KINDS}' order. */
    public static double[] leafKinds(String collapsed) {
        double[] share = new double[KINDS.length];
        long total = samples(collapsed);
        forEach(collapsed, (stack, count) -> {
            int kind = SUFFIXES.length;
            for (int k = 0; k < SUFFIXES.length; k++) {
                kind = stack.endsWith(SUFFIXES[k]) ? k : kind;
            }
            share[kind] += total == 0 ? 0 : (double) count / total;
        });
        return share;
    }

    /** A leaf frame and its share of two profiles' samples. */
    public static final class Leaf {
        /** The stack's root: the thread's name, "[producer]" or "[consumer]". */
        public final String thread;
        public final String frame;
        public final double first;
        public final double second;

        Leaf(String thread, String frame, double first, double second) {
            this.thread = thread;
            this.frame = frame;
            this.first = first;
            this.second = second;
        }
    }

    /**
     * The {@code n} leaf methods whose share grows most from {@code second} to {@code first}, the largest first; by
     * thread and method, whichever compiler made it ({@link #methods}): the producer's write and the consumer's poll
     * are told apart even where they end in the same method. A share is of all the profile's samples.
     */
    public static List<Leaf> grown(String first, String second, int n) throws IOException {
        java.util.Map<String, double[]> shares = new java.util.HashMap<>();
        leaves(methods(first), shares, 0);
        leaves(methods(second), shares, 1);
        List<Leaf> all = new java.util.ArrayList<>();
        shares.forEach((key, s) -> all.add(new Leaf(key.substring(0, key.indexOf(';')),
                key.substring(key.indexOf(';') + 1), s[0], s[1])));
        all.sort((a, b) -> Double.compare(b.first - b.second, a.first - a.second));
        return all.subList(0, Math.min(n, all.size()));
    }

    private static void leaves(String collapsed, java.util.Map<String, double[]> shares, int which) {
        long total = samples(collapsed);
        forEach(collapsed, (stack, count) -> {
            int root = stack.indexOf(';');
            String thread = root > 0 ? stack.substring(0, root) : "";
            shares.computeIfAbsent(thread + ";" + KIND.matcher(leaf(stack)).replaceAll(""), k -> new double[2])[which]
                    += total == 0 ? 0 : (double) count / total;
        });
    }

    /** Each count as its share of the whole, in millionths. */
    static String shares(String collapsed) {
        long total = samples(collapsed);
        StringBuilder s = new StringBuilder();
        forEach(collapsed, (stack, count) -> s.append(stack).append(' ')
                .append(String.format(Locale.ROOT, "%d", total == 0 ? 0 : Math.round((double) count * SCALE / total)))
                .append('\n'));
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
