package io.queuelatency.result;

/**
 * The three one-way latencies of every message, all ending at the consumer's {@code System.nanoTime()} read as
 * soon as the queue shows it the message:
 * <pre>
 * intended: scheduled send time ─────────────────────────► receipt   (coordinated omission corrected: the headline)
 * actual:        producer's nanoTime(), then the write call ─► receipt   (the article's definition)
 * in-queue:                  write opened, then nanoTime() ─► receipt   (the queue's transit without opening the write)
 * </pre>
 * {@link #id} is the name in every stored file (result.json keys, latency.hlog tags, .hgrm file names, CSV columns);
 * nothing else spells it. Results of schemas 1 to 3 store two: their "actual" is the clock read inside the write, so it
 * is read back as {@link #IN_QUEUE} ({@link #storedUnder}), never as the article's.
 */
public enum Definition {
    INTENDED("intended", 16),
    ACTUAL("actual", 24),
    IN_QUEUE("inQueue", 32);

    /** The name in stored files. */
    public final String id;
    /** The smallest message that carries this definition's send time (the layout is measure's MessageLayout). */
    public final int smallestMessageBytes;

    /** The first result.json schema that stores three definitions. */
    public static final int THREE_DEFINITIONS_SCHEMA = 4;
    /** The definition every result leads with: coordinated omission corrected. */
    public static final Definition HEADLINE = INTENDED;

    Definition(String id, int smallestMessageBytes) {
        this.id = id;
        this.smallestMessageBytes = smallestMessageBytes;
    }

    /** The latency.hlog tag of this definition's measured-window intervals. */
    public String tag() {
        return id;
    }

    /** The latency.hlog tag of this definition's warm-up intervals. */
    public String warmupTag() {
        return "warmup-" + id;
    }

    /**
     * The key (result.json) and tag (latency.hlog) this definition is stored under in a result of {@code schema}; null
     * where that schema does not store it. Schemas 1 to 3 store the producer's one clock read, inside the write, as
     * "actual": that is the in-queue latency, and the article's is not in them.
     */
    public String storedUnder(int schema) {
        if (schema >= THREE_DEFINITIONS_SCHEMA) {
            return id;
        }
        switch (this) {
            case INTENDED:
                return "intended";
            case IN_QUEUE:
                return "actual";
            default:
                return null;
        }
    }

    /** The definition stored under {@code id}, or null. */
    public static Definition byId(String id) {
        for (Definition d : values()) {
            if (d.id.equals(id)) {
                return d;
            }
        }
        return null;
    }
}
