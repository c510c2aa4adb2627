package io.queuelatency.words;

import io.queuelatency.result.Definition;

/**
 * The three latency definitions in words: the name in tables and sentences, the one-line description result.json
 * stores beside each definition's numbers, and what every result says was timed, from where to where.
 */
public final class DefinitionWords {
    /** The clock of every latency. */
    public static final String CLOCK = "System.nanoTime(), one JVM, read on both threads";
    /** Where each definition's latency starts. */
    public static final String FROM = "intended: the send time the producer's fixed schedule gave the message; "
            + "actual: System.nanoTime() read by the producer immediately before the queue's write call (the "
            + "article's definition); in-queue: System.nanoTime() read by the producer inside the queue write, "
            + "once the queue opened it, before the payload";
    /** Where every latency ends. */
    public static final String TO = "System.nanoTime() read by the consumer as soon as the queue shows it the "
            + "message, before any check";

    private DefinitionWords() {
    }

    /** "intended", "actual", "in-queue": the name in tables and sentences; the first two as they are stored. */
    public static String label(Definition d) {
        return d == Definition.IN_QUEUE ? "in-queue" : d.id;
    }

    /** From where to where this definition's latency runs, in one line. */
    public static String description(Definition d) {
        switch (d) {
            case INTENDED:
                return "from the intended (scheduled) send time to receipt";
            case ACTUAL:
                return "from the producer's clock read immediately before the queue's write call to receipt "
                        + "(the article's definition)";
            default:
                return "from the producer's clock read inside the queue write, once the queue opened it, "
                        + "to receipt (the queue's own transit, without opening the write)";
        }
    }
}
