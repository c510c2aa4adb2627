package io.queuelatency.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class ByteSizesTest {
    @Test
    void binaryMultiples() {
        assertEquals(65_536, new ByteSizes().convert("65536"));
        assertEquals(64L << 10, new ByteSizes().convert("64k"));
        assertEquals(64L << 20, new ByteSizes().convert("64m"));
        assertEquals(64L << 20, new ByteSizes().convert("64MiB"));
        assertEquals(1L << 30, new ByteSizes().convert("1g"));
    }

    @Test
    void refusesWhatIsNotASize() {
        for (String bad : new String[] {"big", "1t", "-1", "1.5m"}) {
            assertThrows(TypeConversionException.class, () -> new ByteSizes().convert(bad), bad);
        }
    }
}
