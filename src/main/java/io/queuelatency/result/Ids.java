package io.queuelatency.result;

import java.util.Locale;
import java.util.function.Function;

/** The names result.json gives enum constants, and the constants by them. */
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

    /** The one of {@code values} whose id is {@code id}; null for none. */
    static <E> E byId(E[] values, Function<E, String> idOf, String id) {
        for (E e : values) {
            if (idOf.apply(e).equals(id)) {
                return e;
            }
        }
        return null;
    }
}
