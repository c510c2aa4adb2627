package io.queuelatency.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** --margin: a practical margin as a percentage, "5%" or "5", to a fraction (0.05); above 0 and below 100. */
public final class Margins implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        String v = value.trim();
        if (v.endsWith("%")) {
            v = v.substring(0, v.length() - 1).trim();
        }
        double percent;
        try {
            percent = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a percentage: write e.g. 5% or 2.5");
        }
        if (!(percent > 0 && percent < 100)) {
            throw new TypeConversionException(
                    String.format(Locale.ROOT, "'%s' is out of range: above 0%% and below 100%%", value));
        }
        return percent / 100;
    }
}
