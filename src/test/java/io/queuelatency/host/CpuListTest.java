package io.queuelatency.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CpuListTest {
    @Test
    void parsesTheKernelsFormat() {
        assertEquals(Arrays.asList(0, 1, 2, 3, 8, 10, 11), CpuList.parse("0-3,8,10-11\n"));
        assertEquals(Arrays.asList(2, 4), CpuList.parse("2,4"));
        assertTrue(CpuList.parse("\n").isEmpty());
        assertTrue(CpuList.parse(null).isEmpty());
    }

    @Test
    void formatsCompactly() {
        assertEquals("0-3,8,10-11", CpuList.format(Arrays.asList(0, 1, 2, 3, 8, 10, 11)));
        assertEquals("", CpuList.format(Arrays.asList()));
    }

    @Test
    void refusesGarbage() {
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0-x"));
    }
}
