package io.queuelatency.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** Table 1's compiler is the one the JVM's options leave running, not the one its distribution ships. */
class JvmWordsTest {
    @Test
    void optionsThatStopTheTiersNameTheCompilerLeft() {
        String c2 = JvmWords.hotspotCompiler(Collections.singletonList("-Xms2g"));
        assertTrue(c2.startsWith("C2 ") && !c2.contains("-X"), "no option stops the tiers: " + c2);
        String c1 = JvmWords.hotspotCompiler(Arrays.asList("-Xms2g", "-XX:TieredStopAtLevel=1"));
        assertTrue(c1.startsWith("C1 ") && c1.endsWith("(-XX:TieredStopAtLevel=1)"), "the option named: " + c1);
        assertEquals(c2, JvmWords.hotspotCompiler(Arrays.asList("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4")),
                "the last option counts");
        String interpreter = JvmWords.hotspotCompiler(Collections.singletonList("-Xint"));
        assertTrue(!interpreter.contains("C1") && !interpreter.contains("C2") && interpreter.endsWith("(-Xint)"),
                "no compiler, the option named: " + interpreter);
    }
}
