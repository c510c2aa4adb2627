package io.queuelatency.words;

import io.queuelatency.result.Definition;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The latency definitions in words, each said once; every output iterates over {@link Definition#values()}. */
public final class DefinitionWords {
    /** The clock of every latency. */
    public static final String CLOCK = "System.nanoTime(), one JVM, read on both threads";
    /** The same between processes (--topology processes): Linux's CLOCK_MONOTONIC, the one clock of the host. */
    public static final String CLOCK_TWO_JVMS = "System.nanoTime(), CLOCK_MONOTONIC: the host's one clock, read in "
            + "the producer's JVM and in the consumer's";
    /** Where every latency ends. */
    public static final String TO = "System.nanoTime() read by the consumer as soon as the queue shows it the "
            + "message, before any check";

    /** "intended": the headline's label. */
    public static final String HEADLINE = label(Definition.HEADLINE);

    /** Each definition's words in {@link Form}'s order: result.json's two, table.txt's, the brief's, summary.md's. */
    private static final Map<Definition, String[]> SAID = new EnumMap<>(Definition.class);

    static {
        SAID.put(Definition.INTENDED, new String[] {"from the intended (scheduled) send time to receipt",
                "the send time the producer's fixed schedule gave the message",
                "from the scheduled send time (coordinated-omission corrected, the headline)",
                "scheduled send (corrects coordinated omission)",
                "from the scheduled send time, so any delay of the producer counts (coordinated omission corrected)",
                "from the intended send time (headline)"});
        SAID.put(Definition.ACTUAL, new String[] {"from the producer's clock read immediately before the queue's write "
                + "call to receipt (the article's definition)",
                "System.nanoTime() read by the producer immediately before the queue's write call (the article's "
                        + "definition)",
                "from the producer's clock read immediately before the queue's write call (the article's definition)",
                "before the write",
                "from the clock read before the write call (the article's definition)",
                "from the actual send, the clock read before the write call (the article's definition)"});
        SAID.put(Definition.IN_QUEUE, new String[] {"from the producer's clock read inside the queue write, once the "
                + "queue opened it, to receipt (the queue's own transit, without opening the write)",
                "System.nanoTime() read by the producer inside the queue write, once the queue opened it and the "
                        + "workload filled the body, before the header",
                "from its clock read inside the write, once the queue opened it and the body is filled",
                "inside it",
                "from the clock read inside the write",
                "from inside the write, once the queue opened it and the body is filled (in-queue)"});
        SAID.put(Definition.HANDLED, new String[] {"from the intended (scheduled) send time to the end of the "
                + "workload's handling, read by the consumer once it has handled the message (the whole path)",
                "the send time the producer's fixed schedule gave the message; it ends once the consumer has handled "
                        + "the message",
                "from the scheduled send time to the end of the workload's handling",
                "to the end of handling",
                "from the scheduled send time to the end of the workload's handling (the whole path)",
                "to the end of the workload's handling (handled)"});
    }

    /** Where each definition's latency starts: "intended: the send time ...; actual: ...; in-queue: ...". */
    public static final String FROM = joined(java.util.Arrays.asList(Definition.values()), ": ", "; ", Form.STORED);

    private DefinitionWords() {
    }

    /** "intended", "actual", "in-queue": the stored id in lower case, its words hyphenated. */
    public static String label(Definition d) {
        return hyphenated(d.id);
    }

    private static String hyphenated(String id) {
        return id.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    /** "open", "fill", "hand-off", "handle": a probed stage's label. */
    public static String stage(io.queuelatency.result.Stage stage) {
        return hyphenated(stage.id);
    }

    public static Definition byLabel(String label) {
        return Stream.of(Definition.values()).filter(d -> label(d).equals(label)).findFirst().orElse(null);
    }

    /** From where to where this definition's latency runs, in one line (result.json stores it). */
    public static String description(Definition d) {
        return said(d, Form.DESCRIPTION);
    }

    /** A run's screen: "intended = from the scheduled send time (...); actual = ...; in-queue = ...". */
    public static String screen(List<Definition> measured) {
        return joined(measured, " = ", "; ", Form.SCREEN);
    }

    /** A run's brief: "intended = scheduled send (...), actual = before the write, in-queue = inside it". */
    public static String brief(List<Definition> measured) {
        return joined(measured, " = ", ", ", Form.BRIEF);
    }

    /** summary.md's "How this was measured": "**Headline, intended:** from ... Also: **actual**, from ...". */
    public static String method(List<Definition> measured) {
        List<String> others = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        for (Definition d : measured) {
            if (d != Definition.HEADLINE) {
                others.add("**" + label(d) + "**, " + said(d, Form.METHOD));
                tables.add(table(d));
            }
        }
        return "**Headline, " + label(Definition.HEADLINE) + ":** " + said(Definition.HEADLINE, Form.METHOD)
                + ". Also: " + serial(others) + " (Tables " + String.join(", ", tables) + ").";
    }

    /** "a, and b"; "a, b, and c": each of the other definitions' words holds commas of its own. */
    private static String serial(List<String> items) {
        int last = items.size() - 1;
        return last == 0 ? items.get(0) : String.join(", ", items.subList(0, last)) + ", and " + items.get(last);
    }

    /** "3", "3b", "3c": the number of the summary's table of {@code d}, the headline's first. */
    public static String table(Definition d) {
        int i = d == Definition.HEADLINE ? 0 : d.ordinal() + (d.ordinal() < Definition.HEADLINE.ordinal() ? 1 : 0);
        return i == 0 ? "3" : "3" + (char) ('a' + i);
    }

    /** "Table 3b: latency from the actual send, ...": the title of the summary's table of {@code d}. */
    public static String tableTitle(Definition d) {
        return "Table " + table(d) + ": latency " + said(d, Form.TABLE);
    }

    /** "intended and actual", "intended, actual and in-queue": the labels of {@code definitions}. */
    public static String labels(List<Definition> definitions) {
        return RunWords.list(definitions.stream().map(DefinitionWords::label).collect(Collectors.toList()));
    }

    private static String joined(List<Definition> definitions, String between, String separator, Form form) {
        return definitions.stream().map(d -> label(d) + between + said(d, form))
                .collect(Collectors.joining(separator));
    }

    private static String said(Definition d, Form form) {
        return SAID.get(d)[form.ordinal()];
    }

    private enum Form {
        DESCRIPTION, STORED, SCREEN, BRIEF, METHOD, TABLE
    }
}
