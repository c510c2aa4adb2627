package io.queuelatency.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class ByteSizesTest {
    @Test
    void binaryMultiples() {
        assertEquals(65_536, ByteSizes.parse("65536"));
        assertEquals(64L << 10, ByteSizes.parse("64k"));
        assertEquals(64L << 20, ByteSizes.parse("64m"));
        assertEquals(64L << 20, ByteSizes.parse("64MiB"));
        assertEquals(1L << 30, ByteSizes.parse("1g"));
    }

    @Test
    void refusesWhatIsNotASize() {
        for (String bad : new String[] {"big", "1t", "-1", "1.5m"}) {
            assertThrows(TypeConversionException.class, () -> ByteSizes.parse(bad), bad);
        }
    }
}
