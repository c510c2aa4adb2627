package io.queuelatency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocCitationTest {
    private static final String DATA = "{\"jvms\": [{\"id\": \"a-25\","
            + " \"p\": [{\"percentile\": \"50\", \"valueNs\": 582},"
            + " {\"percentile\": \"99\", \"valueNs\": 83_800}]},"
            + " {\"id\": \"b-17\", \"p\": [{\"percentile\": \"p50\", \"valueNs\": 787},"
            + " {\"percentile\": \"p99\", \"valueNs\": 2_930_000}]}],"
            + " \"same\": [{\"id\": \"x\", \"v\": 1}, {\"id\": \"x\", \"v\": 2}, {\"n\": 17, \"v\": 3}],"
            + " \"cells\": [{\"latePercent\": 1.0556, \"share\": 0.0229}, {\"latePercent\": 3.4, \"share\": 0.1656}],"
            + " \"env\": {\"CPU model\": 2, \"a/b\": 1000000}, \"name\": \"x\"}";

    @TempDir
    Path dir;

    private String expected(String link) throws IOException {
        Files.write(dir.resolve("s.json"), DATA.replace("_", "").getBytes(StandardCharsets.UTF_8));
        Path doc = dir.resolve("doc.md");
        List<DocCitation> found = DocCitation.in("before " + link + " after");
        assertEquals(1, found.size(), link);
        return found.get(0).expected(doc);
    }

    @Test
    void aLatencyReadsInThreeSignificantDigitsWithItsUnit() throws IOException {
        assertEquals("582 ns", expected("[580 ns](s.json#/jvms/0/p/0/valueNs)"));
        assertEquals("83.8 µs", expected("[83.8 µs](s.json#/jvms/0/p/1/valueNs)"));
    }

    @Test
    void aShareIsAFractionUnlessItsKeySaysPercentAndKeepsTheTextsDecimals() throws IOException {
        assertEquals("2.29%", expected("[2.30%](s.json#/cells/0/share)"));
        assertEquals("17%", expected("[16%](s.json#/cells/1/share)"));
        assertEquals("1.06%", expected("[1.00%](s.json#/cells/0/latePercent)"));
    }

    @Test
    void aWildcardTokenGivesTheRangeOverEveryElement() throws IOException {
        assertEquals("1.06-3.40%", expected("[1.00-3.00%](s.json#/cells/*/latePercent)"));
        assertEquals("582-787 ns", expected("[1-2 ns](s.json#/jvms/*/p/0/valueNs)"));
        assertEquals("83.8 µs - 2.93 ms", expected("[1 µs - 2 ms](s.json#/jvms/*/p/1/valueNs)"));
    }

    @Test
    void countsAreGroupedAndPointersAreDecodedAsRfc6901Says() throws IOException {
        assertEquals("2", expected("[2](s.json#/env/CPU%20model)"));
        assertEquals("1,000,000", expected("[1](s.json#/env/a~1b)"));
    }

    @Test
    void aPointerToNothingOrToTextIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> expected("[1](s.json#/jvms/7/p/0/valueNs)"));
        assertThrows(IllegalArgumentException.class, () -> expected("[1](s.json#/name)"));
        assertThrows(IllegalArgumentException.class, () -> expected("[many](s.json#/env/a~1b)"));
    }

    @Test
    void aSelectorPicksTheOneElementWhoseFieldIsTheValue() throws IOException {
        assertEquals("787 ns", expected("[1 ns](s.json#/jvms/id=b-17/p/percentile=p50/valueNs)"));
        assertEquals("2.93 ms", expected("[1 ms](s.json#/jvms/id=b-17/p/percentile=p99/valueNs)"));
        assertEquals("3", expected("[1](s.json#/same/n=17/v)"));
    }

    @Test
    void aPercentileSelectorInTheNewSpellingAlsoReadsTheOldOne() throws IOException {
        assertEquals("582 ns", expected("[1 ns](s.json#/jvms/id=a-25/p/percentile=p50/valueNs)"));
        assertEquals("83.8 µs", expected("[1 µs](s.json#/jvms/id=a-25/p/percentile=99/valueNs)"));
        assertEquals("582-787 ns", expected("[1-2 ns](s.json#/jvms/*/p/percentile=p50/valueNs)"));
        assertThrows(IllegalArgumentException.class,
                () -> expected("[1](s.json#/jvms/id=b-17/p/percentile=99/valueNs)"));
    }

    @Test
    void aSelectorThatMatchesNoElementOrSeveralIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> expected("[1 ns](s.json#/jvms/id=c-8/p/0/valueNs)"));
        assertThrows(IllegalArgumentException.class, () -> expected("[1](s.json#/same/id=x/v)"));
        assertThrows(IllegalArgumentException.class, () -> expected("[1](s.json#/same/n=18/v)"));
        assertThrows(IllegalArgumentException.class, () -> expected("[1 ns](s.json#/jvms/*/p/percentile=p90/valueNs)"));
    }
}
