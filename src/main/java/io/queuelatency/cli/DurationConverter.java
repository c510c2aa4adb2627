package io.queuelatency.cli;

import io.queuelatency.text.Durations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** An option's duration: {@link Durations}' forms, a wrong one a usage error naming the forms. */
public final class DurationConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Durations.parseNanos(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
