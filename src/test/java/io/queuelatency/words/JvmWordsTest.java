package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** Table 1's compiler is the one the JVM's options leave running, not the one its distribution ships. */
class JvmWordsTest {
    @Test
    void optionsThatStopTheTiersNameTheCompilerLeft() {
        assertEquals("C2 (HotSpot)", JvmWords.hotspotCompiler(Collections.singletonList("-Xms2g")));
        assertEquals("C1 only (-XX:TieredStopAtLevel=1)",
                JvmWords.hotspotCompiler(Arrays.asList("-Xms2g", "-XX:TieredStopAtLevel=1")));
        assertEquals("C2 (HotSpot)",
                JvmWords.hotspotCompiler(Arrays.asList("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4")));
        assertEquals("the interpreter only (-Xint)", JvmWords.hotspotCompiler(Collections.singletonList("-Xint")));
    }
}
