package io.queuelatency.result;

/**
 * The two one-way latencies of every message, both ending at the consumer's {@code System.nanoTime()} read as
 * soon as the queue shows it the message:
 * <pre>
 *   intended: scheduled send time ──────────────► receipt   (coordinated omission corrected: the headline)
 *   actual:             producer's nanoTime() ──► receipt   (inside the queue write: the article's definition)
 * </pre>
 * {@link #id} is the name in every stored file (result.json keys, latency.hlog tags, .hgrm file names, CSV
 * columns); nothing else spells it.
 */
public enum Definition {
    INTENDED("intended", "from the intended (scheduled) send time to receipt"),
    ACTUAL("actual", "from the actual send (inside the queue write) to receipt");

    /** The name in stored files. */
    public final String id;
    public final String description;

    Definition(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The latency.hlog tag of this definition's measured-window intervals. */
    public String tag() {
        return id;
    }

    /** The latency.hlog tag of this definition's warm-up intervals. */
    public String warmupTag() {
        return "warmup-" + id;
    }

    /** The .hgrm file of the measured window. */
    public String hgrmFile() {
        return id + ".hgrm";
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
