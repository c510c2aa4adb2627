package io.queuelatency.result;

import java.util.Locale;

/** The names result.json gives enum constants. */
final class Ids {
    private Ids() {
    }

    /** "producerStall" for PRODUCER_STALL: lower camel case of the constant's name. */
    static String camel(Enum<?> e) {
        String[] parts = e.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return b.toString();
    }
}
