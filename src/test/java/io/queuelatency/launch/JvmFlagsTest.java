package io.queuelatency.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.queuelatency.exit.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmFlagsTest {
    @Test
    void java8GetsNoModuleFlags() {
        List<String> flags = JvmFlags.forMajor(8);
        assertTrue(flags.contains("-Dchronicle.analytics.disable=true"));
        assertFalse(flags.stream().anyMatch(f -> f.startsWith("--")), flags.toString());
    }

    @Test
    void java17GetsChroniclesModuleAccessButNotNativeAccess() {
        List<String> flags = JvmFlags.forMajor(17);
        assertTrue(flags.contains("--add-opens=java.base/java.lang=ALL-UNNAMED"));
        assertTrue(flags.contains("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"));
        assertFalse(flags.contains("--enable-native-access=ALL-UNNAMED"));
    }

    @Test
    void java24AndLaterAlsoGetNativeAndUnsafeMemoryAccess() {
        for (int major : new int[] {24, 25}) {
            List<String> flags = JvmFlags.forMajor(major);
            assertTrue(flags.contains("--enable-native-access=ALL-UNNAMED"));
            assertTrue(flags.contains("--sun-misc-unsafe-memory-access=allow"));
        }
    }

    @Test
    void everyModuleFlagIsInTheOptEqualsValueForm() {
        for (String flag : JvmFlags.forMajor(25)) {
            assertTrue(!flag.startsWith("--") || flag.contains("="),
                    flag + ": Java 8 would read '--opt value' as a class");
        }
    }

    @Test
    void theHeapIsTwoGibibytesHalfYoungUnlessTheHeapPropertySaysOtherwise() {
        String given = System.clearProperty(JvmFlags.HEAP_PROPERTY);
        try {
            assertEquals(Arrays.asList("-Xms2g", "-Xmx2g", "-Xmn1g", "-XX:+AlwaysPreTouch"),
                    JvmFlags.forMajor(17).subList(1, 5));
            assertEquals((2L << 30) + (512L << 20), JvmFlags.measuredJvmBytes());
            System.setProperty(JvmFlags.HEAP_PROPERTY, "256m");
            assertEquals(Arrays.asList("-Xms256m", "-Xmx256m", "-Xmn128m", "-XX:+AlwaysPreTouch"),
                    JvmFlags.forMajor(8).subList(1, 5));
            assertEquals(768L << 20, JvmFlags.measuredJvmBytes());
            System.setProperty(JvmFlags.HEAP_PROPERTY, "3g");
            assertEquals("-Xmn1536m", JvmFlags.forMajor(21).get(3));
            for (String bad : new String[] {"128m", "65g", "2gb", "2 g", "0g", "-1g", "two"}) {
                System.setProperty(JvmFlags.HEAP_PROPERTY, bad);
                assertThrows(BadInputException.class, () -> JvmFlags.forMajor(17), bad);
            }
        } finally {
            if (given == null) {
                System.clearProperty(JvmFlags.HEAP_PROPERTY);
            } else {
                System.setProperty(JvmFlags.HEAP_PROPERTY, given);
            }
        }
    }

    @Test
    void missingFlagsAreNamed() {
        assertEquals(JvmFlags.MODULE_ACCESS, JvmFlags.missingForChronicle(17, new ArrayList<>()));
        assertTrue(JvmFlags.missingForChronicle(11, new ArrayList<>()).isEmpty());
        assertTrue(JvmFlags.missingForChronicle(21, JvmFlags.forMajor(21)).isEmpty());
    }
}
