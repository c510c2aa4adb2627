package io.queuelatency.result;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A typed fact of a run: its kind and the numbers that make it, one small subtype per kind ({@link Reason},
 * {@link Warning}). Two are equal when kind and numbers are; the words are words/'s.
 */
public abstract class KindAndNumbers<K extends Enum<K>> {
    public final K kind;
    /** The kind's numbers, in order: what two facts of one kind are compared by. */
    private final List<Object> numbers;

    KindAndNumbers(K kind, Object... numbers) {
        this.kind = kind;
        this.numbers = Arrays.asList(numbers);
    }

    /** Those of {@code facts} of one kind, in their order. */
    static <K extends Enum<K>, T extends KindAndNumbers<K>> List<T> ofKind(List<T> facts, K kind) {
        return facts.stream().filter(f -> f.kind == kind).collect(Collectors.toList());
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof KindAndNumbers && ((KindAndNumbers<?>) o).kind == kind
                && ((KindAndNumbers<?>) o).numbers.equals(numbers);
    }

    @Override
    public final int hashCode() {
        return kind.hashCode() * 31 + numbers.hashCode();
    }

    /** "RATE_NOT_HELD[99000.0, 100000, 1.0]": kind and numbers, for a test's message (the words are words/'s). */
    @Override
    public final String toString() {
        return kind + numbers.toString();
    }
}
