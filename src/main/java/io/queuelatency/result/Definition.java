package io.queuelatency.result;

/**
 * The one-way latencies of every message, the first three ending at the consumer's {@code System.nanoTime()} read as
 * soon as the queue shows it the message, the fourth once the workload has handled it:
 * <pre>
 * intended: scheduled send time ─────────────────────────► receipt   (coordinated omission corrected: the headline)
 * actual:        producer's nanoTime(), then the write call ─► receipt   (the article's definition)
 * in-queue:     write opened, body filled, then nanoTime() ─► receipt   (the queue's transit)
 * handled:  scheduled send time ─────────────────────────► receipt, handling ─► nanoTime()   (the whole path)
 * </pre>
 * {@link #id} is the name in every stored file (result.json keys, latency.hlog tags, .hgrm file names, CSV columns);
 * nothing else spells it. Results of schemas 1 to 3 store two: their "actual" is the clock read inside the write, so it
 * is read back as {@link #IN_QUEUE} ({@link #storedUnder}), never as the article's.
 */
public enum Definition {
    INTENDED("intended", 16, false),
    ACTUAL("actual", 24, false),
    IN_QUEUE("inQueue", 32, false),
    HANDLED("handled", 16, true);

    /** The name in stored files. */
    public final String id;
    /** The smallest message that carries this definition's send time (the layout is measure's MessageLayout). */
    public final int smallestMessageBytes;
    /** Measured and stored only with a workload of the user's or a built-in one besides the default copy. */
    public final boolean withWorkloadOnly;

    /** The first result.json schema that stores three definitions. */
    public static final int THREE_DEFINITIONS_SCHEMA = 4;
    /** The first result.json schema that stores the handled latency (a workload in the path). */
    public static final int HANDLED_SCHEMA = 7;
    /** The definition every result leads with: coordinated omission corrected. */
    public static final Definition HEADLINE = INTENDED;

    Definition(String id, int smallestMessageBytes, boolean withWorkloadOnly) {
        this.id = id;
        this.smallestMessageBytes = smallestMessageBytes;
        this.withWorkloadOnly = withWorkloadOnly;
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
        if (this == HANDLED) {
            return schema >= HANDLED_SCHEMA ? id : null;
        }
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

    /** The definitions a run measures (those its messages have room for): all but HANDLED without a workload. */
    public static java.util.List<Definition> of(boolean workloadInPath) {
        java.util.List<Definition> all = new java.util.ArrayList<>();
        for (Definition d : values()) {
            if (workloadInPath || !d.withWorkloadOnly) {
                all.add(d);
            }
        }
        return all;
    }

    /** The definition stored under {@code id}, or null. */
    public static Definition byId(String id) {
        return Ids.byId(values(), d -> d.id, id);
    }
}
