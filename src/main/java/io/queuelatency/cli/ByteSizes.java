package io.queuelatency.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Byte counts: 65536, 64k, 64m, 1g (binary multiples). */
public final class ByteSizes implements ITypeConverter<Long> {
    private static final Pattern FORM = Pattern.compile("(\\d{1,12})([kmg]?)(i?b)?");

    @Override
    public Long convert(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + text + "' is not a size: write e.g. 65536, 64k, 64m or 1g");
        }
        int power = m.group(2).isEmpty() ? 0 : "kmg".indexOf(m.group(2)) + 1; // of 1024
        return Long.parseLong(m.group(1)) << (10 * power);
    }

    /** The way a person would write {@code bytes}: "16g", "64m", "64k", "1000". */
    public static String format(long bytes) {
        return bytes % (1L << 30) == 0 && bytes > 0 ? (bytes >> 30) + "g" : bytes % (1L << 20) == 0 && bytes > 0
                ? (bytes >> 20) + "m"
                : bytes % 1024 == 0 && bytes > 0 ? (bytes >> 10) + "k" : Long.toString(bytes);
    }
}
